import type { Sql } from 'postgres';
import { sessionClient } from '@rentals/core/db';

const LOCK = 'public-site-build';

/**
 * One builder of the public site at a time (the regenerator and
 * `npm run site:build` write the same files): a session advisory lock on a
 * connection of its own (see sessionClient: a reserved pool connection cut by
 * a database restart can crash the process), closed afterwards, which also
 * releases the lock. 'try' gives up at once (returns undefined); 'wait' queues.
 */
export const withSiteLock = async <T>(
  sql: Sql,
  mode: 'try' | 'wait',
  work: () => Promise<T>,
): Promise<T | undefined> => {
  const conn = sessionClient(sql);
  try {
    if (mode === 'wait') await conn`SELECT pg_advisory_lock(hashtext(${LOCK}))`;
    else {
      const [row] = await conn<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_lock(hashtext(${LOCK})) AS ok`;
      if (!row?.ok) return undefined;
    }
    return await work();
  } finally {
    await conn.end({ timeout: 1 }).catch(() => undefined);
  }
};
