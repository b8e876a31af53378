-- Issue 17: saved searches keep the tenancy terms; the notification bell's read marks.
-- Saved searches keep the tenancy-term filters (issue 17): the matcher compares them as search does.
-- The search's term filters as rules (tenancyRules: [{term, in: [...]} | {term, atMost}]); NULL: none.
ALTER TABLE saved_search_filters ADD COLUMN IF NOT EXISTS terms jsonb;
-- Each listing's terms as the index holds them (tenancyTerms), and what a deposit given in rupees
-- needs to be in months again when the rent changes: the terms as given and the rent's period.
-- Listings recorded before this have none until the projection is rebuilt.
ALTER TABLE alert_listings ADD COLUMN IF NOT EXISTS terms jsonb;
ALTER TABLE alert_listings ADD COLUMN IF NOT EXISTS tenancy jsonb;
ALTER TABLE alert_listings ADD COLUMN IF NOT EXISTS rent_type text;

-- The notification bell's read mark per user (projection 'notification-reads', from NotificationsRead):
-- saved-search matches and owner notices recorded up to it are read.
CREATE TABLE IF NOT EXISTS notification_reads (
  user_id     text PRIMARY KEY,
  read_up_to  timestamptz NOT NULL
);
