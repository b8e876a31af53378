-- Rent history and locality rent trends (issue 18), one projection
-- (projections/src/rentTrends/): all five tables are its own, rebuilt from
-- zero together.

-- Each live listing as the trends need it: place, kind, current rent (and its
-- monthly equivalent) and its time on the market.
CREATE TABLE rent_listing (
  listing_id      text PRIMARY KEY,
  city            text NOT NULL,
  city_key        text NOT NULL,
  area            text NOT NULL,
  area_key        text NOT NULL,
  property_type   text NOT NULL,
  bedrooms        int NOT NULL,
  rent            float8 NOT NULL,
  rent_type       text NOT NULL,
  monthly_rent    float8 NOT NULL,
  listed          boolean NOT NULL,
  created_at      timestamptz NOT NULL,
  -- When the current time on the market began (null while delisted).
  listed_since    timestamptz,
  -- Time on the market in earlier listed periods, in milliseconds.
  listed_ms       bigint NOT NULL DEFAULT 0,
  times_relisted  int NOT NULL DEFAULT 0
);

-- Every rent change of a live listing, in log order.
CREATE TABLE rent_change (
  listing_id          text NOT NULL,
  position            bigint NOT NULL,
  at                  timestamptz NOT NULL,
  rent                float8 NOT NULL,
  rent_type           text NOT NULL,
  previous_rent       float8 NOT NULL,
  previous_rent_type  text NOT NULL,
  PRIMARY KEY (listing_id, position)
);

-- One row per listing and calendar month (India time) in which it was on the
-- market, with its place, kind and monthly rent as they stood when it left
-- that month (or now). The trends are medians over these rows.
CREATE TABLE rent_listing_month (
  listing_id     text NOT NULL,
  month          date NOT NULL,
  city_key       text NOT NULL,
  area_key       text NOT NULL,
  property_type  text NOT NULL,
  bedrooms       int NOT NULL,
  monthly_rent   float8 NOT NULL,
  PRIMARY KEY (listing_id, month)
);
-- A unique index (not a plain one) so that a rebuild's copies keep it while
-- they are filled: every batch recomputes buckets by these keys.
CREATE UNIQUE INDEX rent_listing_month_bucket
  ON rent_listing_month (city_key, property_type, bedrooms, month, area_key, listing_id);

-- The medians: scope 'city' (area_key '') or 'locality', per property type,
-- bedrooms and month, with the number of listings behind each. Readers hide
-- figures below the minimum sample (projections/src/rentTrends/medians.ts).
CREATE TABLE rent_trend (
  scope          text NOT NULL,
  city_key       text NOT NULL,
  area_key       text NOT NULL,
  property_type  text NOT NULL,
  bedrooms       int NOT NULL,
  month          date NOT NULL,
  median         float8 NOT NULL,
  sample         int NOT NULL,
  PRIMARY KEY (scope, city_key, area_key, property_type, bedrooms, month)
);

-- The latest month the log has reached (one row), and the buckets a batch
-- changed, recomputed and emptied at the end of the same batch.
CREATE TABLE rent_trend_clock (
  id     boolean PRIMARY KEY DEFAULT true CHECK (id),
  month  date NOT NULL
);

CREATE TABLE rent_trend_dirty (
  city_key       text NOT NULL,
  area_key       text NOT NULL,
  property_type  text NOT NULL,
  bedrooms       int NOT NULL,
  month          date NOT NULL,
  PRIMARY KEY (city_key, area_key, property_type, bedrooms, month)
);
