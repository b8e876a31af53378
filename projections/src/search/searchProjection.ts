import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { ExternalProjection } from '../runner/projection.ts';
import { isTransient } from '@rentals/core/dbErrors';
import { LISTINGS_SEARCH_PROJECTION, searchProjectionName } from '@rentals/core/readSide/names';
import { CheckpointMoved } from '../runner/checkpoints.ts';
import { withSwapLockShared } from '../runner/swapLock.ts';
import { LISTING_EVENT_TYPES } from '../readModels/listingEvents.ts';
import { LISTINGS_INDEX } from './indexSettings.ts';
import { indexChangesFor } from './listingDocuments.ts';
import {
  deleteDocuments,
  deleteIndex,
  ensureListingsIndex,
  swapIndexes,
  upsertDocuments,
} from './listingsIndex.ts';
import type { Meilisearch } from 'meilisearch';
import { isMeiliUnavailable, succeededTask } from '../queries/meili.ts';
import { buildSearchIndex, freshIndexName, rebuildSearchIndex } from './rebuildSearchIndex.ts';
import {
  hasDue,
  justTookOver,
  newRechecks,
  putBack,
  scheduleRechecks,
  takeDue,
  tookOver,
  type Rechecks,
} from './rechecks.ts';

export { LISTINGS_SEARCH_PROJECTION, searchProjectionName };

export type SearchProjectionDeps = {
  sql: Sql;
  meili: Meilisearch;
  log?: Logger;
  index?: string;
  /** When to send a listing's state again after a write whose first try had no answer (rechecks.ts). */
  recheckAfterMs?: readonly number[];
};

/** What the projection's steps share: its dependencies, its name, whether it was closed or has ensured its index, and its rechecks. */
type SearchState = {
  deps: () => SearchProjectionDeps;
  name: string;
  closed: boolean;
  ensured: boolean;
  rechecks: Rechecks;
};

const liveIndex = (state: SearchState) => state.deps().index ?? LISTINGS_INDEX;

/**
 * Retries `work` while Meilisearch is unreachable; `beforeRetry` may end the
 * retries by throwing, and `afterRetried` hears when a retry succeeded.
 */
const whileUnavailable = async <T>(
  state: SearchState,
  work: () => Promise<T>,
  beforeRetry?: () => Promise<void>,
  afterRetried?: () => void,
): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      if (attempt > 0 && beforeRetry) await beforeRetry();
      const done = await work();
      if (attempt > 0) afterRetried?.();
      return done;
    } catch (error) {
      // A check that cannot reach Postgres (beforeRetry) is an outage too: try again later.
      const outage = isMeiliUnavailable(error) || (attempt > 0 && isTransient(error));
      if (!outage || state.closed) throw error;
      const delay = Math.min(100 * 2 ** attempt, 5000);
      if (attempt === 0 || delay === 5000)
        state.deps().log?.warn(`${state.name}: Meilisearch unavailable, retrying`, {
          error: (error as Error).message,
          delay,
        });
      await new Promise((r) => setTimeout(r, delay));
    }
  }
};

/**
 * A worker cut off from the network retries its writes once it is back, by when another has
 * taken over: its change, read before the cut, sent after the other's delete would bring the
 * listing back. So a retry to the live index first checks that the checkpoint has not reached
 * the batch (someone applied it meanwhile); if it has, the batch is dropped as one whose
 * checkpoint moved.
 */
const unlessApplied = (state: SearchState, uid: string, first: RecordedEvent | undefined) =>
  uid === liveIndex(state) && first
    ? async () => {
        const [row] = await state.deps().sql<{ applied: boolean }[]>`
          SELECT (transaction_id, position) >= (${first.transactionId}::xid8, ${first.position}::bigint) AS applied
          FROM projection_checkpoints WHERE name = ${state.name}`;
        if (row?.applied) throw new CheckpointMoved();
      }
    : undefined;

const listingsOf = (events: RecordedEvent[]) =>
  events.map((e) => (e.data as { listingId: string }).listingId);

/**
 * The batch's listings, and those due a recheck on the live index, as they
 * stand now; the rechecks go back on the list if the write fails.
 */
const withRechecks = async <T>(
  state: SearchState,
  uid: string,
  ids: string[],
  write: (change: Awaited<ReturnType<typeof indexChangesFor>>, written: string[]) => Promise<T>,
): Promise<T> => {
  const now = Date.now();
  if (uid !== liveIndex(state)) return write(await indexChangesFor(state.deps().sql, ids), ids);
  if (justTookOver(state.rechecks, now))
    scheduleRechecks(state.rechecks, ids, now, state.deps().recheckAfterMs);
  const rechecked = takeDue(state.rechecks, now);
  const written = [...ids, ...rechecked];
  try {
    return await write(await indexChangesFor(state.deps().sql, written), written);
  } catch (error) {
    putBack(state.rechecks, rechecked, Date.now());
    throw error;
  }
};

/** A write to the live index that may be overtaken by a late copy: its listings are sent again later. */
const recheckLater = (state: SearchState, uid: string, ids: string[]) =>
  uid === liveIndex(state)
    ? () => scheduleRechecks(state.rechecks, ids, Date.now(), state.deps().recheckAfterMs)
    : undefined;

