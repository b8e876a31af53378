// Security checklist: registration and the profile. An attacker registers or edits their
// profile with a body that asks for more than a user may have — the admin role, an id,
// a token generation, a password hash — or re-registers someone else's email in another
// spelling to take the account over. (Passwords of spaces and unchanged passwords:
// accounts.int.test.ts; registration limits: rateLimits.int.test.ts.)
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentals/api/auth/model';
import { call } from './testing/attacker.ts';
import { testWebServerWithUsers } from './testing/webServer.ts';

type Auth = {
  token: string;
  user: {
    _id: string;
    email: string;
    role: string;
    name: string;
    emailVerified: boolean;
    language: string;
  };
};

const s = testWebServerWithUsers({}, { trustProxyHops: 1 });
beforeAll(async () => {
  // Behind one trusted proxy, so that each registration can come from its own address
  // and the per-address registration limit stays out of these tests.
});

let address = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `192.0.2.${++address}` });

const newEmail = () => `reg-${randomUUID()}@example.in`;
const register = (body: Record<string, unknown>) =>
  call<Auth & { errors?: unknown[] }>(s.web.base, 'POST', '/api/auth/register', {
    json: {
      name: 'Ravi Kumar',
      email: newEmail(),
      password: 'a-good-password',
      phone: '9876543210',
      ...body,
    },
    headers: fromNewAddress(),
  });
const login = (email: string, password: string) =>
  call<Auth>(s.web.base, 'POST', '/api/auth/login', {
    json: { email, password },
    headers: fromNewAddress(),
  });
const stored = async (email: string) => {
  const [row] = await s.web.t.db.sql<
    { id: string; role: string; token_generation: number; created_at: Date; name: string }[]
  >`SELECT id, role, token_generation, created_at, name FROM users WHERE email = ${email.trim().toLowerCase()}`;
  return row;
};

describe('asking for the admin role at registration', () => {
  it.each<[string, unknown]>([
    ['admin', 'admin'],
    ['Admin', 'Admin'],
    ['ADMIN', 'ADMIN'],
    ['admin with spaces', ' admin '],
    ['admin with a NUL', 'admin\u0000'],
    ['a list', ['admin']],
    ['an operator object', { $eq: 'admin' }],
    ['superuser', 'superuser'],
    ['a number', 0],
  ])('%s: 400 with the role message, and no account', async (_, role) => {
    const email = newEmail();
    const res = await register({ email, role });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'role', msg: MESSAGES.role }]);
    expect(await stored(email)).toBeUndefined();
  });
});

describe('fields only the server sets, sent at registration', () => {
  it('are ignored: own id, default role, generation 0, a fresh date, and the password given is the one that works', async () => {
    const email = newEmail();
    const res = await register({
      email,
      _id: 'chosen-id',
      id: 'chosen-id',
      isAdmin: true,
      isVerified: true,
      tokenGeneration: -1,
      token_generation: -1,
      passwordHash: 'x',
      password_hash: 'x',
      createdAt: '2001-01-01T00:00:00.000Z',
      created_at: '2001-01-01T00:00:00.000Z',
      emailVerified: true,
      email_verified_at: '2001-01-01T00:00:00.000Z',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.emailVerified).toBe(false);
    expect(res.body.user.role).toBe('homeowner');
    expect(res.body.user.language).toBe('en');
    expect(Object.keys(res.body.user).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'email',
        'emailVerified',
        'language',
        'name',
        'phone',
        'push',
        'role',
      ].sort(),
    );
    const row = (await stored(email))!;
    expect(row.id).not.toBe('chosen-id');
    expect(row.role).toBe('homeowner');
    expect(row.token_generation).toBe(0);
    expect(row.created_at.getFullYear()).toBeGreaterThan(2020);
    expect((await login(email, 'a-good-password')).status).toBe(200);
  });
});

describe('the language given at registration', () => {
  it('is one of English, Hindi and Kannada, or a 400 and no account', async () => {
    for (const language of ["hi'; DROP TABLE users--", 'HI', ['kn'], { $ne: 'en' }]) {
      const email = newEmail();
      const res = await register({ email, language });
      expect(res.status, JSON.stringify(language)).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'language', msg: 'Please choose English, Hindi or Kannada' },
      ]);
      expect(await stored(email)).toBeUndefined();
    }
    const res = await register({ email: newEmail(), language: 'kn' });
    expect(res.status).toBe(201);
    expect(res.body.user.language).toBe('kn');
  });
});

