-- The static public browse site (DESIGN §5, §7): which cities' and listings'
-- pre-rendered pages must be rebuilt, and what the regenerator last did.

-- A city's identity on the site is its slug ("New Delhi", "new delhi " and
-- "NEW-DELHI" are one page). One definition, used by the dirty-cities
-- projection and by the page generator alike. Names without a latin letter or
-- digit get a stable hash so they still have a page.
CREATE FUNCTION public_site_city_slug(city text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(
  nullif(trim(both '-' from regexp_replace(lower(city), '[^a-z0-9]+', '-', 'g')), ''),
  'c-' || left(md5(lower(trim(city))), 10)
);

-- The generator streams one city's listed rows newest first (and all cities in
-- slug order for a full build): this index serves both without a sort.
CREATE INDEX listing_public_site_order
  ON listing_public (public_site_city_slug(city), created_at DESC, id DESC) WHERE listed;

-- The dirty-cities projection's own memory of each listing's city: most events
-- after ListingCreated do not carry the city, and this projection must not
-- depend on another projection's tables being up to date.
CREATE TABLE public_site_listing_city (
  listing_id text PRIMARY KEY,
  city_slug  text NOT NULL
);

-- A city whose pages must be rebuilt. dirty_tx/dirty_position is the newest
-- event that changed it: the regenerator waits until the public read model has
-- applied that event before it builds. `generation` moves on every mark, so a
-- rebuild only clears the mark it actually saw.
CREATE TABLE public_site_dirty_cities (
  city_slug      text PRIMARY KEY,
  dirty_tx       xid8 NOT NULL,
  dirty_position bigint NOT NULL,
  generation     bigint NOT NULL DEFAULT 1,
  first_dirty_at timestamptz NOT NULL DEFAULT now()
);

-- A listing whose own page (/browse/{id}) must be rebuilt (or turned into a
-- "no longer listed" page).
CREATE TABLE public_site_dirty_listings (
  listing_id     text PRIMARY KEY,
  city_slug      text NOT NULL,
  dirty_tx       xid8 NOT NULL,
  dirty_position bigint NOT NULL,
  generation     bigint NOT NULL DEFAULT 1
);

-- What the regenerator last did, for /api/health and the operator.
CREATE TABLE public_site_runs (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('incremental', 'full')),
  started_at     timestamptz NOT NULL,
  finished_at    timestamptz NOT NULL,
  cities         text[] NOT NULL,
  pages_written  integer NOT NULL,
  pages_unchanged integer NOT NULL
);
