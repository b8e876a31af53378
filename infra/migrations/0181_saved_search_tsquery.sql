-- Issue 17: a saved search's free text parsed once, not for every listing tested against it (the
-- parse was about a third of the matcher's time; docs/PERFORMANCE.md, saved-search alerts).
ALTER TABLE saved_search_filters ADD COLUMN IF NOT EXISTS text_tsquery tsquery
  GENERATED ALWAYS AS (to_tsquery('simple', text_query)) STORED;
