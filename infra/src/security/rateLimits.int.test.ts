// Security checklist: rate limits on the account routes that answer "is this right?".
// Attacks: guessing a password through change-password with a stolen token;
// listing who has an account through register's "email taken" answer.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_LIMIT,
  LIMIT_MESSAGES,
  REGISTER_LIMIT,
} from '@rentals/api/auth/attemptLimits';
import { MESSAGES } from '@rentals/api/auth/model';
import { testApp, testAppWithUsers, TEST_CLIENT_IP_HEADER } from '@rentals/testing/testApp';

const s = testAppWithUsers({});

// Each test uses its own addresses, so their attempts never meet.
let nextAddress = 0;
const newAddress = () => `198.51.100.${++nextAddress}`;

type Answer = { message?: string; token?: string; errors?: { path: string; msg: string }[] };

const changePassword = (token: string, currentPassword: string, address: string) =>
  s.t.request<Answer>('POST', '/api/auth/change-password', {
    token,
    json: { currentPassword, newPassword: `new-${randomUUID()}` },
    headers: { [TEST_CLIENT_IP_HEADER]: address },
  });

const retryAfterOf = (response: { headers: Headers }) =>
  Number(response.headers.get('retry-after'));

describe('change-password: guessing the current password with a token', () => {
  it('answers 429 with Retry-After after 5 wrong passwords, even for the right one', async () => {
    const victim = await s.t.registerUser('tenant');
    const attacker = newAddress();
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.perSubject; i++)
      expect(await changePassword(victim.token, `guess-${i}`, attacker)).toMatchObject({
        status: 400,
        body: { errors: [{ path: 'currentPassword', msg: MESSAGES.currentPasswordWrong }] },
      });

    const blocked = await changePassword(victim.token, victim.password, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: LIMIT_MESSAGES.changePassword });
    expect(retryAfterOf(blocked)).toBeGreaterThan(0);
    expect(retryAfterOf(blocked)).toBeLessThanOrEqual(CHANGE_PASSWORD_LIMIT.windowMs / 1000);
    // The password did not change: the old one still signs in.
    const login = await s.t.request('POST', '/api/auth/login', {
      json: { email: victim.email, password: victim.password },
      headers: { [TEST_CLIENT_IP_HEADER]: newAddress() },
    });
    expect(login.status).toBe(200);
  });

  it('the issue’s 25 guesses: at most 5 reach the password check', async () => {
    const victim = await s.t.registerUser('homeowner');
    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await changePassword(victim.token, `guess-${i}`, attacker)).status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(CHANGE_PASSWORD_LIMIT.perSubject);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - CHANGE_PASSWORD_LIMIT.perSubject);
  });

  it('lets at most 5 of a burst of simultaneous guesses through', async () => {
    const victim = await s.t.registerUser('tenant');
    const attacker = newAddress();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        changePassword(victim.token, `guess-${i}`, attacker).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(
      CHANGE_PASSWORD_LIMIT.perSubject,
    );
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });

  it('never blocks the owner on another address', async () => {
    const victim = await s.t.registerUser('broker');
    const attacker = newAddress();
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.perSubject; i++)
      await changePassword(victim.token, `guess-${i}`, attacker);
    expect((await changePassword(victim.token, victim.password, attacker)).status).toBe(429);

    const ownersToken = await s.t.newToken(victim.user._id);
    const owner = await changePassword(ownersToken, victim.password, newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String) as unknown);
  });

  it('blocks an address that guesses for many accounts', async () => {
    const attacker = newAddress();
    let guesses = 0;
    while (guesses < CHANGE_PASSWORD_LIMIT.perAddress) {
      const { token } = await s.t.registerUser('tenant');
      for (let i = 0; i < 4 && guesses < CHANGE_PASSWORD_LIMIT.perAddress; i++, guesses++)
        expect((await changePassword(token, `guess-${i}`, attacker)).status).toBe(400);
    }
    const fresh = await s.t.registerUser('tenant');
    expect((await changePassword(fresh.token, fresh.password, attacker)).status).toBe(429);
    expect((await changePassword(fresh.token, fresh.password, newAddress())).status).toBe(200);
  });

  it('lifts the block once Retry-After has passed', async () => {
    const victim = await s.t.registerUser('tenant');
    const attacker = newAddress();
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.perSubject; i++)
      await changePassword(victim.token, `guess-${i}`, attacker);
    const blocked = await changePassword(victim.token, victim.password, attacker);
    expect(blocked.status).toBe(429);
    s.t.clock.advance((retryAfterOf(blocked) + 1) * 1000);
    expect((await changePassword(victim.token, victim.password, attacker)).status).toBe(200);
  });
});

describe('register: listing accounts through "email taken"', () => {
  const register = (email: string, address: string) =>
    s.t.request<Answer>('POST', '/api/auth/register', {
      json: { name: 'Probe', email, password: 'probe-pass-1', phone: '9876543210' },
      headers: { [TEST_CLIENT_IP_HEADER]: address },
    });

  it('the issue’s 30 tries: 10 answers an hour per address, then 429 with Retry-After', async () => {
    const existing = await Promise.all(
      Array.from({ length: 30 }, () => s.t.registerUser('tenant').then((u) => u.email)),
    );
    const attacker = newAddress();
    const answers = [];
    for (const email of existing) answers.push(await register(email, attacker));

    const allowed = answers.slice(0, REGISTER_LIMIT.perAddress);
    for (const a of allowed)
      expect(a).toMatchObject({ status: 409, body: { message: MESSAGES.emailTaken } });
    for (const a of answers.slice(REGISTER_LIMIT.perAddress)) {
      expect(a).toMatchObject({ status: 429, body: { message: LIMIT_MESSAGES.register } });
      expect(retryAfterOf(a)).toBeGreaterThan(0);
      expect(retryAfterOf(a)).toBeLessThanOrEqual(REGISTER_LIMIT.windowMs / 1000);
    }
  });

  it('counts successful registrations too, limits only that address, and lifts after Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < REGISTER_LIMIT.perAddress; i++)
      expect((await register(`new-${randomUUID()}@example.test`, address)).status).toBe(201);
    const blocked = await register(`new-${randomUUID()}@example.test`, address);
    expect(blocked.status).toBe(429);
    expect((await register(`new-${randomUUID()}@example.test`, newAddress())).status).toBe(201);

    s.t.clock.advance((retryAfterOf(blocked) + 1) * 1000);
    expect((await register(`new-${randomUUID()}@example.test`, address)).status).toBe(201);
  });

  it('holds across web processes: two apps on one database share the count', async () => {
    const other = await testApp({ deps: { sql: s.t.db.sql, clock: s.t.clock } });
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < REGISTER_LIMIT.perAddress + 2; i++) {
      const app = i % 2 === 0 ? s.t : other;
      const response = await app.request('POST', '/api/auth/register', {
        json: {
          name: 'Probe',
          email: `multi-${randomUUID()}@example.test`,
          password: 'probe-pass-1',
          phone: '9876543210',
        },
        headers: { [TEST_CLIENT_IP_HEADER]: address },
      });
      statuses.push(response.status);
    }
    await other.close();
    expect(statuses.filter((s) => s === 201)).toHaveLength(REGISTER_LIMIT.perAddress);
    expect(statuses.slice(REGISTER_LIMIT.perAddress)).toEqual([429, 429]);
  });
});
