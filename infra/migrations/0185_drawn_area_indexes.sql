-- A list search within an area drawn on the map (issue 17) is answered by
-- Postgres (Meilisearch 1.21 has no polygon filter): the listings in the
-- area's bounding box, tested with `polygon @> point(longitude, latitude)`,
-- counted and the newest page sorted. Without an index on the position that
-- read every row of listing_read (a parallel seq scan, 220–350 ms on the 200k
-- bench); this one answers it as an index-only scan (14–18 ms): the position,
-- and the columns the list's filters and sorts read, for every listed
-- listing (the signed-in list shows those kept off the map too, unlike
-- listing_read_map).
CREATE INDEX listing_read_position ON listing_read (latitude, longitude)
  INCLUDE (id, created_at, last_confirmed_at, property_type, rent, bedrooms, bathrooms, city_key, area_key)
  WHERE is_available;

-- Visitors' list within a drawn area sorts by created_at, which their map's
-- index did not hold: 17k heap rows fetched for a page of 12 (3.2 s cold on
-- the bench). With it the sort reads the index only.
DROP INDEX listing_public_map;
CREATE INDEX listing_public_map ON listing_public (coarse_lat, coarse_lng)
  INCLUDE (id, property_type, bedrooms, bathrooms, city_key, created_at)
  WHERE listed AND show_on_map;
