import type { Sql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { Checkpoint } from '@rentals/core/eventStore/types';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import { listingStreamId } from '@rentals/core/listings/events';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { asListingEvent } from '../readModels/listingEvents.ts';
import { visitorPositions } from '../readModels/visitorPosition.ts';
import type { Unapplied } from '../runner/projection.ts';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { toSearchDocument, type SearchDocument } from './searchDocument.ts';

/** What the index should hold for a listing: its document while listed, nothing otherwise. */
export type IndexChange = { upserts: SearchDocument[]; deletes: string[] };

/** The document of a listing after these events (undefined when it is not listed). */
const documentAfter = (events: RecordedEvent[]): PropertyDocument | undefined => {
  const doc = toPropertyDocument(fold(events.map(asListingEvent)));
  return doc?.isAvailable ? doc : undefined;
};

/** The first event after which the listing's document can no longer be built, and why. */
const firstUnfoldable = (events: RecordedEvent[], error: unknown): Unapplied => {
  const failing =
    events.find((_, i) => {
      try {
        documentAfter(events.slice(0, i + 1));
        return false;
      } catch {
        return true;
      }
    }) ?? events.at(-1)!;
  return {
    event: {
      streamId: failing.streamId,
      position: failing.position,
      transactionId: failing.transactionId,
      type: failing.type,
    },
    error: error instanceof Error ? error.message : String(error),
  };
};

/**
 * Folds each listing's stream with the write side's own `evolve` and builds
 * the search document with its `toPropertyDocument`, so the index and the API
 * agree on every field. `upTo` limits the fold to a checkpoint (rebuilds);
 * without it the newest state is used, which is safe because upserts are
 * full documents and later events re-send them. A stream that cannot be
 * folded throws, unless `skipUnfoldable` (a rebuild): then it is left out and
 * reported in `unapplied` with the event at which it fails.
 */
export const indexChangesFor = async (
  db: Sql,
  listingIds: readonly string[],
  upTo?: Checkpoint,
  options: { skipUnfoldable?: boolean } = {},
): Promise<IndexChange & { unapplied: Unapplied[] }> => {
  const streams = [...new Set(listingIds)].map(listingStreamId);
  // Through the store, so old event shapes arrive upcast as every other reader sees them.
  const byStream = await createEventStore(db).readStreams(streams, upTo);
  const change = {
    upserts: [] as SearchDocument[],
    deletes: [] as string[],
    unapplied: [] as Unapplied[],
  };
  const listed: PropertyDocument[] = [];
  for (const id of new Set(listingIds)) {
    const stream = byStream.get(listingStreamId(id)) ?? [];
    let doc: PropertyDocument | undefined;
    try {
      doc = documentAfter(stream);
    } catch (error) {
      if (!options.skipUnfoldable || stream.length === 0) throw error;
      change.unapplied.push(firstUnfoldable(stream, error));
      continue;
    }
    if (doc) listed.push(doc);
    else change.deletes.push(id);
  }
  // Visitors' map areas filter on the same positions the visitor model shows.
  const positions = await visitorPositions(
    db,
    listed.flatMap((d) =>
      d.location.coordinates && d.showOnMap
        ? [{ id: d._id, city: d.location.city, coordinates: d.location.coordinates }]
        : [],
    ),
  );
  change.upserts = listed.map((doc) => toSearchDocument(doc, positions.get(doc._id)));
  return change;
};
