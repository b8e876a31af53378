-- The favourites read model (projection 'favourites', projections/src/readModels/favourites.ts),
-- built from the favourite streams and the listing events; rebuilt from the log.

-- One row per favourite a user holds now.
CREATE TABLE user_favourites (
  user_id       text NOT NULL,
  listing_id    text NOT NULL,
  favourited_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, listing_id)
);
CREATE INDEX user_favourites_newest ON user_favourites (user_id, favourited_at DESC);

-- What a favourite shows of its listing and whether it is still available:
-- kept for every listing, deleted ones too (their card reads 'no longer
-- available' with the last title and place instead of vanishing).
CREATE TABLE favourite_listings (
  listing_id text PRIMARY KEY,
  title      text NOT NULL,
  city       text NOT NULL,
  area       text NOT NULL,
  state      text NOT NULL CHECK (state IN ('listed', 'delisted', 'deleted'))
);
