-- The admin console (issue 38, docs/TRUST.md).

-- Recent decisions: the newest admin decisions read straight from the log. Decisions are a few among
-- millions of events; this index holds only them, so the newest ten are read without a scan. The
-- type list must stay the one in projections/src/queries/adminQueries.ts (recentDecisions), or the
-- planner cannot use it.
CREATE INDEX events_admin_decisions ON events (position DESC)
  WHERE type IN ('ListingVerified', 'ListingVerificationRevoked', 'ListingReportsDismissed',
                 'ListingFixRequested', 'ListingDelistedAfterReview', 'ListingOwnerSuspended');

-- Listings awaiting verification (listed, not verified), newest first, optionally in one city.
CREATE INDEX listing_read_unverified ON listing_read (city_key, created_at DESC)
  WHERE is_available AND NOT is_verified;

-- 'Possible brokers' is gone from the review queue (issue 38): homeowners at more than five addresses
-- flagged every seeded homeowner, a signal nobody could act on. Its read model goes with it, and its
-- bookkeeping, or read-side health would wait for it for ever.
DROP TABLE listing_addresses;
DELETE FROM projection_checkpoints WHERE name = 'broker-flags';
DELETE FROM projection_heartbeats WHERE projection = 'broker-flags';
DELETE FROM projection_parked_streams WHERE projection = 'broker-flags';
DELETE FROM projection_parked_events WHERE projection = 'broker-flags';
