-- The map search (issue 15/16) reads listing_read and listing_public by
-- index-only scans of their map indexes (0120). Those stay index-only only
-- while the visibility map is fresh: by default autovacuum waits for 20% of a
-- table to change (40k rows at 200k listings), and in between every page an
-- edit touched costs a heap fetch. On the 200k bench copy, 10.5k edits since
-- the last vacuum left 32% of listing_read's pages not all-visible; the
-- planner then chose a sequential scan and the signed-in whole-India view
-- took 2.2 s instead of 0.1 s. Vacuum these two after ~0.5% of their rows
-- change or arrive (cheap: vacuum skips pages already all-visible).
ALTER TABLE listing_read SET (
  autovacuum_vacuum_scale_factor = 0.005,
  autovacuum_vacuum_insert_scale_factor = 0.005,
  autovacuum_analyze_scale_factor = 0.02
);
ALTER TABLE listing_public SET (
  autovacuum_vacuum_scale_factor = 0.005,
  autovacuum_vacuum_insert_scale_factor = 0.005,
  autovacuum_analyze_scale_factor = 0.02
);
