import type { Sql } from 'postgres';
import type { RecentSearchCriteria } from '@rentals/core/contract/dashboard';
import { SEARCH_FILTER_KEYS } from '@rentals/core/listings/termCatalogue';

/** The last searches a user keeps: older ones go when a new one comes. */
export const RECENT_SEARCHES_KEPT = 10;

const ORDER = SEARCH_FILTER_KEYS satisfies readonly (keyof RecentSearchCriteria)[];

/** The criteria with blanks dropped and text trimmed, in one fixed key order. */
export const canonicalCriteria = (criteria: RecentSearchCriteria): RecentSearchCriteria => {
  const out: RecentSearchCriteria = {};
  for (const key of ORDER) {
    const value = criteria[key]?.trim().replace(/\s+/g, ' ');
    if (value) out[key] = value;
  }
  return out;
};

/** Two searches are one when they differ only in case and spacing ('Pune' and ' pune '). */
export const searchKey = (criteria: RecentSearchCriteria): string =>
  JSON.stringify(ORDER.map((key) => criteria[key]?.toLowerCase() ?? ''));

export type RecentSearch = { criteria: RecentSearchCriteria; searchedAt: string };

export const recentSearches = async (sql: Sql, userId: string): Promise<RecentSearch[]> =>
  (
    await sql<{ criteria: RecentSearchCriteria; searchedAt: Date }[]>`
      SELECT criteria, searched_at AS "searchedAt" FROM user_recent_searches
      WHERE user_id = ${userId} ORDER BY searched_at DESC, key LIMIT ${RECENT_SEARCHES_KEPT}`
  ).map((r) => ({ criteria: r.criteria, searchedAt: r.searchedAt.toISOString() }));

/** Records a search as the user's latest (a repeat moves to the top) and keeps the last few. */
export const recordSearch = async (
  sql: Sql,
  userId: string,
  criteria: RecentSearchCriteria,
  at: Date,
): Promise<void> => {
  const canonical = canonicalCriteria(criteria);
  if (Object.keys(canonical).length === 0) return;
  await sql.begin(async (tx) => {
    await tx`
      INSERT INTO user_recent_searches (user_id, key, criteria, searched_at)
      VALUES (${userId}, ${searchKey(canonical)}, ${JSON.stringify(canonical)}::text::jsonb, ${at})
      ON CONFLICT (user_id, key) DO UPDATE SET criteria = excluded.criteria, searched_at = excluded.searched_at`;
    await tx`
      DELETE FROM user_recent_searches WHERE user_id = ${userId} AND key NOT IN (
        SELECT key FROM user_recent_searches WHERE user_id = ${userId}
        ORDER BY searched_at DESC, key LIMIT ${RECENT_SEARCHES_KEPT})`;
  });
};
