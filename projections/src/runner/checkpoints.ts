import type { Sql, TransactionSql } from 'postgres';
import type { Checkpoint } from '@rentals/core/eventStore/types';

export type ProjectionStatus = 'idle' | 'running' | 'failed' | 'rebuilding';

export type ProjectionState = Checkpoint & {
  name: string;
  status: ProjectionStatus;
  lastError: string | null;
  updatedAt: Date;
};

export const ensureCheckpoint = async (sql: Sql, name: string): Promise<Checkpoint> => {
  await sql`INSERT INTO projection_checkpoints (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ transaction_id: string; position: number }[]>`
    SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = ${name}`;
  return { transactionId: row!.transaction_id, position: row!.position };
};

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
