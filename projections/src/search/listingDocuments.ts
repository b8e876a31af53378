import type { Sql } from 'postgres';
import type { Checkpoint } from '@rentals/api/eventStore/types';
import { toPropertyDocument } from '@rentals/api/listings/domain/document';
import { fold } from '@rentals/api/listings/domain/state';
import { listingStreamId } from '@rentals/api/listings/domain/events';
import type { RecordedEvent } from '@rentals/api/eventStore/types';
import { asListingEvent } from '../readModels/listingEvents.ts';
import { visitorPositions } from '../readModels/visitorPosition.ts';
import { toSearchDocument, type SearchDocument } from './searchDocument.ts';

type Row = { stream_id: string; type: string; data: Record<string, unknown> };

/** What the index should hold for a listing: its document while listed, nothing otherwise. */
export type IndexChange = { upserts: SearchDocument[]; deletes: string[] };

/**
 * Folds each listing's stream with the write side's own `evolve` and builds
 * the search document with its `toPropertyDocument`, so the index and the API
 * agree on every field. `upTo` limits the fold to a checkpoint (rebuilds);
 * without it the newest state is used, which is safe because upserts are
 * full documents and later events re-send them.
 */
export const indexChangesFor = async (
  db: Sql,
  listingIds: readonly string[],
  upTo?: Checkpoint,
): Promise<IndexChange> => {
  const streams = [...new Set(listingIds)].map(listingStreamId);
  const rows = await db<Row[]>`
    SELECT stream_id, type, data FROM events
    WHERE stream_id = ANY(${streams}::text[])
      ${upTo ? db`AND (transaction_id, position) <= (${upTo.transactionId}::xid8, ${upTo.position})` : db``}
    ORDER BY stream_id, stream_version`;
  const byStream = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byStream.get(row.stream_id);
    if (list) list.push(row);
    else byStream.set(row.stream_id, [row]);
  }
  const change: IndexChange = { upserts: [], deletes: [] };
  const listed = [];
  for (const id of new Set(listingIds)) {
    const events = (byStream.get(listingStreamId(id)) ?? []).map((r) =>
      asListingEvent({ type: r.type, data: r.data } as RecordedEvent),
    );
    const doc = toPropertyDocument(fold(events));
    if (doc?.isAvailable) listed.push(doc);
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
