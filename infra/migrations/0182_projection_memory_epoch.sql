-- Issue 17: a projection whose runner keeps state in memory (the saved searches the alerts are
-- matched against) reloads it when anything but its own batches wrote its tables. Retrying a parked
-- stream (retryParked) is such a write and does not move the checkpoint, so it bumps this instead.
ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS memory_epoch bigint NOT NULL DEFAULT 0;
