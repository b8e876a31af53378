import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { createSql, type Sql } from './db.ts';

/*
 * Our client (postgres.js 3.4.9 with patches/postgres+3.4.9.patch) when the
 * server closes a connection a transaction or a reservation still holds: the
 * next query on it is refused with CONNECTION_CLOSED (unpatched, it wrote to
 * a null socket in a setImmediate, an uncaught TypeError, and left the
 * connection unable to start again), and the pool serves the next query on a
 * new connection. docs/decisions/postgres-client-closed-connection.md.
 */
let db: TestDatabase;
let sql: Sql;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  db = await testDatabase();
  process.on('uncaughtException', onUncaught);
});
afterEach(() => sql?.end({ timeout: 1 }));
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await db.drop();
});

/** The server ends the session of `q`'s connection; resolves once the client has seen the close. */
const closedByServer = async (q: Sql, closes: { count: number }) => {
  const [row] = await q<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const before = closes.count;
  await db.sql`SELECT pg_terminate_backend(${row!.pid})`;
  while (closes.count === before) await new Promise((r) => setTimeout(r, 10));
};

/** A one-connection pool of ours that counts its connections' closes (postgres.js reads `onclose` when one closes). */
const onePool = (closes: { count: number }) => {
  sql = createSql(db.url, { max: 1 });
  (sql.options as { onclose?: (id: number) => void }).onclose = () => closes.count++;
  return sql;
};

describe('a connection the server closed', () => {
  it('refuses the next query of its transaction, and the pool reconnects', async () => {
    const closes = { count: 0 };
    const pool = onePool(closes);
    const outcome = await pool
      .begin(async (tx) => {
        await closedByServer(tx as unknown as Sql, closes);
        return tx`SELECT 1`;
      })
      .catch((error: { code?: string }) => error.code);
    expect(outcome).toBe('CONNECTION_CLOSED');
    expect(await pool`SELECT 2 AS two`).toEqual([{ two: 2 }]);
    expect(uncaught).toEqual([]);
  });

  it('refuses the next query of its reservation, and its release leaves the pool whole', async () => {
    const closes = { count: 0 };
    const pool = onePool(closes);
    const reserved = await pool.reserve();
    await closedByServer(reserved, closes);
    const refused = await reserved`SELECT 1`.catch((error: { code?: string }) => error.code);
    expect(refused).toBe('CONNECTION_CLOSED');
    reserved.release();
    // The pool's one connection: released while closed, it must open again rather than be lost.
    const rows = await Promise.all([pool`SELECT 1 AS n`, pool`SELECT 2 AS n`, pool`SELECT 3 AS n`]);
    expect(rows.flat()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(uncaught).toEqual([]);
  });
});
