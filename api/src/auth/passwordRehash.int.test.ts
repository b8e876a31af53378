import { describe, expect, it } from 'vitest';
import { testAppWithUsers } from '@rentals/testing/testApp';

const s = testAppWithUsers({});

const storedHash = async (id: string) =>
  (
    await s.t.db.sql<{ hash: string }[]>`SELECT password_hash AS hash FROM users WHERE id = ${id}`
  )[0]!.hash;

const login = (email: string, password: string) =>
  s.t.request<{ token?: string }>('POST', '/api/auth/login', { json: { email, password } });

/** An account whose stored hash was made as before: Bun's default argon2id, 64 MiB. */
const accountHashedAsBefore = async () => {
  const account = await s.t.registerUser('tenant');
  const before = await Bun.password.hash(account.password, { algorithm: 'argon2id' });
  expect(before.startsWith('$argon2id$v=19$m=65536,t=2,p=1$')).toBe(true);
  await s.t.db.sql`UPDATE users SET password_hash = ${before} WHERE id = ${account.user._id}`;
  return { ...account, before };
};

describe('a password hash made with the parameters of before (64 MiB)', () => {
  it('signs in, and is replaced by a hash with today’s parameters; the account’s sessions stay', async () => {
    const { user, email, password, token, before } = await accountHashedAsBefore();

    expect((await login(email, password)).status).toBe(200);
    const now = await storedHash(user._id);
    expect(now).not.toBe(before);
    expect(now.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await Bun.password.verify(password, now)).toBe(true);

    expect((await s.t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await login(email, password)).status).toBe(200);
    expect(await storedHash(user._id)).toBe(now);
  });

  it('stays as it is after a wrong password', async () => {
    const { user, email, before } = await accountHashedAsBefore();
    expect((await login(email, 'not the password')).status).toBe(401);
    expect(await storedHash(user._id)).toBe(before);
  });
});
