import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import type { SearchAudience, SearchCriteria, SearchResult } from './criteria.ts';
import { createMeili, isMeiliRefusal, isMeiliUnavailable, refusalCode } from './meili.ts';
import { pendingEvents, STALE_AFTER_SECONDS } from './readSideHealth.ts';
import { searchInMeili } from './searchInMeili.ts';
import { searchProjectionName } from '@rentals/core/readSide/names';

export { searchProjectionName };

/** After a failure a replica is left alone this long, so a dead server costs no request a timeout. */
export const REPLICA_BACKOFF_MS = 2000;
/**
 * A replica whose search projection is more listing events than this behind
 * the log (or has no live worker) is asked only when no current replica
 * answers.
 */
export const REPLICA_LAG_LIMIT = 100;
/** The events after a replica's checkpoint its lag is counted among (of every type). */
const REPLICA_SCAN_LIMIT = 2000;
/** How often the replicas' checkpoints and heartbeats are read (one query per web process). */
const FRESHNESS_REFRESH_MS = 1000;

export type ReplicaState = {
  url: string;
  /** The search projection that feeds it (searchProjectionName of its place in MEILI_URL). */
  projection: string;
  /** up: asked in turn; behind: its projection lags, asked only when no current one answers; down: backing off. */
  state: 'up' | 'behind' | 'down';
  /** Events its projection has still to apply (capped just above REPLICA_LAG_LIMIT); null before the first reading. */
  lag: number | null;
  /** Why it is down, and since when. */
  error?: string;
  downSince?: string;
};

/** One query of the criteria on one replica's client (searchInMeili, or a variant of it). */
type RunOnReplica<T> = (
  meili: ReturnType<typeof createMeili>,
  audience: SearchAudience,
  criteria: SearchCriteria,
  index: string | undefined,
  signal: AbortSignal,
) => Promise<T>;

/** No replica answered: the caller falls back to Postgres. */
export class NoReplicaAnswered extends Error {}

type Replica = {
  url: string;
  projection: string;
  client: ReturnType<typeof createMeili>;
  downUntil: number;
  downSince?: string;
  error?: string;
  lag: number | null;
  alive: boolean;
};

/**
 * Searches over every Meilisearch that holds the listings index (MEILI_URL's
 * list). Queries go round robin over the replicas that are up; one that
 * errors or does not answer within its share of the time budget is marked
 * down for REPLICA_BACKOFF_MS and the next one is asked, so all of a
 * search's attempts together stay within `timeoutMs`. When none answers,
 * `search` throws NoReplicaAnswered.
 *
 * Freshness: no search waits for the caller's writes (it never did; the
 * owner's own pages read the Postgres model with read-your-writes). What a
 * second index adds is a way to be staler than the first: a replica whose
 * projection lags (more than REPLICA_LAG_LIMIT listing events behind, or no live
 * worker) would make a listing appear and vanish between two searches. So a
 * lagging replica is asked only after every current one failed: a stale
 * answer beats the slower Postgres fallback, but never a fresh one. The
 * lags come from one shared query a second (not one per search, which is
 * the hot path); when every replica lags, they share the load as equals.
 */
