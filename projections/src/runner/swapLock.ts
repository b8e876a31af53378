import type { Sql, TransactionSql } from 'postgres';

const key = (projection: string) => `swap:${projection}`;

/**
 * An external projection applies each batch to its live model holding this
 * lock shared; a rebuild holds it exclusively for the swap moment
 * (`holdSwapLock`), so no batch lands on the old model after the copy caught
 * up and before it is swapped in. Postgres read models need none: the swap
 * locks their tables.
 */
export const withSwapLockShared = async <T>(
  sql: Sql,
  projection: string,
  work: () => Promise<T>,
): Promise<T> => {
  const conn = await sql.reserve();
  try {
    await conn`SELECT pg_advisory_lock_shared(hashtext(${key(projection)}))`;
    try {
      return await work();
    } finally {
      await conn`SELECT pg_advisory_unlock_shared(hashtext(${key(projection)}))`;
    }
  } finally {
    conn.release();
  }
};

/** Waits for batches being applied to finish and keeps new ones out until the transaction ends. */
export const holdSwapLock = async (tx: TransactionSql, projection: string) => {
  await tx`SELECT pg_advisory_xact_lock(hashtext(${key(projection)}))`;
};
