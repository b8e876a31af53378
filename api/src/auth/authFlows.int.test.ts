import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/testApp.ts';
import type { UserDocument } from './model.ts';

type Auth = { user: UserDocument; token: string };
type Failure = { message: string; errors?: { path: string; msg: string }[] };

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: `asha-${crypto.randomUUID().slice(0, 8)}@Example.com`,
  password: 'secret-pass',
  phone: '9876543210',
  role: 'tenant',
  ...overrides,
});

describe('register → me → logout', () => {
  it('registers, answers /me with the same user, and ends the token on logout', async () => {
    const body = registration();
    const registered = await t.request<Auth>('POST', '/api/auth/register', { json: body });
    expect(registered.status).toBe(201);
    const { _id, createdAt, ...rest } = registered.body.user;
    expect(rest).toEqual({
      name: 'Asha Rao',
      email: body.email.toLowerCase(),
      phone: '9876543210',
      role: 'tenant',
    });
    expect(_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(createdAt).getTime()).not.toBeNaN();
    const { token } = registered.body;

    const me = await t.request<{ user: UserDocument }>('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(registered.body.user);

    const out = await t.request('POST', '/api/auth/logout', { token });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully' } });

    const after = await t.request<Failure>('GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Your session is invalid or has expired; please log in again');
  });
});