describe('taking over an account by registering its email again', () => {
  const taken = { status: 409, body: { message: MESSAGES.emailTaken } };
  const invalid = {
    status: 400,
    body: { message: 'Validation failed', errors: [{ path: 'email', msg: MESSAGES.email }] },
  };
  it.each<[string, (email: string) => string, object]>([
    ['the same email', (e) => e, taken],
    ['in capitals', (e) => e.toUpperCase(), taken],
    ['with a mixed-case domain', (e) => e.replace('@example.in', '@Example.IN'), taken],
    ['with spaces around it', (e) => `  ${e}  `, invalid],
  ])(
    '%s: refused, and the owner keeps their name, password and sessions',
    async (_, spell, answer) => {
      const email = newEmail();
      const owner = await register({ email, name: 'Real Owner' });
      expect(owner.status).toBe(201);
      const res = await register({
        email: spell(email),
        name: 'Attacker',
        password: 'attacker-pass',
      });
      expect(res).toMatchObject(answer);
      expect((await stored(email))!.name).toBe('Real Owner');
      expect((await login(email, 'a-good-password')).status).toBe(200);
      expect((await login(email, 'attacker-pass')).status).toBe(401);
      expect(
        (await call(s.web.base, 'GET', '/api/auth/me', { token: owner.body.token })).status,
      ).toBe(200);
    },
  );
});

describe('escalating through the profile', () => {
  it('a profile body with role, email, id, generation and password changes only the name and phone', async () => {
    const email = newEmail();
    const { body } = await register({ email, role: 'tenant' });
    const res = await call<Auth>(s.web.base, 'PUT', '/api/auth/profile', {
      token: body.token,
      json: {
        name: 'New Name',
        phone: '9123456780',
        role: 'admin',
        email: 'admin@demo.rentals.in',
        _id: 'someone-else',
        id: 'someone-else',
        tokenGeneration: 99,
        password: 'changed-without-the-old-one',
        createdAt: '2001-01-01T00:00:00.000Z',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'New Name', role: 'tenant', email });
    const row = (await stored(email))!;
    expect(row.role).toBe('tenant');
    expect(row.id).toBe(body.user._id);
    // The token (generation 0) still works, and the password did not change.
    expect((await call(s.web.base, 'GET', '/api/auth/me', { token: body.token })).status).toBe(200);
    expect((await login(email, 'changed-without-the-old-one')).status).toBe(401);
    expect((await login(email, 'a-good-password')).status).toBe(200);
    // An owner-only route still refuses this tenant.
    expect(
      (await call(s.web.base, 'GET', '/api/properties/my-properties', { token: body.token }))
        .status,
    ).toBe(403);
  });

  it('a tenant cannot become an owner by registering again with the owner role', async () => {
    const email = newEmail();
    const tenant = await register({ email, role: 'tenant' });
    const again = await register({ email, role: 'homeowner' });
    expect(again.status).toBe(409);
    expect((await stored(email))!.role).toBe('tenant');
    expect(
      (await call(s.web.base, 'GET', '/api/properties/my-properties', { token: tenant.body.token }))
        .status,
    ).toBe(403);
  });
});

describe('passwords are compared whole', () => {
  it('a long password is not cut short: its first 72 bytes do not sign in (no bcrypt-style truncation)', async () => {
    const email = newEmail();
    const password = `${'x'.repeat(72)}-the-rest-of-a-long-passphrase`;
    expect((await register({ email, password })).status).toBe(201);
    expect((await login(email, password.slice(0, 72))).status).toBe(401);
    expect((await login(email, `${password.slice(0, 72)}-something-else-entirely`)).status).toBe(
      401,
    );
    expect((await login(email, password)).status).toBe(200);
  });

  it('a password past 128 characters is refused before it is hashed, at registration and login', async () => {
    const email = newEmail();
    const long = 'p'.repeat(100_000);
    const res = await register({ email, password: long });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'password', msg: MESSAGES.passwordTooLong }]);
    const attempt = await login(email, long);
    expect(attempt.status).toBe(400);
  });
});
