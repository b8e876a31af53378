-- Issue 15, rebuilds: the listing document is stored as `json` (its text, as
-- the projection wrote it) instead of `jsonb`. Converting every document to
-- jsonb's binary form was most of a rebuild's load: COPY of the 200k bench
-- copy took 15.5 s with jsonb and the two generated columns, 10.6 s with json
-- and those columns written by the projection (docs/PERFORMANCE.md, "The
-- listing model's load with the document as `json`"). Readers take fields
-- with the same `->`/`->>` operators; the projection's patches go through
-- jsonb for the one row they change.
--
-- Every column a filter or index needs is now written by the projection
-- beside the document rather than generated from it: a generated column on
-- json parses the whole text again for each row, which cost more than jsonb
-- saved. `show_on_map` is new (the map's partial index read it out of the
-- document).
ALTER TABLE listing_read
  ADD COLUMN show_on_map boolean GENERATED ALWAYS AS ((doc ->> 'showOnMap')::boolean) STORED;
ALTER TABLE listing_read ALTER COLUMN show_on_map DROP EXPRESSION;
ALTER TABLE listing_read ALTER COLUMN pin_code DROP EXPRESSION;
ALTER TABLE listing_read ALTER COLUMN last_confirmed_at DROP EXPRESSION;

DROP INDEX listing_read_map;
ALTER TABLE listing_read ALTER COLUMN doc TYPE json USING doc::json;
-- A change of type resets the column's storage to the type's default (migration 0187 chose EXTERNAL).
ALTER TABLE listing_read ALTER COLUMN doc SET STORAGE EXTERNAL;
CREATE INDEX listing_read_map ON listing_read (latitude, longitude)
  INCLUDE (id, property_type, rent, bedrooms, bathrooms, city_key, area_key)
  WHERE is_available AND show_on_map;
