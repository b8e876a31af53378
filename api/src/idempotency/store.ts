import type { Sql } from '@rentals/core/db';
import { ATTEMPT_LEASE_SECONDS } from './model.ts';

/** A first outcome as it is replayed: status, body text and the headers worth repeating. */
export type Outcome = { status: number; body: string; headers: Record<string, string> };

export type Claim =
  /** `server`: when the Postgres server that took the claim started (its lease is renewed only there). */
  | { kind: 'claimed'; server: string }
  | { kind: 'replay'; outcome: Outcome }
  | { kind: 'conflict' }
  | { kind: 'inProgress' }
  | { kind: 'answerLost' };

type KeyRow = {
  takeable: boolean;
  fingerprint: string;
  state: 'running' | 'done' | 'cancelled';
  appended: boolean;
  leaseLive: boolean;
  status: number | null;
  body: string | null;
  headers: Record<string, string> | null;
};

/** What a key held by another attempt means for this one. */
const verdict = (row: KeyRow, fingerprint: string): Claim => {
  if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
  if (row.state === 'done' && row.status !== null)
    return {
      kind: 'replay',
      outcome: { status: row.status, body: row.body ?? '', headers: row.headers ?? {} },
    };
  return row.appended && !row.leaseLive ? { kind: 'answerLost' } : { kind: 'inProgress' };
};

/** Where an attempt stands once cancelled: it will never append, or its work was already done. */
export type Settled = 'cancelled' | 'done';

/** The key as it stands, and whether this attempt may take it over. */
const readKey = async (sql: Sql, accountId: string, key: string) => {
  const [row] = await sql<KeyRow[]>`
    SELECT fingerprint, state, appended_at IS NOT NULL AS appended,
      lease_until >= now() AS "leaseLive", status, body, headers,
      (expires_at < now() OR (appended_at IS NULL
        AND (state = 'cancelled' OR (state = 'running' AND lease_until < now()))))
        AS "takeable"
    FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${key}`;
  return row;
};

/**
 * Inserts the key, or takes it over when it is takeable (as `readKey` decides); resolves with
 * the attempt that holds it after the statement, when one of the two happened.
 */
const takeKey = async (
  sql: Sql,
  a: { accountId: string; key: string; fingerprint: string; attemptId: string; ttlSeconds: number },
) => {
  const taken = await sql<{ attempt_id: string; server: string }[]>`
    INSERT INTO idempotency_keys AS k
      (account_id, key, fingerprint, attempt_id, state, lease_until, expires_at)
    VALUES (${a.accountId}, ${a.key}, ${a.fingerprint}, ${a.attemptId}::uuid, 'running',
      now() + make_interval(secs => ${ATTEMPT_LEASE_SECONDS}), now() + make_interval(secs => ${a.ttlSeconds}))
    ON CONFLICT (account_id, key) DO UPDATE SET
      fingerprint = EXCLUDED.fingerprint, attempt_id = EXCLUDED.attempt_id, state = 'running',
      appended_at = NULL, status = NULL, body = NULL, headers = NULL,
      lease_until = EXCLUDED.lease_until, expires_at = EXCLUDED.expires_at, created_at = now()
    WHERE k.expires_at < now()
      OR (k.appended_at IS NULL
          AND (k.state = 'cancelled' OR (k.state = 'running' AND k.lease_until < now())))
    RETURNING attempt_id::text, pg_postmaster_start_time()::text AS server`;
  return taken[0];
};

/** The idempotency_keys table (migration 0199). Times are the database's, the same for every host. */
export const keyStore = (sql: Sql) => ({
  /**
   * Takes the key for this attempt: new, expired, or left by an attempt that
   * appended nothing and was cancelled or outlived its lease. Otherwise says
   * what the key holds. A key held by a running attempt is answered from a
   * plain read first, so a retry never waits on the lock of an append in flight.
   */
  async claim(
    accountId: string,
    key: string,
    fingerprint: string,
    attemptId: string,
    ttlSeconds: number,
  ): Promise<Claim> {
    const read = () => readKey(sql, accountId, key);
    const held = await read();
    if (held && !held.takeable) return verdict(held, fingerprint);
    const taken = await takeKey(sql, { accountId, key, fingerprint, attemptId, ttlSeconds });
    if (taken?.attempt_id === attemptId) return { kind: 'claimed', server: taken.server };
    // Another attempt took it between the read and the insert.
    const now = await read();
    return now ? verdict(now, fingerprint) : { kind: 'inProgress' };
  },

  /** The attempt's outcome, kept for its retries. */
  async complete(attemptId: string, outcome: Outcome): Promise<void> {
    await sql`
      UPDATE idempotency_keys
      SET state = 'done', status = ${outcome.status}, body = ${outcome.body},
        headers = ${sql.json(outcome.headers)}
      WHERE attempt_id = ${attemptId}::uuid`;
  },

  /**
   * Cancels the attempt unless it has appended: after this, its appends are
   * refused (append_events_fenced). Waits for an append in flight to commit
   * or fail, then says which.
   */
  async cancel(attemptId: string): Promise<Settled> {
    // One UPDATE: after waiting on the row lock of an append in flight it sees the row as that
    // append left it (a second statement's snapshot could predate the append's commit).
    const [row] = await sql<{ state: string; appended: boolean }[]>`
      UPDATE idempotency_keys
      SET state = CASE WHEN state = 'running' AND appended_at IS NULL THEN 'cancelled' ELSE state END
      WHERE attempt_id = ${attemptId}::uuid
      RETURNING state, appended_at IS NOT NULL AS appended`;
    // No row: another attempt took the key over, so this one can no longer append.
    if (!row || (row.state === 'cancelled' && !row.appended)) return 'cancelled';
    return 'done';
  },

  /**
   * A running attempt is still alive: its lease goes on. Not once it lapsed before appending
   * (a retry may already be taking the key over; the attempt is as good as dead), not while
   * its own append holds the row (whoever would take it over waits for that append anyway),
   * and not on another server than the one that took the claim: after a failover or a restart
   * the attempt's handler is stuck on a connection that died, and renewing on the new primary
   * would keep its retries waiting (409) for nothing.
   */
  async renew(attemptId: string, server: string): Promise<void> {
    await sql`
      UPDATE idempotency_keys
      SET lease_until = now() + make_interval(secs => ${ATTEMPT_LEASE_SECONDS})
      WHERE attempt_id IN (
        SELECT attempt_id FROM idempotency_keys
        WHERE attempt_id = ${attemptId}::uuid AND state = 'running'
          AND (lease_until >= now() OR appended_at IS NOT NULL)
          AND pg_postmaster_start_time()::text = ${server}
        FOR UPDATE SKIP LOCKED)`;
  },

  /** Keys past their time go. */
  async sweep(): Promise<number> {
    const gone = await sql`DELETE FROM idempotency_keys WHERE expires_at < now()`;
    return gone.count;
  },
});
