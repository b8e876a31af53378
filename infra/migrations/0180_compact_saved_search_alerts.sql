-- Issue 17: compact storage of the saved-search matches and alerts. A row per (search, listing) in
-- saved_search_matches and saved_search_alerts cost about 35 µs a match, and a listing matches
-- hundreds of searches (docs/PERFORMANCE.md): one row per listing now holds its matched searches, and
-- one row per listing event the searches it newly matched; the readers unnest what they need.

-- Each search's small number, from a sequence that never gives one twice (a deleted search's number
-- stays in old rows and must not name another search). Rebuilt copies draw from the same sequence.
CREATE SEQUENCE IF NOT EXISTS saved_search_no AS int4;
ALTER TABLE saved_search_filters
  ADD COLUMN IF NOT EXISTS search_no int4 NOT NULL DEFAULT nextval('saved_search_no');
CREATE UNIQUE INDEX IF NOT EXISTS saved_search_filters_no ON saved_search_filters (search_no);

-- The searches (search_no) a listing matches now; no row: none.
CREATE TABLE listing_search_matches (
  listing_id text PRIMARY KEY,
  search_nos int4[] NOT NULL
);

-- Each listing event's announcements: the searches it newly matched (not announced there within a
-- day), `quiet_nos` those of them whose alert was off (counted as new matches, not notified).
-- The new-match counts, the bell, the live stream and the emails read these; `id` orders them.
-- The ids' sequence belongs to no table: a rebuild's copy takes it over when the old table is dropped.
CREATE SEQUENCE listing_search_alerts_id;
CREATE TABLE listing_search_alerts (
  id         bigint PRIMARY KEY DEFAULT nextval('listing_search_alerts_id'),
  listing_id text NOT NULL,
  at         timestamptz NOT NULL,
  search_nos int4[] NOT NULL,
  quiet_nos  int4[] NOT NULL DEFAULT '{}'
);
-- The re-alert rule: the listing's announcements of the last day.
CREATE INDEX listing_search_alerts_listing ON listing_search_alerts (listing_id, at);
-- A search's or a user's announcements.
CREATE INDEX listing_search_alerts_searches ON listing_search_alerts USING gin (search_nos);
-- The emails read the last two days' announcements.
CREATE INDEX listing_search_alerts_at ON listing_search_alerts (at);

-- What the old tables hold, moved over (a rebuild from the log gives the same): the matching pairs
-- by listing; the alerts by listing and time (one listing event's), with the first id of each, which
-- the emails' covered_alert_id compares to.
INSERT INTO listing_search_matches (listing_id, search_nos)
SELECT m.listing_id, array_agg(s.search_no ORDER BY s.search_no)
FROM saved_search_matches m JOIN saved_search_filters s USING (search_id)
WHERE m.matching
GROUP BY m.listing_id;
INSERT INTO listing_search_alerts (id, listing_id, at, search_nos, quiet_nos)
SELECT min(a.id), a.listing_id, a.at, array_agg(DISTINCT s.search_no ORDER BY s.search_no),
       coalesce(array_agg(DISTINCT s.search_no ORDER BY s.search_no) FILTER (WHERE NOT a.notify), '{}')
FROM saved_search_alerts a JOIN saved_search_filters s USING (search_id)
GROUP BY a.listing_id, a.at;
DROP TABLE saved_search_matches;
DROP TABLE saved_search_alerts;

-- New ids continue above the moved ones and above what the emails already covered.
SELECT setval('listing_search_alerts_id', greatest(
  (SELECT coalesce(max(id), 0) FROM listing_search_alerts),
  (SELECT coalesce(max(covered_alert_id), 0) FROM saved_search_emails)) + 1);
