import type { Sql } from 'postgres';
import {
  DIRTY_CITIES,
  PROJECTION_LOCK_PREFIX,
  PUBLIC_LISTING_MODEL,
  type ProjectionState,
} from '@rentals/core/readSide/names';

/** The projections the static pages are built from: the regenerator waits for both. */
export const PUBLIC_SITE_SOURCES: readonly string[] = [PUBLIC_LISTING_MODEL, DIRTY_CITIES];

/*
 * What /api/health and the operations commands read about the read side:
 * each projection's place and lag, the streams it parked, and the public
 * site's regeneration lag.
 */

/**
 * A worker whose heartbeat (projection_heartbeats, written every HEARTBEAT_MS
 * by the runner that owns the projection) is older than this is gone: hung,
 * or cut off from the database. A killed one is gone sooner: as soon as
 * Postgres has ended its session, which releases the projection's lock.
 */
export const STALE_AFTER_SECONDS = 10;

/**
 * For a checkpoint row `c`: of the first `cap` committed events after it, how
 * many it handles (`handled`; every one when its handles are unknown) and how
 * many there were (`scanned`). A projection passes the events it does not
 * handle only on its next poll (migration 0188), so they are not a lag; and
 * counting stops at `cap` either way, so that a projection far behind costs
 * the query no more than one that is not.
 */
export const pendingEvents = (db: Sql, cap: number) => db`
  LATERAL (SELECT count(*) FILTER (WHERE c.handles IS NULL OR b.type = ANY(c.handles))::int AS handled,
                  count(*)::int AS scanned
           FROM (SELECT e.type FROM events e
                 WHERE (e.transaction_id, e.position) > (c.transaction_id, c.position)
                 -- The order is the index's: without it, reading the type made the planner scan the whole log.
                 ORDER BY e.transaction_id, e.position
                 LIMIT ${cap}) b) pending`;

/**
 * Every projection's checkpoint with how many committed events of its types it
 * still has to apply (capped), how many streams it has parked, and whether a worker owns it
 * now: `alive` when its heartbeat is fresher than `staleAfterSeconds` and its lock is held.
 */
export const projectionStates = async (
  sql: Sql,
  options: { lagCap?: number; staleAfterSeconds?: number } = {},
) => {
  const lagCap = options.lagCap ?? 100_000;
  return sql<
    (Omit<ProjectionState, 'transactionId'> & {
      transactionId: string;
      lag: number;
      parked: number;
      lastSeenAt: Date | null;
      alive: boolean;
      eventsPerSecond: number | null;
    })[]
  >`
    SELECT name, "transactionId", position, status, "lastError", "updatedAt", "lastSeenAt", alive, parked,
           "eventsPerSecond",
           -- Past the cap, counting costs more than it tells: the log's positions give the size of the backlog.
           CASE WHEN scanned < ${lagCap} THEN handled
                ELSE greatest(handled, (SELECT coalesce(max(position), 0) FROM events) - position) END::int AS lag
    FROM (
      SELECT c.name, c.transaction_id::text AS "transactionId", c.position, c.status,
             c.last_error AS "lastError", c.updated_at AS "updatedAt",
             h.beat_at AS "lastSeenAt",
             coalesce(h.beat_at > now() - make_interval(secs => ${options.staleAfterSeconds ?? STALE_AFTER_SECONDS}), false)
               -- and its session still holds the projection's lock (one bigint key: classid is its high half, objid its low).
               AND EXISTS (SELECT 1 FROM pg_locks l
                           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                             AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(${PROJECTION_LOCK_PREFIX} || c.name)::bigint) AS alive,
             h.events_per_second AS "eventsPerSecond",
             (SELECT count(*)::int FROM projection_parked_streams p WHERE p.projection = c.name) AS parked,
             pending.handled, pending.scanned
      FROM projection_checkpoints c LEFT JOIN projection_heartbeats h ON h.projection = c.name,
           ${pendingEvents(sql, lagCap)}) s
    ORDER BY name`;
};

