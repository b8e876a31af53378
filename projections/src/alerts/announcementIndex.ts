import type { Sql } from 'postgres';
import { startRounds } from '../runner/rounds.ts';

/** The GIN index through which the readers find a search's and a user's announcements. */
export const ANNOUNCEMENT_INDEX = 'listing_search_alerts_searches';
/** Work memory for a merge: the pending list's entries are sorted in it, fewer passes for more. */
const MERGE_WORK_MEMORY = '64MB';

/**
 * Merges the index's pending list into its posting trees; resolves with the
 * pages merged (0: nothing pending, or the index is not there, as for a moment
 * in a rebuild's swap).
 *
 * Why apart from the matcher: each listing event's announcement adds a few
 * hundred search numbers to the pending list, and merging the list into up to
 * every search's posting tree cost the matching transaction ~1.3 ms a listing
 * event when its own insert had to do it (docs/PERFORMANCE.md). Merged here,
 * the matcher only appends; an insert that finds this merge running skips its
 * own (Postgres' ginInsertCleanup), and the readers, which scan the pending
 * list, keep finding every announcement either way.
 */
export const mergeAnnouncementIndex = (sql: Sql): Promise<number> =>
  sql.begin(async (tx) => {
    await tx.unsafe(`SET LOCAL maintenance_work_mem = '${MERGE_WORK_MEMORY}'`);
    const [row] = await tx<{ pages: string | null }[]>`
      SELECT CASE WHEN to_regclass(${ANNOUNCEMENT_INDEX}) IS NULL THEN NULL
             ELSE gin_clean_pending_list(to_regclass(${ANNOUNCEMENT_INDEX}))::text END AS pages`;
    return Number(row?.pages ?? 0);
  });

/** A quarter second: the pending list stays a few MB at 2,000 listing events/s. */
export const MERGE_INTERVAL_MS = 250;

/** The merge loop of the projections process (every one runs it; Postgres lets one merge at a time). */
export const startAnnouncementIndexMerger = (options: {
  sql: Sql;
  intervalMs?: number;
  log?: Parameters<typeof startRounds>[0]['log'];
}) =>
  startRounds({
    name: 'announcement index merge',
    intervalMs: options.intervalMs ?? MERGE_INTERVAL_MS,
    firstAfterMs: 0,
    round: () => mergeAnnouncementIndex(options.sql),
    log: options.log,
  });
