// Security checklist: rate limits, against the real web server, where the client's address
// comes from the socket (TRUST_PROXY_HOPS=0) or from the entry a trusted proxy appended to
// X-Forwarded-For. An attacker guessing passwords forges every address header there is to
// look like many clients; the victim, elsewhere, must still get in. (The limits' own rules
// with a test address: api/src/auth/loginLimit.int.test.ts; change-password and register:
// rateLimits.int.test.ts.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_LIMIT,
  LOGIN_LIMIT,
  REGISTER_LIMIT,
} from '@rentals/api/auth/attemptLimits';
import { MESSAGES } from '@rentals/api/auth/model';
import { call } from './testing/attacker.ts';
import { startTestWebServer, type TestWebServer } from './testing/webServer.ts';

let n = 0;
/** Every header a client may use to claim another address, each with a fresh lie. */
const forgedAddress = () => {
  const ip = `10.${++n % 250}.${Math.floor(n / 250)}.7`;
  return {
    'x-forwarded-for': ip,
    'x-real-ip': ip,
    forwarded: `for=${ip}`,
    'cf-connecting-ip': ip,
    'true-client-ip': ip,
    'x-client-ip': ip,
  };
};

const login = (web: TestWebServer, email: string, password: string, headers = {}) =>
  call<{ token?: string; message?: string }>(web.base, 'POST', '/api/auth/login', {
    json: { email, password },
    headers,
  });

const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

describe('TRUST_PROXY_HOPS=0: forged address headers are not an address', () => {
  let web: TestWebServer;
  beforeAll(async () => {
    web = await startTestWebServer({ trustProxyHops: 0 });
  });
  afterAll(() => web.stop());

  it('5 wrong passwords for one email, each “from” another address and in another spelling of the email, block that email', async () => {
    const victim = await web.t.registerUser('tenant');
    const spellings = [
      victim.email,
      victim.email.toUpperCase(),
      ` ${victim.email} `,
      victim.email.replace(/^./, (c) => c.toUpperCase()),
    ];
    for (let i = 0; i < LOGIN_LIMIT.perSubject; i++) {
      const res = await login(web, spellings[i % spellings.length]!, `guess-${i}`, forgedAddress());
      expect(res.status).toBe(401);
    }
    const blocked = await login(web, victim.email, victim.password, forgedAddress());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyAttempts });
    expect(retryAfter(blocked)).toBeGreaterThan(0);
  });

  it('guessing the current password with a stolen token is limited the same way', async () => {
    const victim = await web.t.registerUser('homeowner');
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.perSubject; i++) {
      const res = await call(web.base, 'POST', '/api/auth/change-password', {
        token: victim.token,
        json: { currentPassword: `guess-${i}`, newPassword: 'a-new-password' },
        headers: forgedAddress(),
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call(web.base, 'POST', '/api/auth/change-password', {
      token: victim.token,
      json: { currentPassword: victim.password, newPassword: 'a-new-password' },
      headers: forgedAddress(),
    });
    expect(blocked.status).toBe(429);
  });

  it('registrations “from” many addresses are counted against the one real address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTER_LIMIT.perAddress; i++)
      statuses.push(
        (
          await call(web.base, 'POST', '/api/auth/register', {
            json: {
              name: 'Probe',
              email: `probe-${randomUUID()}@example.in`,
              password: 'a-good-password',
              phone: '9876543210',
            },
            headers: forgedAddress(),
          })
        ).status,
      );
    expect(statuses).toEqual([...Array<number>(REGISTER_LIMIT.perAddress).fill(201), 429]);
  });
});

describe('TRUST_PROXY_HOPS=1: only the entry the proxy appended counts', () => {
  let web: TestWebServer;
  beforeAll(async () => {
    web = await startTestWebServer({ trustProxyHops: 1 });
  });
  afterAll(() => web.stop());

  /** As the proxy forwards it: whatever the client sent, then the address the proxy saw. */
  const viaProxy = (client: string, forged?: string) => ({
    'x-forwarded-for': forged ? `${forged}, ${client}` : client,
  });

  it('an attacker who prepends forged entries is still one address; the victim elsewhere gets in', async () => {
    const victim = await web.t.registerUser('broker');
    const attacker = '203.0.113.9';
    for (let i = 0; i < LOGIN_LIMIT.perSubject; i++) {
      const forged = `198.51.100.${i}, 192.0.2.${i}`;
      expect(
        (await login(web, victim.email, `guess-${i}`, viaProxy(attacker, forged))).status,
      ).toBe(401);
    }
    const blocked = await login(web, victim.email, victim.password, viaProxy(attacker, '1.1.1.1'));
    expect(blocked.status).toBe(429);
    // The owner, behind the same proxy from their own address, is not blocked.
    const owner = await login(web, victim.email, victim.password, viaProxy('198.51.100.77'));
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String) as unknown);
  });

  it('a stuffing address (20 failures over many emails, each with forged entries) is blocked for every email while other addresses sign in', async () => {
    const stuffer = '203.0.113.50';
    for (let i = 0; i < LOGIN_LIMIT.perAddress; i++)
      await login(web, `s-${randomUUID()}@example.in`, 'pw', viaProxy(stuffer, `10.0.0.${i}`));
    const someone = await web.t.registerUser('tenant');
    expect((await login(web, someone.email, someone.password, viaProxy(stuffer))).status).toBe(429);
    expect(
      (await login(web, someone.email, someone.password, viaProxy('198.51.100.78'))).status,
    ).toBe(200);
  });
});
