-- When the home was let since it was last listed (issue 44; null otherwise): the pre-rendered
-- page says "Let" rather than "no longer listed". On listing_public, a model the page builder's
-- fence waits for, so the page never says less than the log.
ALTER TABLE listing_public ADD COLUMN let_at timestamptz;
