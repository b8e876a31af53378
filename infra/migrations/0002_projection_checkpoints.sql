-- One row per projection. The checkpoint is the (transaction id, position) of
-- the last event the projection applied; it is written in the same transaction
-- as the projection's read-model changes.
CREATE TABLE projection_checkpoints (
  name           text PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT '0',
  position       bigint NOT NULL DEFAULT 0,
  status         text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'running', 'failed', 'rebuilding')),
  last_error     text,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
