import type { TransactionSql } from 'postgres';

/**
 * Says, before a transaction's first write, that it writes read models (and
 * checkpoints) only and never appends events, so the log's visibility fence
 * (event_log_fence, migration 0186) does not make every other projection wait
 * for it to commit. Appending in it afterwards fails.
 */
export const markProjectionTransaction = async (tx: TransactionSql) => {
  await tx`SELECT mark_projection_transaction()`;
};
