import type { Sql } from 'postgres';
import { appEventRegistry } from '../eventRegistry.ts';
import { ConcurrencyError } from '../errors.ts';
import type { EventRegistry } from './registry.ts';
import { CANCELLED_ATTEMPT_SQLSTATE, WriteCancelledError, writeFence } from './writeFence.ts';
import type {
  AppendResult,
  Checkpoint,
  Event,
  EventMetadata,
  ExpectedVersion,
  RecordedEvent,
} from './types.ts';

type EventRow = {
  position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
};

const toRecorded = (row: EventRow): RecordedEvent => ({
  type: row.type,
  data: row.data,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  position: row.position,
  transactionId: row.transaction_id,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
});

export type EventStore = ReturnType<typeof createEventStore>;

/**
 * The event log. `registry` says which event types it accepts and their
 * schemas (the product's own by default; tests register their own types).
 */
export const createEventStore = (sql: Sql, registry: EventRegistry = appEventRegistry) => {
  // An event that cannot be upcast is passed on as it is: the projection then fails on
  // that one event and parks its stream, instead of the whole batch failing for every runner.
  const upcastOrPass = (event: RecordedEvent) => {
    try {
      return registry.upcast(event);
    } catch {
      return event;
    }
  };
  return {
    /**
     * Appends events in one round trip. Every event is checked against its
     * type's schema first (InvalidEventError, and nothing is written); its
     * metadata records the version of that shape. Throws ConcurrencyError when
     * the stream is not at `expectedVersion` (another writer won).
     */
    async append(
      streamId: string,
      streamType: string,
      expectedVersion: ExpectedVersion,
      events: readonly Event[],
      metadata: EventMetadata = {},
    ): Promise<AppendResult> {
      for (const event of events) registry.assertValid(event);
      const expected = expectedVersion === 'any' ? -1 : expectedVersion;
      const metaOf = (event: Event) =>
        JSON.stringify({ ...metadata, schemaVersion: registry.versionOf(event.type) });
      // Inside a write attempt (writeFence), the append is made only while the attempt stands.
      const fence = writeFence.getStore();
      if (fence?.active) fence.appendSent = true;
      const append = fence?.active
        ? sql`append_events_fenced(${fence.attemptId}::uuid, `
        : sql`append_events(`;
      const rows = await sql<
        { next_version: number; last_position: number; transaction_id: string }[]
      >`
      SELECT * FROM ${append}
        ${streamId}, ${streamType}, ${expected},
        ${sql.array(events.map((e) => e.type))}::text[],
        ${sql.array(events.map((e) => JSON.stringify(e.data)))}::jsonb[],
        ${sql.array(events.map(metaOf))}::jsonb[])`.catch((error: unknown) => {
        if ((error as { code?: unknown }).code === CANCELLED_ATTEMPT_SQLSTATE)
          throw new WriteCancelledError();
        throw error;
      });
      const row = rows[0];
      if (!row) throw new ConcurrencyError(streamId, expected);
      return {
        nextVersion: row.next_version,
        lastPosition: row.last_position,
        transactionId: row.transaction_id,
      };
    },

    /** A stream's events in order, their data upcast to the current shapes. */
    async readStream(streamId: string): Promise<{ version: number; events: RecordedEvent[] }> {
      const rows = await sql<EventRow[]>`
      SELECT position, transaction_id::text, stream_id, stream_version, type, data, metadata, recorded_at
      FROM events WHERE stream_id = ${streamId} ORDER BY stream_version`;
      const events = rows.map(toRecorded).map((event) => registry.upcast(event));
      return { version: events.at(-1)?.streamVersion ?? 0, events };
    },

    /**
     * Several streams' events at once (one round trip), each in stream order,
     * optionally only up to a checkpoint; streams without events are absent.
     * An event that cannot be upcast is passed on as it is, as in readAll, so
     * only its own stream fails to fold. `omitData` names top-level keys of
     * the data the caller never reads (nor does any upcaster): Postgres leaves
     * them out, and writing out `jsonb` is most of a read's cost.
     */
    async readStreams(
      streamIds: readonly string[],
      upTo?: Checkpoint,
      { omitData = [] }: { omitData?: readonly string[] } = {},
    ): Promise<Map<string, RecordedEvent[]>> {
      const data = omitData.length > 0 ? sql`data - ${[...omitData]}::text[] AS data` : sql`data`;
      const rows = await sql<EventRow[]>`
      SELECT position, transaction_id::text, stream_id, stream_version, type, ${data}, metadata, recorded_at
      FROM events WHERE stream_id = ANY(${streamIds as string[]}::text[])
        ${upTo ? sql`AND (transaction_id, position) <= (${upTo.transactionId}::xid8, ${upTo.position})` : sql``}
      ORDER BY stream_id, stream_version`;
      const byStream = new Map<string, RecordedEvent[]>();
      for (const event of rows.map(toRecorded).map(upcastOrPass)) {
        const list = byStream.get(event.streamId);
        if (list) list.push(event);
        else byStream.set(event.streamId, [event]);
      }
      return byStream;
    },

    /**
     * Reads committed events after a checkpoint, in (transaction id, position)
     * order. Only transactions older than every transaction still running that
     * may append are read (event_log_fence, migration 0186: projections'
     * transactions do not count), so an event that commits late can never land
     * behind a checkpoint.
     * Data comes upcast to the current shapes, as in readStream.
     */
    async readAll(after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
      const rows = await sql<EventRow[]>`
      SELECT position, transaction_id::text, stream_id, stream_version, type, data, metadata, recorded_at
      FROM events
      WHERE transaction_id < event_log_fence()
        AND (transaction_id, position) > (${after.transactionId}::xid8, ${after.position})
      ORDER BY events.transaction_id, events.position -- the table columns, not the ::text aliases
      LIMIT ${limit}`;
      return rows.map(toRecorded).map(upcastOrPass);
    },
  };
};
