-- Issue 40: furnished, parking and petFriendly are derived from the tenancy terms
-- (furnishing, parking, petsAllowed), and old events are upcast so that a flag
-- with no term sets the term (docs/decisions/0020). Documents and terms already
-- stored in the listing read model and the search index were made the old way:
-- both replay the log, as in migration 0027. The projections process sees the
-- checkpoints reset and replays (`npm run projections:rebuild -- listing-read-model
-- listings-search-index` does the same on a running stack without emptying them).
TRUNCATE listing_read;
UPDATE projection_checkpoints SET transaction_id = '0', position = 0, last_error = NULL, updated_at = now()
WHERE name = 'listing-read-model' OR name = 'listings-search-index' OR name LIKE 'listings-search-index#%';
DELETE FROM projection_parked_streams
WHERE projection = 'listing-read-model' OR projection = 'listings-search-index'
   OR projection LIKE 'listings-search-index#%';
