-- Listings that never go stale (issue 17). The listing document now carries
-- `lastConfirmedAt` and `isExpired`; rows written before this keep working
-- with an estimate until the listing read model is next rebuilt from the log
-- (`npm run projections:rebuild -- listing-read-model` gives the exact times):
-- the last update is never earlier than the last confirmation, so the
-- estimate can only make a listing look confirmed later, never earlier.
UPDATE listing_read
SET doc = doc || jsonb_build_object('lastConfirmedAt', doc -> 'updatedAt', 'isExpired', false)
WHERE NOT doc ? 'lastConfirmedAt';

-- Sort by recently confirmed in the Postgres search path (ISO times in UTC sort as text).
ALTER TABLE listing_read
  ADD COLUMN last_confirmed_at text GENERATED ALWAYS AS (doc ->> 'lastConfirmedAt') STORED;
CREATE INDEX listing_read_confirmed ON listing_read (last_confirmed_at DESC) WHERE is_available;

-- The visitor model tells an expired listing (its page answers 410 'no longer
-- available', with similar listings) from one its owner delisted (404). No
-- listing expired before this migration, so the default is exact.
ALTER TABLE listing_public ADD COLUMN expired boolean NOT NULL DEFAULT false;

-- The expiry scheduler's read model (projection `listing-expiry-schedule`):
-- one row per live listing with its last confirmation, whether the owner was
-- reminded about that confirmation, and whether it is listed (only listed
-- listings expire). A new projection, so it fills from the whole log.
CREATE TABLE listing_expiry_schedule (
  listing_id        text PRIMARY KEY,
  owner_id          text NOT NULL,
  last_confirmed_at timestamptz NOT NULL,
  reminded          boolean NOT NULL DEFAULT false,
  listed            boolean NOT NULL
);
CREATE INDEX listing_expiry_schedule_due ON listing_expiry_schedule (last_confirmed_at, listing_id)
  WHERE listed;

-- The last sweep of the scheduler, for /api/health (one row).
CREATE TABLE listing_expiry_sweeps (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  swept_at    timestamptz NOT NULL,
  now_used    timestamptz NOT NULL,
  due         integer NOT NULL,
  reminded    integer NOT NULL,
  expired     integer NOT NULL,
  failures    integer NOT NULL,
  duration_ms integer NOT NULL
);

-- Single-use links of the reminder email ('Still available' without signing in).
CREATE TABLE listing_confirm_tokens (
  token_hash text PRIMARY KEY,
  listing_id text NOT NULL,
  owner_id   text NOT NULL,
  issued_at  timestamptz NOT NULL,
  used_at    timestamptz
);
