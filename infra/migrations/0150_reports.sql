-- Reports and trust (issue 17, docs/TRUST.md).

-- The admin review queue (projections/src/reports/reportQueue.ts): one row per reported listing, its
-- open reports (since the last review decision) counted per reason, and what the reports did to it.
CREATE TABLE report_queue (
  listing_id      text        PRIMARY KEY,
  owner_id        text        NOT NULL,
  open_count      integer     NOT NULL DEFAULT 0,
  total_count     integer     NOT NULL DEFAULT 0,
  -- Open reports per reason, e.g. {"Already rented": 2}.
  open_reasons    jsonb       NOT NULL DEFAULT '{}',
  first_open_at   timestamptz,
  hidden          boolean     NOT NULL DEFAULT false,
  possibly_rented boolean     NOT NULL DEFAULT false,
  last_decision   text,
  last_decided_at timestamptz
);
-- The queue's order: most open reports first, then the oldest.
CREATE INDEX report_queue_open ON report_queue (open_count DESC, first_open_at) WHERE open_count > 0;

-- What owners are told about review decisions (the in-app notices), one row per decision event; the id
-- is the event's stream and version, so a rebuild writes the same rows.
CREATE TABLE owner_notices (
  id         text        PRIMARY KEY,
  user_id    text        NOT NULL,
  kind       text        NOT NULL,
  listing_id text        NOT NULL,
  reason     text        NOT NULL,
  at         timestamptz NOT NULL
);
CREATE INDEX owner_notices_user ON owner_notices (user_id, at DESC);

-- A suspended account cannot sign in (api/src/auth); set with its AccountSuspended event.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
