-- Issue 15: the listing document is `json` since migration 0189, and `json ->`
-- parses the whole text on every call. The Postgres search path (used when
-- Meilisearch cannot answer, and for the fresh merge) filters on the tenancy
-- terms and on the rent type (a yearly rent's deposit in months): they become
-- columns the projection writes beside the document, so that no filter reads
-- the document. A furnishing filter over every listed listing of the 200k
-- bench copy took 2.4–3.0 s reading the `json` document (docs/PERFORMANCE.md).
-- Filled by a generated expression, then left as ordinary columns (one table
-- rewrite, no dead rows).
ALTER TABLE listing_read
  ADD COLUMN tenancy jsonb GENERATED ALWAYS AS ((doc -> 'tenancy')::jsonb) STORED,
  ADD COLUMN rent_type text GENERATED ALWAYS AS (doc ->> 'rentType') STORED;
ALTER TABLE listing_read ALTER COLUMN tenancy DROP EXPRESSION;
ALTER TABLE listing_read ALTER COLUMN rent_type DROP EXPRESSION;