export const createSearchReplicas = (deps: {
  sql: Sql;
  urls: readonly string[];
  key: string;
  index?: string;
  timeoutMs: number;
  log: Logger;
  clock: () => Date;
}) => {
  const replicas: Replica[] = deps.urls.map((url, i) => ({
    url,
    projection: searchProjectionName(i),
    client: createMeili({ url, key: deps.key }, deps.timeoutMs),
    downUntil: 0,
    lag: null,
    alive: true,
  }));
  let turn = 0;
  let refreshedAt = 0;
  let refreshing = false;

  const refresh = () => {
    if (refreshing || Date.now() - refreshedAt < FRESHNESS_REFRESH_MS) return;
    refreshing = true;
    refreshedAt = Date.now();
    const names = replicas.map((r) => r.projection);
    deps.sql<{ name: string; lag: number; alive: boolean }[]>`
      SELECT c.name,
             -- Listing events only (the others wait for the projection's poll), but a replica that many
             -- events of any kind behind is not at its poll: it counts as lagging.
             CASE WHEN pending.scanned < ${REPLICA_SCAN_LIMIT} THEN least(pending.handled, ${REPLICA_LAG_LIMIT + 1})
                  ELSE ${REPLICA_LAG_LIMIT + 1} END AS lag,
             coalesce(h.beat_at > now() - make_interval(secs => ${STALE_AFTER_SECONDS}), false) AS alive
      FROM projection_checkpoints c LEFT JOIN projection_heartbeats h ON h.projection = c.name,
           ${pendingEvents(deps.sql, REPLICA_SCAN_LIMIT)}
      WHERE c.name = ANY(${names}::text[])`
      .then((rows) => {
        const byName = new Map(rows.map((r) => [r.name, r]));
        for (const replica of replicas) {
          const row = byName.get(replica.projection);
          // No checkpoint yet: a replica added later whose projection has not started filling it.
          replica.lag = row?.lag ?? REPLICA_LAG_LIMIT + 1;
          replica.alive = row?.alive ?? false;
        }
      })
      // Postgres unreachable: keep the last reading (searches then fail over on their own).
      .catch(() => undefined)
      .finally(() => (refreshing = false));
  };

  const isBehind = (r: Replica) => r.lag !== null && (r.lag > REPLICA_LAG_LIMIT || !r.alive);

  /** The replicas to ask, in order: those up, current before behind, starting at this turn. */
  const candidates = (now: number) => {
    const start = turn++ % replicas.length;
    const rotated = replicas.map((_, i) => replicas[(start + i) % replicas.length]!);
    const up = rotated.filter((r) => r.downUntil <= now);
    const current = up.filter((r) => !isBehind(r));
    // Every replica behind: they are equals.
    return current.length === 0 ? up : [...current, ...up.filter(isBehind)];
  };

  const markDown = (replica: Replica, reason: string) => {
    replica.downUntil = Date.now() + REPLICA_BACKOFF_MS;
    replica.error = reason;
    if (!replica.downSince) {
      replica.downSince = deps.clock().toISOString();
      deps.log.warn('search replica down: asking the others', {
        replica: replica.url,
        reason,
      });
    }
  };

  const markUp = (replica: Replica) => {
    if (replica.downSince)
      deps.log.info('search replica answers again', {
        replica: replica.url,
        downSince: replica.downSince,
      });
    replica.downSince = undefined;
    replica.error = undefined;
    replica.downUntil = 0;
  };

  /** Runs `run` (one Meilisearch query of the criteria) on the first replica that answers. */
  const searchWith = async <T>(
    audience: SearchAudience,
    criteria: SearchCriteria,
    run: RunOnReplica<T>,
  ): Promise<T> => {
    refresh();
    const deadline = Date.now() + deps.timeoutMs;
    const asking = candidates(Date.now());
    const reasons: string[] = [];
    for (const [i, replica] of asking.entries()) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      // Each remaining replica gets an equal share of what is left, so a hung one leaves time for the next.
      const share = Math.max(1, Math.floor(left / (asking.length - i)));
      try {
        const result = await run(
          replica.client,
          audience,
          criteria,
          deps.index,
          AbortSignal.timeout(share),
        );
        markUp(replica);
        return result;
      } catch (error) {
        // Input is validated before it reaches here, so an error Meilisearch answers with is a
        // state of the index (missing, or its settings still being applied after a rebuild).
        let reason: string;
        if (isMeiliRefusal(error)) reason = `${refusalCode(error)}: ${error.message}`;
        else if (isMeiliUnavailable(error)) reason = `unreachable: ${error.message}`;
        else throw error;
        markDown(replica, reason);
        reasons.push(`${replica.url} ${reason}`);
      }
    }
    throw new NoReplicaAnswered(
      reasons.length > 0
        ? reasons.join('; ')
        : 'every Meilisearch failed within the last few seconds',
    );
  };

  const search = (audience: SearchAudience, criteria: SearchCriteria): Promise<SearchResult> =>
    searchWith(audience, criteria, searchInMeili);

  const states = (): ReplicaState[] => {
    const now = Date.now();
    return replicas.map((r) => ({
      url: r.url,
      projection: r.projection,
      state: r.downUntil > now || r.downSince ? 'down' : isBehind(r) ? 'behind' : 'up',
      lag: r.lag,
      ...(r.error && r.downSince ? { error: r.error, downSince: r.downSince } : {}),
    }));
  };

  return { search, searchWith, states };
};
