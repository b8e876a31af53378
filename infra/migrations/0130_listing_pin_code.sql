-- The listings search reads a PIN code typed as a place (issue 16): the
-- locality matcher maps it to the areas of the listings that carry it, so
-- both engines filter the same areas. The PIN lives in `doc`; a generated
-- column (kept by Postgres on every write and copied by the rebuild's
-- `LIKE … INCLUDING ALL`) and a covering index let the matcher's periodic
-- load of the distinct city/area/PIN triples stay an index-only scan instead
-- of reading every wide row. (Numbered 0130 to stay clear of numbers other
-- features may use this round.)
ALTER TABLE listing_read
  ADD COLUMN pin_code text GENERATED ALWAYS AS (doc #>> '{location,pinCode}') STORED;

-- It also serves the city/area filters, so it replaces their index (no extra write cost).
CREATE INDEX listing_read_places ON listing_read (city_key, area_key, pin_code) WHERE is_available;
DROP INDEX listing_read_city_area;
