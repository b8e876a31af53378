-- Issue 39: writes are never ghosts. Every signed-in write runs as one attempt row here
-- (api/src/idempotency/): the caller's Idempotency-Key, or a key of its own when none was sent.
-- A retry with the same key finds the first outcome (status, body) instead of doing the work
-- again; the row outlives the web process that wrote it, so a retry on another host finds it too.
--
-- attempt_id is the fence: an append made for an attempt goes through append_events_fenced,
-- which appends only while that attempt still owns its row and is not cancelled, and marks
-- appended_at in the same transaction. So a deadline (or a retry taking over a dead process's
-- row) can cancel an attempt before its append for certain, or learn that it has appended.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  account_id   text NOT NULL,
  key          text NOT NULL,
  -- sha256 of method, path and the request body (multipart by its fields and files' hashes).
  fingerprint  text NOT NULL,
  attempt_id   uuid NOT NULL UNIQUE,
  state        text NOT NULL CHECK (state IN ('running', 'done', 'cancelled')),
  appended_at  timestamptz,
  status       smallint,
  body         text,
  headers      jsonb,
  -- A running attempt past its lease belongs to a process that died: a retry may take it over.
  lease_until  timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);

CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at);

-- append_events for one attempt: nothing is appended when the attempt was cancelled or taken
-- over (SQLSTATE RIK01), and appended_at is set in the append's own transaction. The attempt's
-- row is locked first, so a cancel waits for this append to commit or fail, then knows which.
CREATE OR REPLACE FUNCTION append_events_fenced(
  p_attempt_id uuid,
  p_stream_id text,
  p_stream_type text,
  p_expected bigint,
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, transaction_id xid8)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM idempotency_keys
  WHERE attempt_id = p_attempt_id AND state <> 'cancelled'
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'write attempt % was cancelled', p_attempt_id USING ERRCODE = 'RIK01';
  END IF;
  RETURN QUERY
    SELECT a.next_version, a.last_position, a.transaction_id
    FROM append_events(p_stream_id, p_stream_type, p_expected, p_types, p_data, p_metadata) a;
  IF FOUND THEN
    UPDATE idempotency_keys SET appended_at = coalesce(appended_at, now())
    WHERE attempt_id = p_attempt_id;
  END IF;
END;
$$;
