-- Issue 17: compact storage of the saved-search matches and alerts. A row per (search, listing) in
-- saved_search_matches and saved_search_alerts cost about 35 µs a match, and a listing matches
-- hundreds of searches (docs/PERFORMANCE.md): one row per listing now holds its matched searches, and
-- one row per listing event the searches it newly matched; the readers unnest what they need.

-- The alerts read model is rebuilt from the log into the new tables (checkpoint reset below).
TRUNCATE saved_search_filters, saved_search_keys, alert_listings;

-- Each search's small number, from a sequence that never gives one twice (a deleted search's number
-- stays in old rows and must not name another search). Rebuilt copies draw from the same sequence.

CREATE SEQUENCE IF NOT EXISTS saved_search_no AS int4;
ALTER TABLE saved_search_filters
  ADD COLUMN IF NOT EXISTS search_no int4 NOT NULL DEFAULT nextval('saved_search_no');
CREATE UNIQUE INDEX IF NOT EXISTS saved_search_filters_no ON saved_search_filters (search_no);

DROP TABLE IF EXISTS saved_search_matches;
DROP TABLE IF EXISTS saved_search_alerts;

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

-- Emails already sent covered alerts up to these ids: new ids continue above them.
SELECT setval('listing_search_alerts_id', (SELECT coalesce(max(covered_alert_id), 0) + 1 FROM saved_search_emails));
UPDATE projection_checkpoints SET transaction_id = '0', position = 0, last_error = NULL, updated_at = now()
WHERE name = 'saved-search-alerts';
