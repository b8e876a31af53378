-- Read models built by the projections from the listing events (DESIGN §5).
-- Each table is owned by exactly one projection and is rebuilt from the log.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The full listing: the SPEC §3 document (without `views`, a counter) in
-- `doc`, and the fields that filters, sorts and the degraded search path need
-- as columns. Deleted listings have no row; delisted ones stay (owners see them).
CREATE TABLE listing_read (
  id            text PRIMARY KEY,
  owner_id      text NOT NULL,
  doc           jsonb NOT NULL,
  title         text NOT NULL,
  description   text NOT NULL,
  property_type text NOT NULL,
  rent          double precision NOT NULL,
  city          text NOT NULL,
  area          text NOT NULL,
  -- normaliseLocality(city/area): what the locality matcher resolves input to.
  city_key      text NOT NULL,
  area_key      text NOT NULL,
  address       text NOT NULL,
  latitude      double precision,
  longitude     double precision,
  bedrooms      integer NOT NULL,
  bathrooms     integer NOT NULL,
  facilities    text[] NOT NULL,
  image_count   integer NOT NULL,
  is_available  boolean NOT NULL,
  is_verified   boolean NOT NULL,
  created_at    timestamptz NOT NULL
);

CREATE INDEX listing_read_owner ON listing_read (owner_id, created_at DESC);
-- The degraded search path: every filter is on listed rows; city/area are
-- compared by key (the locality matcher resolves typos and synonyms first).
CREATE INDEX listing_read_city ON listing_read (city_key, created_at DESC) WHERE is_available;
CREATE INDEX listing_read_city_area ON listing_read (city_key, area_key) WHERE is_available;
CREATE INDEX listing_read_area ON listing_read (area_key) WHERE is_available;
CREATE INDEX listing_read_rent ON listing_read (rent) WHERE is_available;
CREATE INDEX listing_read_newest ON listing_read (created_at DESC) WHERE is_available;
CREATE INDEX listing_read_featured ON listing_read (is_verified DESC, created_at DESC)
  WHERE is_available AND image_count > 0;
-- Free text (`q`) in the degraded path: substring match on the searchable fields.
CREATE INDEX listing_read_text ON listing_read
  USING gin ((lower(title || ' ' || description || ' ' || city || ' ' || area || ' ' || address)) gin_trgm_ops);

-- The visitor (public) model: physically without rent, contact, facilities,
-- address, area, pin code and exact coordinates; `coarse_*` are rounded to
-- about 1 km, and visitors get them only when `show_on_map` is set.
-- Delisted listings keep their row with listed = false (a relist event carries
-- no fields to rebuild it from); every public query reads listed rows only.
CREATE TABLE listing_public (
  id            text PRIMARY KEY,
  owner_id      text NOT NULL,
  title         text NOT NULL,
  description   text NOT NULL,
  property_type text NOT NULL,
  city          text NOT NULL,
  city_key      text NOT NULL,
  bedrooms      integer NOT NULL,
  bathrooms     integer NOT NULL,
  coarse_lat    double precision,
  coarse_lng    double precision,
  show_on_map   boolean NOT NULL,
  images        jsonb NOT NULL,
  owner         jsonb NOT NULL,
  listed        boolean NOT NULL,
  is_verified   boolean NOT NULL,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);

CREATE INDEX listing_public_city ON listing_public (city_key, created_at DESC) WHERE listed;
CREATE INDEX listing_public_newest ON listing_public (created_at DESC) WHERE listed;
CREATE INDEX listing_public_featured ON listing_public (is_verified DESC, created_at DESC)
  WHERE listed AND images <> '[]'::jsonb;
CREATE INDEX listing_public_text ON listing_public
  USING gin ((lower(title || ' ' || description || ' ' || city)) gin_trgm_ops);

-- Per-owner figures; total views come from the view counters below.
CREATE TABLE owner_listing_stats (
  owner_id text PRIMARY KEY,
  total    integer NOT NULL DEFAULT 0,
  listed   integer NOT NULL DEFAULT 0,
  delisted integer NOT NULL DEFAULT 0
);
-- Which owner a listing belongs to and whether it is listed, so that delist,
-- relist and delete events (which carry neither) can move the counters.
CREATE TABLE owner_listing_membership (
  listing_id text PRIMARY KEY,
  owner_id   text NOT NULL,
  listed     boolean NOT NULL
);
CREATE INDEX owner_listing_membership_owner ON owner_listing_membership (owner_id);

-- View counters (DESIGN §4: counters, not events), written in batches by the
-- API. A viewer counts once per listing.
CREATE TABLE listing_viewers (
  listing_id text NOT NULL,
  viewer     text NOT NULL,
  PRIMARY KEY (listing_id, viewer)
);
CREATE TABLE listing_view_counts (
  listing_id text PRIMARY KEY,
  views      bigint NOT NULL DEFAULT 0
);

-- Read-your-writes: "has the read model applied every event this user wrote?"
-- is a range scan on this index.
CREATE INDEX events_user_position ON events ((metadata ->> 'userId'), transaction_id, position);
