-- How fast the worker has applied events lately (events/s over its last few
-- seconds, every event read counted), written with each heartbeat: /api/health
-- divides a projection's lag by it for an estimate of the time left to catch up.
-- NULL until the worker has applied anything.
ALTER TABLE projection_heartbeats ADD COLUMN events_per_second double precision;
