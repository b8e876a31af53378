-- 'Owners only' in saved-search alerts (issue 41, docs/TRUST.md): a search keeps whether it asks for owners'
-- listings only, a listing whether a broker lists it (projections/src/alerts/).
ALTER TABLE saved_search_filters ADD COLUMN owners_only boolean NOT NULL DEFAULT false;
ALTER TABLE alert_listings ADD COLUMN broker boolean NOT NULL DEFAULT false;

-- The listings of brokers so far, from their creation (no role had changed before this migration's release).
UPDATE alert_listings a SET broker = true
FROM events e
WHERE e.stream_id = 'listing-' || a.id AND e.type = 'ListingCreated' AND e.data -> 'owner' ->> 'role' = 'broker';
