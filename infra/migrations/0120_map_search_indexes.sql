-- The map search (GET /api/properties/map, issue 16) reads every match in a
-- viewport: its position, type and rent, counted or grouped per grid cell. A
-- covering index on the position, holding every column the list's filters
-- test (except free text), answers it as an index-only scan: the whole-India
-- view over 200k listings reads ~25 MB of index instead of every row of
-- listing_read (whose `doc` makes rows wide). Partial on what a map may show
-- (listed, and shown on the map by its owner), written as mapInPostgres.ts
-- writes its condition so the planner can prove the predicate.
CREATE INDEX listing_read_map ON listing_read (latitude, longitude)
  INCLUDE (id, property_type, rent, bedrooms, bathrooms, city_key, area_key)
  WHERE is_available AND (doc ->> 'showOnMap')::boolean;

CREATE INDEX listing_public_map ON listing_public (coarse_lat, coarse_lng)
  INCLUDE (id, property_type, bedrooms, bathrooms, city_key)
  WHERE listed AND show_on_map;
