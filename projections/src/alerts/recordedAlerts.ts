import type { Sql } from 'postgres';

/**
 * The alerts projection's records a row per (search, listing), as the
 * compact tables hold them unnested (a row per listing with its matched
 * searches, a row per listing event with the searches it newly matched):
 * for tests and the bench, which count and compare them. Deleted searches'
 * rows are left out, as every reader leaves them out.
 */
export const alertRows = (db: Sql) => db`
  (SELECT a.id, s.search_id, s.user_id, a.listing_id, a.at, n <> ALL(a.quiet_nos) AS notify
   FROM listing_search_alerts a CROSS JOIN unnest(a.search_nos) n
   JOIN saved_search_filters s ON s.search_no = n)`;

/** The (search, listing) pairs that match now. */
export const matchRows = (db: Sql) => db`
  (SELECT s.search_id, m.listing_id
   FROM listing_search_matches m CROSS JOIN unnest(m.search_nos) n
   JOIN saved_search_filters s ON s.search_no = n)`;
