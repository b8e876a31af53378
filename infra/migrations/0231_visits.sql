-- Visits (issue 44, core/src/visits): the read model of every listing's visiting hours and the
-- visits booked on them. The decision (one visit per slot) is the visit stream's; these tables
-- answer "which slots are free" and "my upcoming visits" quickly.
CREATE TABLE visit_schedules (
  listing_id text        PRIMARY KEY,
  owner_id   text        NOT NULL,
  windows    jsonb       NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE visits (
  visit_id        text        PRIMARY KEY,
  listing_id      text        NOT NULL,
  conversation_id text        NOT NULL,
  tenant_id       text        NOT NULL,
  owner_id        text        NOT NULL,
  start_at        timestamptz NOT NULL,
  -- 'booked' | 'cancelled' | 'noShow'
  status          text        NOT NULL,
  -- Who last moved or called it off, and why (shown to the other side); the time it moved from.
  changed_by      text,
  reason          text,
  previous_start  timestamptz,
  -- The calendar invite's SEQUENCE: 0 when booked, one more for each move or cancellation.
  sequence        integer     NOT NULL DEFAULT 0,
  booked_at       timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX visits_tenant ON visits (tenant_id, start_at);
CREATE INDEX visits_owner ON visits (owner_id, start_at);
CREATE INDEX visits_listing ON visits (listing_id, start_at);
CREATE INDEX visits_conversation ON visits (conversation_id);
-- The visit mailer's questions: what changed lately, and which booked visits start soon.
CREATE INDEX visits_changed ON visits (updated_at);
CREATE INDEX visits_booked_start ON visits (start_at) WHERE status = 'booked';

-- Which emails the visit mailer sent (projections/src/visits/mailer.ts): one per visit, kind,
-- start time and recipient, so a rescheduled visit is mailed and reminded again, and nothing
-- twice. Not a read model: a rebuild must not send everything again.
CREATE TABLE visit_emails (
  visit_id     text        NOT NULL,
  kind         text        NOT NULL,
  start_at     timestamptz NOT NULL,
  recipient_id text        NOT NULL,
  sent_at      timestamptz NOT NULL,
  PRIMARY KEY (visit_id, kind, start_at, recipient_id)
);
