import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { createSql, type Sql } from './db.ts';

/*
 * Our client (postgres.js 3.4.9 with patches/postgres+3.4.9.patch) when the
 * server closes a connection a transaction or a reservation still holds: the
 * next query on it is refused with CONNECTION_CLOSED (unpatched, it wrote to
 * a null socket in a setImmediate, an uncaught TypeError, and left the
 * connection unable to start again), and the pool serves the next query on a
 * new connection. docs/decisions/0001-postgres-client-closed-connection.md.
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

/** A one-connection pool whose connection, reserved, the server closed. */
const closedReservation = async () => {
  const closes = { count: 0 };
  const pool = onePool(closes);
  const reserved = await pool.reserve();
  await closedByServer(reserved, closes);
  return { pool, reserved };
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
    // Refused as closed, or failed by the reset the socket read first: either way no write to a null socket.
    expect(['CONNECTION_CLOSED', 'ECONNRESET']).toContain(outcome);
    expect(await pool`SELECT 2 AS two`).toEqual([{ two: 2 }]);
    expect(uncaught).toEqual([]);
  });

  it('refuses the next query of its reservation, and its release leaves the pool whole', async () => {
    const { pool, reserved } = await closedReservation();
    const refused = await reserved`SELECT 1`.catch((error: { code?: string }) => error.code);
    expect(refused).toBe('CONNECTION_CLOSED');
    reserved.release();
    // The pool's one connection: released while closed, it must open again rather than be lost.
    const rows = await Promise.all([pool`SELECT 1 AS n`, pool`SELECT 2 AS n`, pool`SELECT 3 AS n`]);
    expect(rows.flat()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(uncaught).toEqual([]);
  });
});

describe('a connection the server closed and the pool opened again for others', () => {
  // The pool reuses the same connection object: a transaction or a reservation taken before
  // the close must not run its later queries in the new session (unpatched they did, and their
  // answers were read as other queries').
  it("refuses the transaction's later queries, and the pool's answers stay its own", async () => {
    const closes = { count: 0 };
    const pool = onePool(closes);
    let later: unknown;
    const transaction = pool
      .begin(async (tx) => {
        await closedByServer(tx as unknown as Sql, closes);
        expect(await pool`SELECT 2 AS two`).toEqual([{ two: 2 }]);
        later = await tx`SELECT 1 AS one`.catch((error: { code?: string }) => error.code);
      })
      .catch((error: { code?: string }) => error.code);
    expect(['CONNECTION_CLOSED', 'ECONNRESET']).toContain(await transaction);
    while (later === undefined) await new Promise((r) => setTimeout(r, 10));
    expect(later).toBe('CONNECTION_CLOSED');
    expect(await pool`SELECT 3 AS three`).toEqual([{ three: 3 }]);
    expect(uncaught).toEqual([]);
  });

  it("refuses the reservation's later queries, and its release leaves the new session alone", async () => {
    const { pool, reserved } = await closedReservation();
    expect(await pool`SELECT 2 AS two`).toEqual([{ two: 2 }]);
    expect(await reserved`SELECT 1 AS one`.catch((error: { code?: string }) => error.code)).toBe(
      'CONNECTION_CLOSED',
    );
    reserved.release();
    const rows = await Promise.all([pool`SELECT 3 AS n`, pool`SELECT 4 AS n`]);
    expect(rows.flat()).toEqual([{ n: 3 }, { n: 4 }]);
    expect(uncaught).toEqual([]);
  });
});

describe('a connection the server ended mid-query', () => {
  it('fails that query only: the next connection does not inherit its error', async () => {
    const closes = { count: 0 };
    const pool = onePool(closes);
    const sleeping = pool`SELECT pg_sleep(30)`.catch((error: { code?: string }) => error.code);
    const running = async () =>
      (
        await db.sql`SELECT pid FROM pg_stat_activity
          WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'`
      )[0] as { pid: number } | undefined;
    let backend = await running();
    while (!backend) {
      await new Promise((r) => setTimeout(r, 20));
      backend = await running();
    }
    // The server answers the query with a FATAL (57P01) and closes the socket.
    await db.sql`SELECT pg_terminate_backend(${backend.pid})`;
    // postgres.js fails the query as closed (or by the reset it read) and, unpatched, keeps the
    // FATAL it read (57P01) for the connection's next start.
    expect(['CONNECTION_CLOSED', 'ECONNRESET']).toContain(await sleeping);
    while (closes.count === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await pool`SELECT 2 AS two`).toEqual([{ two: 2 }]);
    expect(uncaught).toEqual([]);
  });
});
