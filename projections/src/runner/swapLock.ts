import type { Sql, TransactionSql } from 'postgres';
import { sessionClient } from '@rentals/core/db';

const key = (projection: string) => `swap:${projection}`;

/**
 * An external projection applies each batch to its live model holding this
 * lock shared; a rebuild holds it exclusively for the swap moment
 * (`holdSwapLock`), so no batch lands on the old model after the copy caught
 * up and before it is swapped in. Postgres read models need none: the swap
 * locks their tables.
 *
 * The lock lives on a connection of its own (`sessionClient`), not a
 * reserved one from the pool: `work` waits seconds for Meilisearch, and when
 * the server cuts a reserved connection meanwhile, the release query on it
 * writes to a null socket outside any promise and ends the process
 * (postgres.js 3.4). On a session client the release goes to a new session
 * instead, where there is nothing to release; the lock went with the old one.
 */
export const withSwapLockShared = async <T>(
  sql: Sql,
  projection: string,
  work: () => Promise<T>,
): Promise<T> => {
  const conn = sessionClient(sql);
  try {
    await conn`SELECT pg_advisory_lock_shared(hashtext(${key(projection)}))`;
    try {
      return await work();
    } finally {
      await conn`SELECT pg_advisory_unlock_shared(hashtext(${key(projection)}))`;
    }
  } finally {
    await conn.end({ timeout: 1 });
  }
};

/** Waits for batches being applied to finish and keeps new ones out until the transaction ends. */
export const holdSwapLock = async (tx: TransactionSql, projection: string) => {
  await tx`SELECT pg_advisory_xact_lock(hashtext(${key(projection)}))`;
};
