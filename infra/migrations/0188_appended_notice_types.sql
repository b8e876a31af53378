-- Issue 15, freshness: every append woke every projection. Each one read the
-- log and committed its checkpoint in a transaction of its own, though most
-- handle none of what was appended (a rent change concerns 7 of the 13): on a
-- 2-core machine at 50 writes a second, that work was ~20 ms of the listing
-- read model's p50 (docs/PERFORMANCE.md, "A fresh, slower machine").
--
-- Now the NOTIFY says which types the append wrote: '<last position> <type>,…'
-- (distinct, sorted; core/src/eventStore/appendedNotice.ts reads it). A
-- projection wakes only for an append of a type it handles, and passes the
-- others on its next poll or with its next batch. An append of more types than
-- fit in a payload announces its position alone, which means "any type".
CREATE OR REPLACE FUNCTION append_events(
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
  v_types text;
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

  SELECT string_agg(DISTINCT t, ',' ORDER BY t) INTO v_types FROM unnest(p_types) AS t;
  -- A payload holds under 8,000 bytes; a position with no types means "any type".
  PERFORM pg_notify('events_appended',
    CASE WHEN octet_length(v_types) <= 7000 THEN v_last::text || ' ' || v_types ELSE v_last::text END);

  next_version := v_current + n;
  last_position := v_last;
  transaction_id := pg_current_xact_id();
  RETURN NEXT;
END;
$$;

-- The types each projection handles, written by its runner when a session
-- starts: health's lag, the search replicas' lag and read-your-writes count
-- only the events a projection applies, since it no longer passes the others
-- at once. NULL (a rebuild's copy, a runner not started since this
-- migration): every event counts, as before.
ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS handles text[];