/** Upserts and deletes the batch's listings in `uid`, and waits until both took effect. */
const applyTo = async (state: SearchState, uid: string, events: RecordedEvent[]) => {
  const ids = listingsOf(events);
  await withRechecks(state, uid, ids, (change, written) =>
    whileUnavailable(
      state,
      async () => {
        const { meili } = state.deps();
        await Promise.all([
          upsertDocuments(meili, change.upserts, uid),
          deleteDocuments(meili, change.deletes, uid),
        ]);
      },
      unlessApplied(state, uid, events[0]),
      recheckLater(state, uid, written),
    ),
  );
};

/**
 * Queues the batch's upserts and deletes (Meilisearch keeps its tasks in the
 * order they were enqueued, so batches sent one after another take effect in
 * log order) and returns their task ids. Under the swap lock: a
 * rebuild's swap task is enqueued after every batch sent to the old index.
 */
const sendTo = async (state: SearchState, uid: string, events: RecordedEvent[]) => {
  const ids = listingsOf(events);
  return withRechecks(state, uid, ids, (change, written) =>
    whileUnavailable(
      state,
      async () => {
        const index = state.deps().meili.index(uid);
        const tasks = [
          ...(change.upserts.length > 0
            ? [await index.addDocuments(change.upserts, { primaryKey: 'id' })]
            : []),
          ...(change.deletes.length > 0 ? [await index.deleteDocuments(change.deletes)] : []),
        ];
        return tasks.map((task) => task.taskUid);
      },
      unlessApplied(state, uid, events[0]),
      recheckLater(state, uid, written),
    ),
  );
};

const ensure = async (state: SearchState) => {
  if (!state.ensured)
    await whileUnavailable(state, () => ensureListingsIndex(state.deps().meili, liveIndex(state)));
  state.ensured = true;
};

/** A rebuild while running: a fresh index filled beside the live one, kept current, then swapped in. */
const buildFresh = async (
  state: SearchState,
  onProgress?: (done: number, total: number) => void,
) => {
  const { sql, meili } = state.deps();
  const fresh = freshIndexName(liveIndex(state));
  const result = await whileUnavailable(state, () =>
    buildSearchIndex(sql, meili, fresh, { onProgress }),
  );
  return {
    checkpoint: result.checkpoint,
    unapplied: result.unapplied,
    copy: {
      apply: (events: RecordedEvent[]) => applyTo(state, fresh, events),
      swap: () =>
        whileUnavailable(state, async () => {
          await ensureListingsIndex(meili, liveIndex(state));
          await swapIndexes(meili, liveIndex(state), fresh);
        }),
      drop: () => deleteIndex(meili, fresh),
    },
  };
};

/** Rebuilds into a fresh index, swaps it in, and continues from the checkpoint it reflects. */
const reset = async (state: SearchState) => {
  const { sql, meili, log } = state.deps();
  const result = await whileUnavailable(state, () =>
    rebuildSearchIndex(sql, meili, { live: liveIndex(state) }),
  );
  state.ensured = true;
  await sql`UPDATE projection_checkpoints SET transaction_id = ${result.checkpoint.transactionId}::xid8,
            position = ${result.checkpoint.position}, updated_at = now()
            WHERE name = ${state.name}`;
  log?.info(`${state.name}: search index rebuilt and swapped in`, {
    checkpoint: result.checkpoint,
    documents: result.documents,
    streams: result.streams,
    unapplied: result.unapplied.length,
  });
  return { unapplied: result.unapplied };
};

/**
 * Keeps the Meilisearch `listings` index in step with the log. Each batch
 * becomes full-document upserts (listed listings) and deletes by id
 * (delisted, deleted); the runner advances the checkpoint only after this
 * resolves, and this resolves only after Meilisearch reports both tasks
 * succeeded. While Meilisearch is unreachable it waits and retries (never
 * skipping, never failing the projection), so the index catches up when it
 * is back. `buildFresh` fills a fresh index beside the live one for a
 * rebuild while running (swapped in with Meilisearch's index swap); `reset`
 * rebuilds into a fresh index and swaps it in at once.
 */
export const createSearchProjection = (
  deps: () => SearchProjectionDeps,
  name = LISTINGS_SEARCH_PROJECTION,
): ExternalProjection & { close: () => void } => {
  const state: SearchState = {
    deps,
    name,
    closed: false,
    ensured: false,
    rechecks: newRechecks(),
  };
  return {
    kind: 'external',
    name,
    canHandle: LISTING_EVENT_TYPES,
    apply: async (events) => {
      await ensure(state);
      await withSwapLockShared(deps().sql, name, () => applyTo(state, liveIndex(state), events));
    },
    send: async (events) => {
      await ensure(state);
      const uids = await withSwapLockShared(deps().sql, name, () =>
        sendTo(state, liveIndex(state), events),
      );
      return {
        done: async () => {
          // Behind a few batches sent ahead, on a big index: minutes, not the usual minute.
          for (const uid of uids) await succeededTask(deps().meili, uid, 300_000);
        },
      };
    },
    started: () => tookOver(state.rechecks, Date.now()),
    idle: async () => {
      if (!hasDue(state.rechecks, Date.now())) return;
      await withSwapLockShared(deps().sql, name, () => applyTo(state, liveIndex(state), []));
    },
    buildFresh: (onProgress) => buildFresh(state, onProgress),
    reset: () => reset(state),
    close: () => {
      state.closed = true;
    },
  };
};
