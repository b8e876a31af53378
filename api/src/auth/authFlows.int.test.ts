import { beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../shared/bodyLimit.ts';
import { testAppWithUsers, type TestApp } from '@rentals/testing/testApp';
import { REGISTER_LIMIT } from './attemptLimits.ts';
import { MESSAGES, type UserDocument } from './model.ts';

type Auth = { user: UserDocument; token: string };
type Failure = { message: string; errors?: { path: string; msg: string }[] };

const SESSION_ENDED = 'Your session is invalid or has expired; please log in again';

const s = testAppWithUsers({});
// Every registration here comes from one address: each test starts a fresh registration window
// (the limit itself is tested in infra/src/security/rateLimits.int.test.ts).
beforeEach(() => s.t.clock.advance(REGISTER_LIMIT.windowMs));

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: `asha-${crypto.randomUUID().slice(0, 8)}@Example.com`,
  password: 'secret-pass',
  phone: '9876543210',
  role: 'tenant',
  ...overrides,
});

const register = async (overrides: Record<string, unknown> = {}) => {
  const body = registration(overrides);
  const response = await s.t.request<Auth>('POST', '/api/auth/register', { json: body });
  expect(response.status).toBe(201);
  return { ...response.body, password: body.password, email: body.email };
};

const login = (email: string, password: string) =>
  s.t.request<Auth & Failure>('POST', '/api/auth/login', { json: { email, password } });

