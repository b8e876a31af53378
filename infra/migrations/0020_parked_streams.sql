-- A stream that a projection could not apply. The projection parks it and goes
-- on with every other stream: one bad event stops one listing, never the read
-- side. `position`, `event_type` and `error` name the event that fails now
-- (the first one still held); a retry that gets further moves them on.
CREATE TABLE projection_parked_streams (
  projection text NOT NULL,
  stream_id  text NOT NULL,
  position   bigint NOT NULL,
  event_type text NOT NULL,
  error      text NOT NULL,
  parked_at  timestamptz NOT NULL DEFAULT now(),
  retried_at timestamptz,
  attempts   int NOT NULL DEFAULT 1,
  PRIMARY KEY (projection, stream_id)
);

-- The events a parked stream holds back, the failing one first: the stream's
-- later events wait here instead of being applied or skipped, so a retry
-- (npm run projections:parked -- --retry <stream>) replays them in log order.
CREATE TABLE projection_parked_events (
  projection     text NOT NULL,
  stream_id      text NOT NULL,
  transaction_id xid8 NOT NULL,
  position       bigint NOT NULL,
  event_type     text NOT NULL,
  held_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, position),
  FOREIGN KEY (projection, stream_id) REFERENCES projection_parked_streams ON DELETE CASCADE
);

CREATE INDEX projection_parked_events_stream
  ON projection_parked_events (projection, stream_id, transaction_id, position);
