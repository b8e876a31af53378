import type { Sql } from 'postgres';

const LOCK = 'public-site-build';

/**
 * One builder of the public site at a time (the regenerator and
 * `npm run site:build` write the same files): a session advisory lock on a
 * reserved connection. 'try' gives up at once (returns undefined); 'wait' queues.
 */
export const withSiteLock = async <T>(
  sql: Sql,
  mode: 'try' | 'wait',
  work: () => Promise<T>,
): Promise<T | undefined> => {
  const conn = await sql.reserve();
  try {
    if (mode === 'wait') await conn`SELECT pg_advisory_lock(hashtext(${LOCK}))`;
    else {
      const [row] = await conn<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_lock(hashtext(${LOCK})) AS ok`;
      if (!row?.ok) return undefined;
    }
    try {
      return await work();
    } finally {
      await conn`SELECT pg_advisory_unlock(hashtext(${LOCK}))`;
    }
  } finally {
    conn.release();
  }
};
