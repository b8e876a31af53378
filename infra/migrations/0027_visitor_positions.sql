-- Where a visitor's map shows a listing. Rounding the position to about 1 km
-- let anyone turn it into the listing's PIN code with a reverse geocoder (35 of
-- 42 listings); SPEC: the visitor view has only the city. Now each listing is
-- moved 3 to 6 km in a direction derived from a secret and its id (then
-- rounded to 0.01°, so 2.2 to 6.8 km in all):
--
-- * a PIN area in an Indian city is 1 to 3 km across, so the moved point
--   almost never lies in the listing's PIN area any more, and the true
--   position is anywhere in a ring of about 85 km² around it;
-- * the offset is stable (a marker never jumps, and the same listing seen
--   twice gives nothing to average) and cannot be undone without the secret,
--   which lives here beside the exact positions it protects: whoever can read
--   it can read listing_read's coordinates anyway;
-- * in a city whose centre and extent are known (the caller passes them),
--   the point moves only in directions that keep it no farther from the
--   centre than the listing itself (or inside the city's core), so a marker
--   never leaves its city.
--
-- A per-city grid (every listing in a cell shown at the cell's centre) was
-- the other candidate: it reveals nothing but the cell, but a cell centre is
-- often inside the listing's own PIN area unless cells are made so big (8 km
-- and more) that markers pile up and cross city limits.
CREATE TABLE visitor_position_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret   bytea NOT NULL
);
INSERT INTO visitor_position_secret (secret)
SELECT sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8'));

CREATE FUNCTION visitor_position(
  listing_id text, lat float8, lng float8, centre_lat float8, centre_lng float8, radius_km float8,
  OUT visitor_lat float8, OUT visitor_lng float8)
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  min_km   CONSTANT float8 := 3;
  max_km   CONSTANT float8 := 6;
  km_lat   CONSTANT float8 := 110.574;
  km_lng   float8;
  h        bytea;
  u1       float8;
  u2       float8;
  r        float8;
  dx       float8;
  dy       float8;
  d        float8;
  allowed  float8;
  cos_min  float8;
  theta    float8;
BEGIN
  IF lat IS NULL OR lng IS NULL THEN
    RETURN;
  END IF;
  SELECT sha256(s.secret || convert_to(listing_id, 'UTF8')) INTO h FROM visitor_position_secret s;
  u1 := (get_byte(h, 0) * 16777216::float8 + get_byte(h, 1) * 65536 + get_byte(h, 2) * 256 + get_byte(h, 3))
        / 4294967296;
  u2 := (get_byte(h, 4) * 16777216::float8 + get_byte(h, 5) * 65536 + get_byte(h, 6) * 256 + get_byte(h, 7))
        / 4294967296;
  r := min_km + (max_km - min_km) * u1;
  km_lng := 111.320 * cos(radians(lat));
  IF centre_lat IS NULL OR centre_lng IS NULL OR radius_km IS NULL THEN
    theta := 2 * pi() * u2;
  ELSE
    -- East and north, in km, from the listing to the city's centre.
    dx := (centre_lng - lng) * km_lng;
    dy := (centre_lat - lat) * km_lat;
    d := sqrt(dx * dx + dy * dy);
    allowed := greatest(d, radius_km - max_km);
    IF d < 0.001 THEN
      theta := 2 * pi() * u2;
    ELSE
      -- Law of cosines: at most `allowed` from the centre means at most acos(cos_min) off the inward direction.
      cos_min := (d * d + r * r - allowed * allowed) / (2 * d * r);
      theta := atan2(dy, dx) + (2 * u2 - 1) * acos(least(1, greatest(-1, cos_min)));
    END IF;
  END IF;
  -- On the 0.01° grid visitors' maps have always used (the moved point, not the listing).
  visitor_lat := round((lat + r * sin(theta) / km_lat)::numeric, 2)::float8;
  visitor_lng := round((lng + r * cos(theta) / km_lng)::numeric, 2)::float8;
END $$;

COMMENT ON COLUMN listing_public.coarse_lat IS 'Visitor map position (visitor_position): 2.2–6.8 km from the listing';
COMMENT ON COLUMN listing_public.coarse_lng IS 'Visitor map position (visitor_position): 2.2–6.8 km from the listing';

-- Positions already published were only rounded: rebuild the visitor model and
-- the search index (which filters visitors' map areas on the same positions)
-- from the log. The projections process sees its checkpoint reset and replays.
TRUNCATE listing_public;
UPDATE projection_checkpoints SET transaction_id = '0', position = 0, last_error = NULL, updated_at = now()
WHERE name IN ('public-listing-model', 'listings-search-index');
