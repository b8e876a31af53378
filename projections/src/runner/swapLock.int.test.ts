// Fault drill: the database is killed while a batch of an external projection is being applied
// under the shared swap lock (the search index projection waits seconds for Meilisearch there).
// The lock's connection is gone; releasing it afterwards must not take the process down.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSql, type Sql } from '@rentals/core/db';
import {
  restartablePostgres,
  type RestartablePostgres,
} from '@rentals/testing/restartablePostgres';
import { withSwapLockShared } from './swapLock.ts';

let pg: RestartablePostgres;
let sql: Sql;

beforeAll(async () => {
  pg = await restartablePostgres();
  sql = createSql(pg.adminUrl, { max: 4 });
}, 120_000);
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await pg?.remove();
});

/** Starts Postgres again once the killed postmaster's backends have noticed and let go of its memory. */
const restart = async () => {
  for (;;) {
    try {
      return await pg.start();
    } catch (error) {
      if (!/shared memory block .* is still in use/.test((error as Error).message)) throw error;
    }
  }
};

it('survives Postgres being killed while a batch is applied under the shared swap lock', async () => {
  let inside!: () => void;
  const entered = new Promise<void>((r) => (inside = r));
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  const applying = withSwapLockShared(sql, 'drill', async () => {
    inside();
    await finished;
    return 'applied';
  });
  await entered;
  await pg.kill();
  await restart();
  finish();
  // The lock went with its connection; the release goes to a new session and finds nothing to release.
  await expect(applying).resolves.toBe('applied');
  // Nobody holds it now: an exclusive holder gets it at once.
  const [row] = await sql<
    { ok: boolean }[]
  >`SELECT pg_try_advisory_lock(hashtext('swap:drill')) AS ok`;
  expect(row?.ok).toBe(true);
}, 120_000);
