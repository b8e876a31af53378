-- Recycled photos and duplicate listings (issue 41, docs/TRUST.md). The duplicates read model
-- (projections/src/trust/duplicates.ts) is these tables' one writer.

-- What the rules need of each listing: owner, city, address, position and its text as shingles
-- (core/src/trust/duplicates.ts). Deleted listings leave; delisted ones stay (their photos can
-- still be copied, the classic scam re-uses a let flat's photos).
CREATE TABLE duplicate_listings (
  listing_id           text             PRIMARY KEY,
  owner_id             text             NOT NULL,
  city                 text             NOT NULL,
  address_key          text             NOT NULL,
  latitude             double precision,
  longitude            double precision,
  title_shingles       integer[]        NOT NULL DEFAULT '{}',
  description_shingles integer[]        NOT NULL DEFAULT '{}'
);
CREATE INDEX duplicate_listings_address ON duplicate_listings (address_key);
CREATE INDEX duplicate_listings_position ON duplicate_listings (latitude, longitude)
  WHERE latitude IS NOT NULL;

-- Each photo's perceptual hashes (64 bits as bigint, core/src/trust/photoHash.ts), one row per view:
-- 0 the whole photo, 1 its central 90 % (what a 10 % crop keeps), each with its mirror image's hash.
-- One index per 8-bit band: two hashes at most 7 bits apart share a band, so a lookup ORs the eight.
CREATE TABLE duplicate_photos (
  image_id   text     NOT NULL,
  view       smallint NOT NULL,
  listing_id text     NOT NULL,
  hash       bigint   NOT NULL,
  mirrored   bigint   NOT NULL,
  PRIMARY KEY (image_id, view)
);
CREATE INDEX duplicate_photos_listing ON duplicate_photos (listing_id);
CREATE INDEX duplicate_photos_band0 ON duplicate_photos (((hash >> 56) & 255));
CREATE INDEX duplicate_photos_band1 ON duplicate_photos (((hash >> 48) & 255));
CREATE INDEX duplicate_photos_band2 ON duplicate_photos (((hash >> 40) & 255));
CREATE INDEX duplicate_photos_band3 ON duplicate_photos (((hash >> 32) & 255));
CREATE INDEX duplicate_photos_band4 ON duplicate_photos (((hash >> 24) & 255));
CREATE INDEX duplicate_photos_band5 ON duplicate_photos (((hash >> 16) & 255));
CREATE INDEX duplicate_photos_band6 ON duplicate_photos (((hash >> 8) & 255));
CREATE INDEX duplicate_photos_band7 ON duplicate_photos ((hash & 255));

-- Found matches, one row per pair of photos (listing_a < listing_b) and one per pair of listings with
-- near-identical text at one address. found_at is the event's time, so a rebuild writes the same rows.
CREATE TABLE duplicate_photo_matches (
  listing_a text        NOT NULL,
  listing_b text        NOT NULL,
  image_a   text        NOT NULL,
  image_b   text        NOT NULL,
  distance  smallint    NOT NULL,
  mirrored  boolean     NOT NULL,
  found_at  timestamptz NOT NULL,
  PRIMARY KEY (image_a, image_b)
);
CREATE INDEX duplicate_photo_matches_pair ON duplicate_photo_matches (listing_a, listing_b);
CREATE INDEX duplicate_photo_matches_b ON duplicate_photo_matches (listing_b);

CREATE TABLE duplicate_text_matches (
  listing_a    text        NOT NULL,
  listing_b    text        NOT NULL,
  similarity   real        NOT NULL,
  metres       real,
  same_address boolean     NOT NULL,
  found_at     timestamptz NOT NULL,
  PRIMARY KEY (listing_a, listing_b)
);
CREATE INDEX duplicate_text_matches_b ON duplicate_text_matches (listing_b);

-- Pairs an admin marked 'Not a duplicate' (DuplicatePairDismissed): never shown again.
CREATE TABLE duplicate_dismissals (
  listing_a    text        NOT NULL,
  listing_b    text        NOT NULL,
  admin_id     text        NOT NULL,
  dismissed_at timestamptz NOT NULL,
  PRIMARY KEY (listing_a, listing_b)
);
