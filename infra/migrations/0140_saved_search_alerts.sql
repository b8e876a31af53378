-- The saved-search alerts read model (projection 'saved-search-alerts', projections/src/alerts/),
-- built from the saved-search streams and the listing events; rebuilt from the log.

-- Each saved search as the matcher reads it: the search's filters as columns (null: no filter).
-- An empty city_keys/area_keys is "no such place" and matches nothing, as in search.
CREATE TABLE saved_search_filters (
  search_id      text PRIMARY KEY,
  user_id        text NOT NULL,
  name           text NOT NULL,
  alert          text NOT NULL CHECK (alert IN ('instant', 'daily', 'off')),
  paused         boolean NOT NULL DEFAULT false,
  city_keys      text[],
  area_keys      text[],
  property_types text[],
  min_rent       float8,
  max_rent       float8,
  bedrooms       int,
  bathrooms      int,
  -- The free text as a to_tsquery('simple') expression, built as the Postgres search builds it.
  text_query     text,
  west           float8,
  south          float8,
  east           float8,
  north          float8,
  drawn_area     polygon,
  created_at     timestamptz NOT NULL,
  -- Matches recorded after this are new (the saved-searches screen's count).
  seen_at        timestamptz NOT NULL
);
CREATE INDEX saved_search_filters_user ON saved_search_filters (user_id, created_at);

-- Percolation: a listing's candidate searches are those keyed by its city, its area and its property
-- type, each or '' for any: one row per combination of a search's cities × areas × types; paused
-- searches have none, so they never match. A listing probes its 8 keys.
CREATE TABLE saved_search_keys (
  city_key      text NOT NULL,
  area_key      text NOT NULL,
  property_type text NOT NULL,
  search_id     text NOT NULL,
  PRIMARY KEY (city_key, area_key, property_type, search_id)
);
CREATE INDEX saved_search_keys_search ON saved_search_keys (search_id);

-- What the matcher knows of each listing: the columns the search filters on, kept from the
-- listing events by this projection itself (it does not wait for listing_read).
CREATE TABLE alert_listings (
  id            text PRIMARY KEY,
  available     boolean NOT NULL,
  title         text NOT NULL,
  description   text NOT NULL,
  property_type text NOT NULL,
  rent          float8 NOT NULL,
  city          text NOT NULL,
  area          text NOT NULL,
  address       text NOT NULL,
  city_key      text NOT NULL,
  area_key      text NOT NULL,
  bedrooms      int,
  bathrooms     int,
  latitude      float8,
  longitude     float8
);

-- A listing matching a saved search. `matching` is whether it does now; `alerted_at` when it was
-- last announced: a listing that stops matching and matches again within a day is not announced
-- again.
CREATE TABLE saved_search_matches (
  search_id  text NOT NULL,
  listing_id text NOT NULL,
  matching   boolean NOT NULL,
  alerted_at timestamptz NOT NULL,
  PRIMARY KEY (search_id, listing_id)
);
CREATE INDEX saved_search_matches_listing ON saved_search_matches (listing_id) WHERE matching;

-- Each announcement of a listing to a saved search: the new-match counts, the in-app notifications
-- (notify: the search's alert is not 'off') and the emails read these.
CREATE TABLE saved_search_alerts (
  id         bigserial PRIMARY KEY,
  search_id  text NOT NULL,
  user_id    text NOT NULL,
  listing_id text NOT NULL,
  at         timestamptz NOT NULL,
  notify     boolean NOT NULL,
  alert      text NOT NULL
);
CREATE INDEX saved_search_alerts_search ON saved_search_alerts (search_id, at);
CREATE INDEX saved_search_alerts_user ON saved_search_alerts (user_id, id DESC) WHERE notify;