/**
 * The live projections (not a rebuild's copy or pass) that have not applied
 * every committed event of their types up to `head`: what "caught up with the
 * log" means for a benchmark or a drill that waits for the read side.
 */
export const projectionsBehind = (db: Sql, head: number) => db<{ name: string }[]>`
  SELECT c.name FROM projection_checkpoints c
  WHERE c.name NOT LIKE '%~%' AND EXISTS (
    SELECT 1 FROM events e WHERE e.position <= ${head}
      AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
      -- The types it handles: it passes the others on its next poll (migration 0188).
      AND (c.handles IS NULL OR e.type = ANY(c.handles)))`;

/**
 * Seconds until a projection catches up at its recent rate: 0 when it has,
 * null when it is behind and applying nothing (stopped, or stuck).
 */
export const etaSeconds = (lag: number, eventsPerSecond: number | null): number | null =>
  lag === 0 ? 0 : eventsPerSecond && eventsPerSecond > 0 ? Math.ceil(lag / eventsPerSecond) : null;

export type ParkedStream = {
  projection: string;
  streamId: string;
  /** The event that fails now: the first one the stream still holds. */
  position: number;
  eventType: string;
  error: string;
  parkedAt: Date;
  retriedAt: Date | null;
  attempts: number;
  /** Events held for the stream, the failing one included. */
  held: number;
};

/** Every parked stream (of one projection, or all), oldest first, with how many events each holds. */
export const parkedStreams = async (
  sql: Sql,
  options: { projection?: string; streamId?: string; limit?: number } = {},
): Promise<ParkedStream[]> =>
  sql<ParkedStream[]>`
    SELECT s.projection, s.stream_id AS "streamId", s.position, s.event_type AS "eventType", s.error,
           s.parked_at AS "parkedAt", s.retried_at AS "retriedAt", s.attempts,
           (SELECT count(*)::int FROM projection_parked_events e
            WHERE e.projection = s.projection AND e.stream_id = s.stream_id) AS held
    FROM projection_parked_streams s
    WHERE (${options.projection ?? null}::text IS NULL OR s.projection = ${options.projection ?? null})
      AND (${options.streamId ?? null}::text IS NULL OR s.stream_id = ${options.streamId ?? null})
    ORDER BY s.parked_at, s.projection, s.stream_id
    LIMIT ${options.limit ?? 1_000_000}`;

export type PublicSiteStatus = {
  /** Cities and listing pages marked and not yet rebuilt. */
  pendingCities: number;
  pendingListings: number;
  /** Seconds since the oldest pending mark; 0 when nothing waits. */
  lagSeconds: number;
  lastRunAt: string | null;
  /** How long the last run took (a full or incremental build), for the time-left estimate. */
  lastRunSeconds: number | null;
};

/** The regenerator's lag, for /api/health. */
export const publicSiteStatus = async (sql: Sql): Promise<PublicSiteStatus> => {
  const [row] = await sql<
    {
      cities: number;
      listings: number;
      lag: number;
      last_run: Date | null;
      last_run_seconds: number | null;
    }[]
  >`SELECT (SELECT count(*) FROM public_site_dirty_cities)::int AS cities,
           (SELECT count(*) FROM public_site_dirty_listings)::int AS listings,
           coalesce(extract(epoch FROM now() - (SELECT min(first_dirty_at) FROM public_site_dirty_cities)), 0)::float8 AS lag,
           last.finished_at AS last_run,
           extract(epoch FROM last.finished_at - last.started_at)::float8 AS last_run_seconds
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT started_at, finished_at FROM public_site_runs ORDER BY id DESC LIMIT 1) last ON true`;
  return {
    pendingCities: row?.cities ?? 0,
    pendingListings: row?.listings ?? 0,
    lagSeconds: Math.round((row?.lag ?? 0) * 10) / 10,
    lastRunAt: row?.last_run?.toISOString() ?? null,
    lastRunSeconds:
      row?.last_run_seconds === null || row?.last_run_seconds === undefined
        ? null
        : Math.round(row.last_run_seconds * 10) / 10,
  };
};
