import { describe, expect, it } from 'vitest';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER } from '@rentals/testing/testApp';
import { LOGIN_LIMIT } from './attemptLimits.ts';
import { MESSAGES } from './model.ts';

const s = testAppWithUsers({});

// Each test uses its own addresses, so their failures never meet.
let nextAddress = 0;
const newAddress = () => `203.0.113.${++nextAddress}`;

const login = (email: string, password: string, address: string) =>
  s.t.request<{ message?: string; token?: string }>('POST', '/api/auth/login', {
    json: { email, password },
    headers: { [TEST_CLIENT_IP_HEADER]: address },
  });

const failTimes = async (n: number, email: string, address: string) => {
  for (let i = 0; i < n; i++)
    expect((await login(email, 'wrong-password', address)).status).toBe(401);
};

describe('failed logins per email (from one address)', () => {
  it('blocks the email from that address after 5 failures in 15 minutes, with Retry-After, even for the right password', async () => {
    const { email, password } = await s.t.registerUser('tenant');
    const attacker = newAddress();
    await failTimes(LOGIN_LIMIT.perSubject, email, attacker);

    const blocked = await login(email, password, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyAttempts });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMIT.windowMs / 1000);
  });

  it('never blocks the owner, on another address, because of someone else’s failures', async () => {
    const { email, password } = await s.t.registerUser('tenant');
    const attacker = newAddress();
    await failTimes(LOGIN_LIMIT.perSubject, email, attacker);
    expect((await login(email, password, attacker)).status).toBe(429);
    const owner = await login(email, password, newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String) as unknown);
  });

  it('lifts the block once Retry-After has passed, and does not count blocked attempts', async () => {
    const { email, password } = await s.t.registerUser('tenant');
    const address = newAddress();
    await failTimes(LOGIN_LIMIT.perSubject, email, address);
    const blocked = await login(email, 'wrong-password', address);
    expect(blocked.status).toBe(429);
    // Hammering while blocked does not extend the block.
    for (let i = 0; i < 3; i++)
      expect((await login(email, 'wrong-password', address)).status).toBe(429);

    s.t.clock.advance((Number(blocked.headers.get('retry-after')) - 5) * 1000);
    expect((await login(email, password, address)).status).toBe(429);
    s.t.clock.advance(10 * 1000);
    expect((await login(email, password, address)).status).toBe(200);
  });

  it('forgets an address’s failures for an email once it signs in', async () => {
    const { email, password } = await s.t.registerUser('tenant');
    const address = newAddress();
    await failTimes(LOGIN_LIMIT.perSubject - 1, email, address);
    expect((await login(email, password, address)).status).toBe(200);
    await failTimes(LOGIN_LIMIT.perSubject - 1, email, address);
    expect((await login(email, password, address)).status).toBe(200);
  });

  it('counts failures for unknown emails too, case-insensitively', async () => {
    const address = newAddress();
    const email = `ghost-${crypto.randomUUID()}@example.com`;
    await failTimes(LOGIN_LIMIT.perSubject, email, address);
    expect((await login(email.toUpperCase(), 'anything', address)).status).toBe(429);
  });
});

describe('concurrent attempts', () => {
  it('lets at most 5 of a burst of simultaneous guesses reach the password check', async () => {
    const { email } = await s.t.registerUser('tenant');
    const address = newAddress();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(email, `guess-${i}`, address).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMIT.perSubject);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
      12 - LOGIN_LIMIT.perSubject,
    );
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });
});

describe('failed logins per address', () => {
  it('blocks an address that fails 20 times over many emails, for every email, and no other address', async () => {
    const address = newAddress();
    for (let i = 0; i < LOGIN_LIMIT.perAddress; i++)
      expect(
        (await login(`stuffing-${i}-${crypto.randomUUID()}@example.com`, 'pw', address)).status,
      ).toBe(401);

    const victim = await s.t.registerUser('tenant');
    const fromStuffer = await login(victim.email, victim.password, address);
    expect(fromStuffer.status).toBe(429);
    expect(Number(fromStuffer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(victim.email, victim.password, newAddress())).status).toBe(200);
  });
});
