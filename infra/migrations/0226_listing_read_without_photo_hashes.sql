-- Issue 41: photos added while the listing read model copied the photo worker's perceptual hashes
-- into its documents left them there; the log's fold (and npm run verify) leaves them out. Drop them
-- from the documents that have them (the duplicates read model keeps the hashes it needs).
UPDATE listing_read
SET doc = jsonb_set(doc::jsonb, '{images}', (
      SELECT coalesce(jsonb_agg(i - 'phash' ORDER BY n), '[]'::jsonb)
      FROM jsonb_array_elements((doc -> 'images')::jsonb) WITH ORDINALITY AS t(i, n)))::json
WHERE doc::text LIKE '%"phash"%';
