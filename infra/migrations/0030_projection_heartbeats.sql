-- The liveness of each projection's worker: the runner that owns a projection
-- (holds its advisory lock) writes beat_at every few seconds through the very
-- connection that holds the lock. A row that stops moving means the worker is
-- gone (killed, hung, or cut off from the database), whatever the checkpoint's
-- status column last said; /api/health reports it down once it is stale. A
-- separate table, so a heartbeat never waits on a batch holding the checkpoint row.
CREATE TABLE projection_heartbeats (
  projection text PRIMARY KEY,
  -- host:pid of the worker, for the operator.
  owner      text NOT NULL,
  beat_at    timestamptz NOT NULL DEFAULT now()
);