const userCount = async () =>
  (await s.t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users`)[0]!.n;

describe('register → me → logout', () => {
  it('registers, answers /me with the same user, and ends the token on logout', async () => {
    const body = registration();
    const registered = await s.t.request<Auth>('POST', '/api/auth/register', { json: body });
    expect(registered.status).toBe(201);
    const { _id, createdAt, ...rest } = registered.body.user;
    expect(rest).toEqual({
      emailVerified: false,
      language: 'en',
      push: { messages: true, alerts: true, ownerNotices: true, quietHours: true },
      name: 'Asha Rao',
      email: body.email.toLowerCase(),
      phone: '9876543210',
      role: 'tenant',
    });
    expect(_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(createdAt).getTime()).not.toBeNaN();
    const { token } = registered.body;

    const me = await s.t.request<{ user: UserDocument }>('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(registered.body.user);

    const out = await s.t.request('POST', '/api/auth/logout', { token });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully' } });

    const after = await s.t.request<Failure>('GET', '/api/auth/me', { token });
    expect(after).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    // Logout ends that token only: signing in again works.
    expect((await login(body.email, body.password)).status).toBe(200);
  });

  it('defaults the role to homeowner and never puts a password or hash in a user document', async () => {
    const body = registration();
    delete (body as Partial<typeof body>).role;
    const registered = await s.t.request<Auth>('POST', '/api/auth/register', { json: body });
    expect(registered.body.user.role).toBe('homeowner');
    const me = await s.t.request<{ user: UserDocument }>('GET', '/api/auth/me', {
      token: registered.body.token,
    });
    const signedIn = await login(body.email, body.password);
    for (const document of [registered.body.user, me.body.user, signedIn.body.user]) {
      expect(Object.keys(document).sort()).toEqual([
        '_id',
        'createdAt',
        'email',
        'emailVerified',
        'language',
        'name',
        'phone',
        'push',
        'role',
      ]);
      expect(JSON.stringify(document)).not.toMatch(/argon2|secret-pass/);
    }
  });

  it('refuses the admin role from the API and stores nothing', async () => {
    const before = await userCount();
    const response = await s.t.request<Failure>('POST', '/api/auth/register', {
      json: registration({ role: 'admin' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'role', msg: MESSAGES.role }]);
    expect(await userCount()).toBe(before);
  });

  it('ignores unknown fields and never stores them', async () => {
    const body = registration({
      _id: 'chosen-id',
      isAdmin: true,
      password_hash: 'x',
      token_generation: 99,
    });
    const registered = await s.t.request<Auth>('POST', '/api/auth/register', { json: body });
    expect(registered.status).toBe(201);
    expect(registered.body.user._id).not.toBe('chosen-id');
    const [row] = await s.t.db.sql<{ gen: number; hash: string }[]>`
      SELECT token_generation AS gen, password_hash AS hash FROM users WHERE id = ${registered.body.user._id}`;
    expect(row!.gen).toBe(0);
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });

  it('treats a taken email as taken whatever its case: 409', async () => {
    const first = await register();
    const response = await s.t.request<Failure>('POST', '/api/auth/register', {
      json: registration({ email: first.email.toUpperCase() }),
    });
    expect(response).toMatchObject({ status: 409, body: { message: MESSAGES.emailTaken } });
  });
});

describe('racing registrations', () => {
  it('lets exactly one of several simultaneous registrations of one email win', async () => {
    const email = `race-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const statuses = await Promise.all(
      ['Race One', 'Race Two', 'Race Three', 'Race Four'].map((name, i) =>
        s.t
          .request('POST', '/api/auth/register', {
            json: registration({ name, email: i % 2 ? email.toUpperCase() : email }),
          })
          .then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
    const [row] = await s.t.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM users WHERE email = ${email}`;
    expect(row!.n).toBe(1);
  });
});

describe('login', () => {
  it('signs in with the email in any case and returns a working token', async () => {
    const account = await register();
    const response = await login(`  ${account.email.toUpperCase()} `, account.password);
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual(account.user);
    expect((await s.t.request('GET', '/api/auth/me', { token: response.body.token })).status).toBe(
      200,
    );
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const account = await register();
    const wrong = await login(account.email, 'not-the-password');
    const unknown = await login(`nobody-${crypto.randomUUID()}@example.com`, 'whatever');
    expect(wrong).toMatchObject({ status: 401, body: { message: MESSAGES.badCredentials } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe('change password', () => {
  it('ends every earlier token, returns a new one, and makes only the new password work', async () => {
    const account = await register();
    const second = (await login(account.email, account.password)).body.token;
    const changed = await s.t.request<{ message: string; token: string }>(
      'POST',
      '/api/auth/change-password',
      {
        token: account.token,
        json: { currentPassword: account.password, newPassword: 'brand-new-pass' },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(MESSAGES.passwordChanged);

    for (const old of [account.token, second])
      expect(await s.t.request('GET', '/api/auth/me', { token: old })).toMatchObject({
        status: 401,
      });
    expect((await s.t.request('GET', '/api/auth/me', { token: changed.body.token })).status).toBe(
      200,
    );
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, 'brand-new-pass')).status).toBe(200);
  });

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const account = await register();
    const response = await s.t.request<Failure>('POST', '/api/auth/change-password', {
      token: account.token,
      json: { currentPassword: 'guess', newPassword: 'brand-new-pass' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'currentPassword', msg: MESSAGES.currentPasswordWrong },
    ]);
    expect((await s.t.request('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(200);
  });
});

describe('profile', () => {
  it('changes name and phone, and ignores email and role', async () => {
    const account = await register();
    const response = await s.t.request<{ user: UserDocument }>('PUT', '/api/auth/profile', {
      token: account.token,
      json: { name: '  Asha R  ', phone: '9123456780', email: 'other@example.com', role: 'admin' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({ ...account.user, name: 'Asha R', phone: '9123456780' });
    const me = await s.t.request<{ user: UserDocument }>('GET', '/api/auth/me', {
      token: account.token,
    });
    expect(me.body.user).toEqual(response.body.user);
  });

  it('keeps fields that are not sent', async () => {
    const account = await register();
    const response = await s.t.request<{ user: UserDocument }>('PUT', '/api/auth/profile', {
      token: account.token,
      json: { phone: '9000000001' },
    });
    expect(response.body.user).toEqual({ ...account.user, phone: '9000000001' });
  });
});

describe('bad input gets a clear 4xx and changes nothing', () => {
  /** POSTs `body` as it is, with `type` as its Content-Type. */
  const post = (path: string, body: string, type: string) =>
    s.t.request('POST', path, { body, headers: { 'content-type': type } });
  const cases: [string, () => ReturnType<TestApp['request']>, number, string][] = [
    [
      'malformed JSON',
      () => post('/api/auth/register', '{"name": "Asha', 'application/json'),
      400,
      'The request body could not be parsed; send valid JSON or multipart form data',
    ],
    [
      'a form body',
      () =>
        post('/api/auth/register', 'name=Asha&email=a%40b.in', 'application/x-www-form-urlencoded'),
      415,
      'Send the request body as JSON (Content-Type: application/json)',
    ],
    [
      'a text body',
      () => post('/api/auth/login', 'hello', 'text/plain'),
      415,
      'Send the request body as JSON (Content-Type: application/json)',
    ],
    [
      'an oversized body',
      () =>
        s.t.request('POST', '/api/auth/register', {
          json: registration({ name: 'A'.repeat(JSON_BODY_LIMIT) }),
        }),
      413,
      'Request body too large; the limit is 256 KB',
    ],
    [
      'an Authorization header that is not a bearer token',
      () =>
        s.t.request('PUT', '/api/auth/profile', {
          json: { name: 'Zed' },
          headers: { authorization: 'Basic YTpi' },
        }),
      401,
      "The Authorization header must be 'Bearer <token>'",
    ],
    [
      'a bearer token that is not a JWT',
      () => s.t.request('GET', '/api/auth/me', { token: 'abc.def' }),
      401,
      SESSION_ENDED,
    ],
    [
      'an empty body where one is required',
      () =>
        s.t.request('POST', '/api/auth/register', {
          headers: { 'content-type': 'application/json' },
        }),
      400,
      'Validation failed',
    ],
  ];

  it.each(cases)('%s', async (_name, send, status, message) => {
    const users = await s.t.db
      .sql`SELECT id, name, email, phone, role, password_hash, token_generation FROM users ORDER BY id`;
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ message });
    expect(
      await s.t.db
        .sql`SELECT id, name, email, phone, role, password_hash, token_generation FROM users ORDER BY id`,
    ).toEqual(users);
  });
});
