-- Which visit changes the push sender has considered (projections/src/push/visitPushes.ts): one
-- row per change (visit and sequence), claimed before sending so the standby projections
-- process skips it. Not a read model: a rebuild must not push everything again.
CREATE TABLE push_visits_done (
  item_id text        PRIMARY KEY,
  at      timestamptz NOT NULL
);
CREATE INDEX push_visits_done_at ON push_visits_done (at);
