import type { Sql, TransactionSql } from 'postgres';
import { START, type Checkpoint, type RecordedEvent } from '@rentals/core/eventStore/types';

import { PROJECTION_LOCK_PREFIX } from '@rentals/core/readSide/names';

export { PROJECTION_LOCK_PREFIX };

export const ensureCheckpoint = async (sql: Sql, name: string): Promise<Checkpoint> => {
  await sql`INSERT INTO projection_checkpoints (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ transaction_id: string; position: number }[]>`
    SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = ${name}`;
  return { transactionId: row!.transaction_id, position: row!.position };
};

/** Where the log stands once `event` is applied. */
export const checkpointOf = (event: RecordedEvent): Checkpoint => ({
  transactionId: event.transactionId,
  position: event.position,
});

/** The log's order: (transaction id, position). */
export const isBefore = (a: Checkpoint, b: Checkpoint) => {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  return ta < tb || (ta === tb && a.position < b.position);
};

export const sameCheckpoint = (a: Checkpoint, b: Checkpoint) =>
  a.transactionId === b.transactionId && a.position === b.position;

/** The batch did not commit because someone reset our checkpoint (a rebuild). */
export class CheckpointMoved extends Error {}

/** Compare-and-set: false when someone else moved the checkpoint (a rebuild reset it). */
export const advanceCheckpoint = async (
  sql: TransactionSql,
  name: string,
  from: Checkpoint,
  to: Checkpoint,
) => {
  const result = await sql`
    UPDATE projection_checkpoints
    SET transaction_id = ${to.transactionId}::xid8, position = ${to.position},
        status = CASE WHEN status = 'rebuilding' THEN status ELSE 'running' END,
        last_error = NULL, updated_at = now()
    WHERE name = ${name} AND transaction_id = ${from.transactionId}::xid8 AND position = ${from.position}`;
  return result.count === 1;
};

/** The last committed event every reader can already see (the xid fence), or the start of the log. */
export const fenceCheckpoint = async (db: Sql): Promise<Checkpoint> => {
  const [row] = await db<{ transaction_id: string; position: number }[]>`
    SELECT transaction_id::text, position FROM events
    WHERE transaction_id < event_log_fence()
    ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1 -- the columns, not the ::text alias`;
  return row ? { transactionId: row.transaction_id, position: row.position } : START;
};

/** A rebuild's copy's (or pass's) checkpoint row, at the position it starts from. */
export const createRebuildCheckpoint = async (sql: Sql, name: string, from: Checkpoint) => {
  await sql`INSERT INTO projection_checkpoints (name, transaction_id, position, status)
            VALUES (${name}, ${from.transactionId}::xid8, ${from.position}, 'rebuilding')`;
};

export const projectionLockKey = (name: string) => `${PROJECTION_LOCK_PREFIX}${name}`;
