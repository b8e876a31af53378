-- The event log. `position` orders events globally; `transaction_id` fences
-- readers so that an event whose transaction committed late is never skipped
-- (readers only read transactions below the oldest one still running).
CREATE TABLE streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     bigint NOT NULL CHECK (version > 0)
);

CREATE TABLE events (
  position       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id      text NOT NULL,
  stream_version bigint NOT NULL,
  type           text NOT NULL,
  data           jsonb NOT NULL,
  metadata       jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (stream_id, stream_version)
);

CREATE INDEX events_transaction_position ON events (transaction_id, position);

-- Appends in one round trip. The version check happens before any event row
-- takes a position, so a losing writer burns nothing. Returns NULL rows when
-- the stream moved (the caller raises a concurrency error).
-- p_expected: the version the caller read; 0 means "the stream must not exist";
-- -1 means "any version".
CREATE FUNCTION append_events(
  p_stream_id text,
  p_stream_type text,
  p_expected bigint,
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, transaction_id xid8)
LANGUAGE plpgsql AS $$
DECLARE
  n bigint := cardinality(p_types);
  v_current bigint;
  v_last bigint;
BEGIN
  IF n = 0 THEN
    RAISE EXCEPTION 'append_events needs at least one event';
  END IF;

  IF p_expected = 0 THEN
    INSERT INTO streams AS s (stream_id, stream_type, version)
    VALUES (p_stream_id, p_stream_type, n)
    ON CONFLICT (stream_id) DO NOTHING;
    IF NOT FOUND THEN RETURN; END IF;
    v_current := 0;
  ELSIF p_expected = -1 THEN
    INSERT INTO streams AS s (stream_id, stream_type, version)
    VALUES (p_stream_id, p_stream_type, n)
    ON CONFLICT (stream_id) DO UPDATE SET version = s.version + n
    RETURNING s.version - n INTO v_current;
  ELSE
    UPDATE streams SET version = version + n
    WHERE stream_id = p_stream_id AND version = p_expected;
    IF NOT FOUND THEN RETURN; END IF;
    v_current := p_expected;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT p_stream_id, v_current + e.ord, e.type, e.data, e.metadata
    FROM unnest(p_types, p_data, p_metadata) WITH ORDINALITY AS e(type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING position
  )
  SELECT max(position) INTO v_last FROM inserted;

  -- Delivered at commit; consumers treat it only as a wake-up, never as data.
  PERFORM pg_notify('events_appended', v_last::text);

  next_version := v_current + n;
  last_position := v_last;
  transaction_id := pg_current_xact_id();
  RETURN NEXT;
END;
$$;
