import { INBOX_CHANNEL } from '../queries/conversations.ts';
import { sql, type Statement } from '../runner/statement.ts';

/** A listing that stops matching and matches again within this is not announced again. */
export const REALERT_AFTER = '1 day';
/** REALERT_AFTER in milliseconds (the in-memory path's; UTC days have no DST). */
export const REALERT_AFTER_MS = 86_400_000;

/**
 * Tests one listing against the saved searches, as the list search would
 * (searchWhere in queries/searchInPostgres.ts, the signed-in model): city and
 * area by resolved key, type, rent, at least the bedrooms and bathrooms, the
 * map area or drawn area, every word of the free text as a word prefix, and
 * the tenancy terms by the search's rules (tenancyRules, which the
 * Meilisearch filter reads too) over the listing's terms (tenancyTerms, as
 * the index holds them): a term the listing does not give passes no rule.
 * Percolation, not a scan: only the searches keyed by the listing's city,
 * area and type (each or any) are candidates (saved_search_keys' primary
 * key), and paused searches have no keys.
 *
 * Then records the outcome, compactly (a listing matches hundreds of
 * searches): the listing's row of listing_search_matches holds the searches
 * (search_no) it matches now; the searches it newly matches, unless it was
 * announced there within REALERT_AFTER, are one row of
 * listing_search_alerts (quiet_nos: those whose alert is off, counted as new
 * matches but not notified), and the users to notify are woken on the
 * messages' live channel (INBOX_CHANNEL: their open streams read the new
 * alerts; the notification is sent when the transaction commits). An unavailable or unknown listing matches
 * nothing, so the same statement serves delisting.
 */
export const percolate = (listingId: string, at: string, silent = false): Statement =>
  percolateAll([{ listingId, at, silent }]);

/**
 * A listing to percolate and the time of the event that asks for it (the
 * alert's time). `silent`: its matches are recorded but none is announced (a
 * relist after a let, issue 44: the home is not new, Rightmove's rule).
 */
export type Percolation = { listingId: string; at: string; silent?: boolean };

/**
 * percolate for several distinct listings in one statement (a runner batch:
 * alertsProjection's evolveBatch), with the same outcome as one statement
 * per listing: a listing's outcome depends only on its own row and matches.
 * Alerts are recorded in the order given.
 */
export const percolateAll = (listings: readonly Percolation[]): Statement =>
  sql`WITH p AS MATERIALIZED (
        SELECT p.listing_id, p.at, p.ord, p.silent
        FROM jsonb_to_recordset(${JSON.stringify(listings.map((l, ord) => ({ listing_id: l.listingId, at: l.at, ord, silent: l.silent === true })))}::text::jsonb)
          AS p(listing_id text, at timestamptz, ord int, silent boolean)
        -- The planner's row estimate (a set-returning function's is 100): one listing probes the
        -- candidates' filters by key, a round of hundreds hashes them all.
        LIMIT ${listings.length}
      ),
      l AS MATERIALIZED (
        SELECT a.*, p.at, p.ord, to_tsvector('simple', title || ' ' || description || ' ' || city || ' ' || area || ' ' || address) AS words
        FROM p JOIN alert_listings a ON a.id = p.listing_id WHERE available
      ),
      hit AS MATERIALIZED (
        SELECT DISTINCT l.id AS listing_id, s.search_no AS n, s.user_id, s.alert = 'off' AS quiet
        FROM l
        JOIN saved_search_keys k ON k.city_key IN (l.city_key, '') AND k.area_key IN (l.area_key, '')
          AND k.property_type IN (l.property_type, '')
        JOIN saved_search_filters s ON s.search_id = k.search_id
        WHERE (s.city_keys IS NULL OR l.city_key = ANY(s.city_keys))
          AND (s.area_keys IS NULL OR l.area_key = ANY(s.area_keys))
          AND (s.property_types IS NULL OR l.property_type = ANY(s.property_types))
          AND (s.min_rent IS NULL OR l.rent >= s.min_rent)
          AND (s.max_rent IS NULL OR l.rent <= s.max_rent)
          AND (s.bedrooms IS NULL OR l.bedrooms >= s.bedrooms)
          AND (s.bathrooms IS NULL OR l.bathrooms >= s.bathrooms)
          AND (s.west IS NULL OR (l.latitude BETWEEN s.south AND s.north AND l.longitude BETWEEN s.west AND s.east))
          AND (s.drawn_area IS NULL OR s.drawn_area @> point(l.longitude, l.latitude))
          AND (s.text_tsquery IS NULL OR l.words @@ s.text_tsquery)
          AND (NOT s.owners_only OR NOT l.broker)
          AND (s.terms IS NULL OR NOT EXISTS (
            SELECT 1 FROM jsonb_array_elements(s.terms) r
            WHERE NOT coalesce(CASE WHEN r ? 'in' THEN (r -> 'in') @> jsonb_build_array(l.terms -> (r ->> 'term'))
                                    ELSE (l.terms ->> (r ->> 'term'))::float8 <= (r ->> 'atMost')::float8 END, false)))
      ),
      -- The searches each listing matched before this, or was announced to within REALERT_AFTER.
      known AS (
        SELECT p.listing_id, x AS n
        FROM p JOIN listing_search_matches m USING (listing_id) CROSS JOIN unnest(m.search_nos) x
        UNION ALL
        SELECT p.listing_id, x AS n
        FROM p JOIN listing_search_alerts a
          ON a.listing_id = p.listing_id AND a.at > p.at - ${REALERT_AFTER}::interval
        CROSS JOIN unnest(a.search_nos) x
      ),
      added AS MATERIALIZED (
        SELECT h.* FROM hit h JOIN p ON p.listing_id = h.listing_id
        WHERE NOT p.silent AND NOT EXISTS (SELECT 1 FROM known k WHERE k.listing_id = h.listing_id AND k.n = h.n)
      ),
      kept AS (
        INSERT INTO listing_search_matches AS m (listing_id, search_nos)
        SELECT listing_id, array_agg(n ORDER BY n) FROM hit GROUP BY listing_id
        ON CONFLICT (listing_id) DO UPDATE SET search_nos = excluded.search_nos
          WHERE m.search_nos IS DISTINCT FROM excluded.search_nos
      ),
      cleared AS (
        DELETE FROM listing_search_matches m USING p
        WHERE m.listing_id = p.listing_id AND NOT EXISTS (SELECT 1 FROM hit WHERE hit.listing_id = p.listing_id)
      ),
      announced AS (
        INSERT INTO listing_search_alerts (listing_id, at, search_nos, quiet_nos)
        SELECT p.listing_id, p.at, array_agg(a.n ORDER BY a.n),
               coalesce(array_agg(a.n ORDER BY a.n) FILTER (WHERE a.quiet), '{}')
        FROM added a JOIN p USING (listing_id)
        GROUP BY p.listing_id, p.at, p.ord
        ORDER BY p.ord
      )
      SELECT pg_notify(${INBOX_CHANNEL}, user_id) FROM (SELECT DISTINCT user_id FROM added WHERE NOT quiet) u`;
