import type { Sql } from 'postgres';

/**
 * New matches of each of a user's saved searches: listings announced to the
 * search since its matches were last seen (the alerts projection's
 * saved_search_alerts), by search id. Searches without any are absent.
 */
export const newMatchCounts = async (db: Sql, userId: string): Promise<Map<string, number>> => {
  const rows = await db<{ searchId: string; count: number }[]>`
    SELECT a.search_id AS "searchId", count(*)::int AS count
    FROM saved_search_filters s JOIN saved_search_alerts a ON a.search_id = s.search_id AND a.at > s.seen_at
    WHERE s.user_id = ${userId}
    GROUP BY a.search_id`;
  return new Map(rows.map((r) => [r.searchId, r.count]));
};
