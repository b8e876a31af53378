-- The log's visibility fence was the oldest running transaction that has an id
-- (pg_snapshot_xmin of the current snapshot): any such transaction, so every
-- projection's batch, a read model's settle (rent trends' medians) or a
-- rebuild's swap held back what every projection could read, though none of
-- them ever appends an event. With rent trends and the alert matcher beside
-- the listing read model, a change took p50 150–193 ms, p99 0.45–0.96 s to
-- reach it at 50 writes/s (docs/PERFORMANCE.md).
--
-- Now a transaction that only writes read models says so before its first
-- write (mark_projection_transaction: a shared advisory lock for the
-- transaction), and the fence is the oldest transaction id in the snapshot
-- that does not belong to such a transaction, or the snapshot's xmax when
-- there is none. Why no event is missed:
--
-- * an event older than the fence was written by a transaction that either
--   committed before the snapshot (visible), or aborted (gone): every other
--   transaction id in the snapshot below the fence is one of a transaction
--   seen holding the lock, which took it before it had an id and cannot
--   append (the trigger below refuses it);
-- * a transaction that commits after the snapshot and is no longer in
--   pg_locks when the fence is computed is not excluded (so it still fences);
-- * a transaction with no id yet gets one at or above the snapshot's xmax;
-- * the holder of a transaction id is matched by its virtual transaction id
--   and by the ExclusiveLock every transaction holds on its own id, so neither
--   a connection reused by another transaction nor a transaction waiting on
--   someone else's id (a ShareLock) can make an appender look like a reader.
--
-- Autovacuum workers never append either, and one that truncates a table
-- holds a transaction id while it waits for its lock (seen for seconds on
-- rent_trend_dirty and projection_checkpoints): their ids are left out too,
-- matched by the id itself in pg_stat_activity. Appenders still hold the
-- fence back, as they must.
CREATE FUNCTION mark_projection_transaction() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1870, 1);
  PERFORM set_config('rentals.projection_transaction', 'on', true);
END $$;

CREATE FUNCTION refuse_append_in_projection_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rentals.projection_transaction', true) = 'on' THEN
    RAISE EXCEPTION 'a projection transaction cannot append events (the log''s fence does not wait for it)';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_not_from_projection_transactions BEFORE INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_in_projection_transaction();

CREATE FUNCTION event_log_fence() RETURNS xid8 LANGUAGE sql STABLE AS $$
  SELECT coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))
  FROM pg_snapshot_xip(pg_current_snapshot()) AS x
  WHERE x::xid NOT IN (
    SELECT own.transactionid
    FROM pg_locks own JOIN pg_locks marked USING (virtualtransaction)
    WHERE own.locktype = 'transactionid' AND own.mode = 'ExclusiveLock' AND own.granted
      AND marked.locktype = 'advisory' AND marked.granted
      AND marked.classid = 1870 AND marked.objid = 1 AND marked.objsubid = 2
    UNION ALL
    SELECT backend_xid FROM pg_stat_activity
    WHERE backend_type = 'autovacuum worker' AND backend_xid IS NOT NULL)
$$;

-- Tables emptied or rewritten all the time: autovacuum's truncation of their
-- empty tail takes an exclusive lock that queues every writer behind it.
ALTER TABLE rent_trend_dirty SET (vacuum_truncate = false);
ALTER TABLE projection_checkpoints SET (vacuum_truncate = false);
