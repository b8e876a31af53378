import type { Sql } from 'postgres';
import type { Checkpoint } from '@rentals/core/eventStore/types';
import { fenceCheckpoint } from '../runner/checkpoints.ts';
import { LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import { LISTINGS_INDEX } from './indexSettings.ts';
import { indexChangesFor } from './listingDocuments.ts';
import { deleteIndex, ensureListingsIndex, swapIndexes } from './listingsIndex.ts';
import type { EnqueuedTaskPromise, Meilisearch } from 'meilisearch';
import { succeeded } from '../queries/meili.ts';
import type { Unapplied } from '../runner/projection.ts';

export type SearchRebuildResult = {
  checkpoint: Checkpoint;
  documents: number;
  streams: number;
  /** Listings whose documents could not be built: left out, for the caller to park. */
  unapplied: Unapplied[];
};

/**
 * Builds the whole index from the log into a fresh index named `fresh`
 * (settings first, then documents in large batches), up to the checkpoint
 * every reader can see. Returns that checkpoint; events after it are applied
 * afterwards (full-document upserts make replays harmless). A listing whose
 * document cannot be built is left out and returned, so one bad stream never
 * stops the rebuild.
 */
export const buildSearchIndex = async (
  db: Sql,
  meili: Meilisearch,
  fresh: string,
  options: { batchSize?: number; onProgress?: (streams: number, total: number) => void } = {},
): Promise<SearchRebuildResult> => {
  const batchSize = options.batchSize ?? 5000;
  const checkpoint = await fenceCheckpoint(db);
  const [{ total } = { total: 0 }] = await db<{ total: number }[]>`
    SELECT count(*)::int AS total FROM streams WHERE stream_type = ${LISTING_STREAM_TYPE}`;
  await ensureListingsIndex(meili, fresh);
  const pending: EnqueuedTaskPromise[] = [];
  let after = '';
  let documents = 0;
  let streams = 0;
  const unapplied: Unapplied[] = [];
  for (;;) {
    const rows = await db<{ stream_id: string }[]>`
      SELECT stream_id FROM streams WHERE stream_type = ${LISTING_STREAM_TYPE} AND stream_id > ${after}
      ORDER BY stream_id LIMIT ${batchSize}`;
    if (rows.length === 0) break;
    after = rows.at(-1)!.stream_id;
    streams += rows.length;
    const ids = rows.map((r) => r.stream_id.slice('listing-'.length));
    const change = await indexChangesFor(db, ids, checkpoint, { skipUnfoldable: true });
    const { upserts } = change;
    unapplied.push(...change.unapplied);
    if (upserts.length > 0) {
      // Enqueued without waiting: consecutive additions to one index are batched by Meilisearch.
      const task = meili.index(fresh).addDocuments(upserts, { primaryKey: 'id' });
      await task;
      pending.push(task);
      documents += upserts.length;
    }
    options.onProgress?.(streams, Math.max(total, streams));
  }
  for (const task of pending) await succeeded(task, 600_000);
  return { checkpoint, documents, streams, unapplied };
};

/** A name for a fresh index beside `live`. */
export const freshIndexName = (live: string) => `${live}_build_${Date.now()}`;

/**
 * Builds a fresh index (buildSearchIndex) and swaps it with the live one in
 * one atomic step, so searches never see a half-built index. Offline use
 * (benchmarks): events after the returned checkpoint are left to the
 * projector; `projections:rebuild` also catches the fresh index up before
 * the swap (runner/rebuild.ts).
 */
export const rebuildSearchIndex = async (
  db: Sql,
  meili: Meilisearch,
  options: { batchSize?: number; live?: string } = {},
): Promise<SearchRebuildResult> => {
  const live = options.live ?? LISTINGS_INDEX;
  const fresh = freshIndexName(live);
  const result = await buildSearchIndex(db, meili, fresh, options);
  await ensureListingsIndex(meili, live);
  await swapIndexes(meili, live, fresh);
  await deleteIndex(meili, fresh);
  return result;
};
