import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createSql, type Sql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { countingApp, testApp, type TestApp } from '@rentals/testing/testApp';
import { sessionCacheFor } from './sessionCache.ts';

/**
 * Two web processes on one database (the second with its own pool, as behind
 * the proxy): what one process writes about a session, the other honours
 * within a second from memory, and again after its LISTEN connection was cut.
 */
let t: TestApp;
let secondSql: Sql;
let second: App;

/** The product's promise: a revoked token is refused by every web process within this. */
const REFUSED_WITHIN_MS = 1000;

beforeAll(async () => {
  t = await testApp();
  secondSql = createSql(t.db.url, { max: 4 });
  second = buildApp({ ...t.deps, sql: secondSql, eventStore: createEventStore(secondSql) });
  await sessionCacheFor({ sql: secondSql, clock: t.clock }).start();
});
afterAll(async () => {
  sessionCacheFor({ sql: secondSql, clock: t.clock }).stop();
  await secondSql.end();
  await t.close();
});

const statusOn = async (app: App, token: string, path = '/api/auth/me') =>
  (
    await app.handle(
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
    )
  ).status;

/** Polls the second process until it refuses the token or the deadline passes; its last answer. */
const refusedOnSecond = async (token: string) => {
  const deadline = performance.now() + REFUSED_WITHIN_MS;
  for (;;) {
    const status = await statusOn(second, token);
    if (status === 401 || performance.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    jti: string;
    exp: number;
  };

describe('a session ended on one web process', () => {
  it('is refused by another within a second after logout', async () => {
    const { token } = await t.registerUser('tenant');
    const other = await t.registerUser('tenant');
    expect(await statusOn(second, token)).toBe(200);
    expect(await statusOn(second, other.token)).toBe(200);

    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await refusedOnSecond(token)).toBe(401);
    expect(await statusOn(second, other.token)).toBe(200);
  });

  it('is refused by another within a second after logout everywhere', async () => {
    const { user, token } = await t.registerUser('tenant');
    const another = await t.newToken(user._id);
    expect(await statusOn(second, another)).toBe(200);

    expect((await t.request('POST', '/api/auth/logout-all', { token })).status).toBe(200);
    expect(await refusedOnSecond(another)).toBe(401);
  });

  it('is refused by another within a second after a password change; the new token works there', async () => {
    const { token, password } = await t.registerUser('tenant');
    expect(await statusOn(second, token)).toBe(200);

    const changed = await t.request<{ token: string }>('POST', '/api/auth/change-password', {
      token,
      json: { currentPassword: password, newPassword: 'a new secret pass' },
    });
    expect(changed.status).toBe(200);
    expect(await refusedOnSecond(token)).toBe(401);
    expect(await statusOn(second, changed.body.token)).toBe(200);
  });

  it('sees a role change made in SQL within a second', async () => {
    const { user, token } = await t.registerUser('tenant');
    expect(await statusOn(second, token, '/api/dashboard/owner/views')).toBe(403);
    await t.db.sql`UPDATE users SET role = 'broker' WHERE id = ${user._id}`;
    const deadline = performance.now() + REFUSED_WITHIN_MS;
    let status = 0;
    while (status !== 200 && performance.now() <= deadline) {
      status = await statusOn(second, token, '/api/dashboard/owner/views');
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(status).toBe(200);
  });
});

describe('the LISTEN connection', () => {
  it('reloads on reconnection, so ends written while it heard nothing are honoured', async () => {
    const revokedUser = await t.registerUser('tenant');
    const bumpedUser = await t.registerUser('tenant');
    expect(await statusOn(second, revokedUser.token)).toBe(200);
    expect(await statusOn(second, bumpedUser.token)).toBe(200);

    // Written with triggers off: no notification is sent, as if the listener had been down.
    const { jti, exp } = claimsOf(revokedUser.token);
    await t.db.sql.begin(async (tx) => {
      await tx`SET LOCAL session_replication_role = replica`;
      await tx`INSERT INTO revoked_tokens (jti, expires_at) VALUES (${jti}, ${new Date(exp * 1000)})`;
      await tx`UPDATE users SET token_generation = token_generation + 1 WHERE id = ${bumpedUser.user._id}`;
    });
    // Answered from memory: the second process has not heard of either.
    expect(await statusOn(second, revokedUser.token)).toBe(200);
    expect(await statusOn(second, bumpedUser.token)).toBe(200);

    const cache = sessionCacheFor({ sql: secondSql, clock: t.clock });
    const before = cache.listenerPid();
    expect(before).toBeDefined();
    await t.db.sql`SELECT pg_terminate_backend(${before!}::int)`;
    const deadline = performance.now() + REFUSED_WITHIN_MS;
    while (!(cache.isLive() && cache.listenerPid() !== before) && performance.now() <= deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(cache.listenerPid()).not.toBe(before);
    expect(cache.isLive()).toBe(true);
    expect(await statusOn(second, revokedUser.token)).toBe(401);
    expect(await statusOn(second, bumpedUser.token)).toBe(401);
  });
});

describe('an authenticated search', () => {
  it('reads no session state from Postgres once the user is known', async () => {
    const { statements, sql: counted, app: third } = countingApp(t, secondSql);
    try {
      await sessionCacheFor({ sql: counted, clock: t.clock }).start();
      const { token } = await t.registerUser('tenant');
      const search = '/api/properties?city=Bengaluru&limit=12';
      statements.length = 0;
      expect(await statusOn(third, token, search)).toBe(200);
      // The first request of a user this process has not seen reads it once (and shows the counting works).
      expect(statements.filter((q) => /\busers\b/.test(q))).toHaveLength(1);
      statements.length = 0;
      for (let i = 0; i < 20; i++) expect(await statusOn(third, token, search)).toBe(200);
      expect(statements.filter((q) => /\busers\b|\brevoked_tokens\b/.test(q))).toEqual([]);
    } finally {
      sessionCacheFor({ sql: counted, clock: t.clock }).stop();
      await counted.end();
    }
  });
});
