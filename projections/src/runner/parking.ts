import type { Sql, TransactionSql } from 'postgres';
import type { RecordedEvent } from '@rentals/core/eventStore/types';

/** What parking needs to know of an event: where it is in the log and in which stream. */
export type EventRef = Pick<RecordedEvent, 'streamId' | 'position' | 'transactionId' | 'type'>;

const lockKey = (projection: string) => `parked:${projection}`;

/**
 * Serialises a runner's batch with a retry of the same projection's parked
 * streams (both take this lock in their transaction): a retry never misses an
 * event the runner is holding, and the runner never holds an event for a
 * stream a retry has just released.
 */
export const lockParking = async (tx: TransactionSql, projection: string) => {
  await tx`SELECT pg_advisory_xact_lock(hashtext(${lockKey(projection)}))`;
};

/** Which of these streams the projection has parked. Read after `lockParking` (a fresh snapshot). */
export const parkedAmong = async (
  db: Sql | TransactionSql,
  projection: string,
  streamIds: readonly string[],
): Promise<Set<string>> => {
  if (streamIds.length === 0) return new Set();
  const rows = await db<{ stream_id: string }[]>`
    SELECT stream_id FROM projection_parked_streams
    WHERE projection = ${projection} AND stream_id = ANY(${db.array([...streamIds])}::text[])`;
  return new Set(rows.map((r) => r.stream_id));
};

/** The distinct streams of `events`. */
export const streamsOf = (events: readonly RecordedEvent[]) => [
  ...new Set(events.map((e) => e.streamId)),
];

/** Splits a batch into the events to apply and those held behind parked streams. */
export const splitByParked = (relevant: RecordedEvent[], parked: Set<string>) => ({
  apply: relevant.filter((e) => !parked.has(e.streamId)),
  held: relevant.filter((e) => parked.has(e.streamId)),
});

/** Holds events behind their parked streams: recorded, neither applied nor skipped. */
export const holdEvents = async (
  tx: TransactionSql,
  projection: string,
  events: readonly EventRef[],
) => {
  if (events.length === 0) return;
  await tx`
    INSERT INTO projection_parked_events (projection, stream_id, transaction_id, position, event_type)
    SELECT ${projection}, e.stream_id, e.transaction_id::xid8, e.position, e.event_type
    FROM jsonb_to_recordset(${JSON.stringify(
      events.map((e) => ({
        stream_id: e.streamId,
        transaction_id: e.transactionId,
        position: e.position,
        event_type: e.type,
      })),
    )}::text::jsonb) AS e(stream_id text, transaction_id text, position bigint, event_type text)
    ON CONFLICT (projection, position) DO NOTHING`;
};

/** Parks the event's stream at this event, which is held as the first of the stream. */
export const parkStream = async (
  tx: TransactionSql,
  projection: string,
  event: EventRef,
  error: string,
) => {
  await tx`
    INSERT INTO projection_parked_streams (projection, stream_id, position, event_type, error)
    VALUES (${projection}, ${event.streamId}, ${event.position}, ${event.type}, ${error})
    ON CONFLICT (projection, stream_id) DO NOTHING`;
  await holdEvents(tx, projection, [event]);
};

/**
 * Parks a stream found unappliable outside the runner (a rebuild that applies
 * a whole stream at once): the failing event and every later event of the
 * stream that the projection handles, up to its checkpoint, are held. Events
 * after the checkpoint are held by the runner as it reaches them.
 */
export const parkFromLog = async (
  sql: Sql,
  projection: { name: string; canHandle: readonly string[] },
  event: EventRef,
  error: string,
) =>
  sql.begin(async (tx) => {
    await lockParking(tx, projection.name);
    await parkStream(tx, projection.name, event, error);
    await tx`
      INSERT INTO projection_parked_events (projection, stream_id, transaction_id, position, event_type)
      SELECT ${projection.name}, e.stream_id, e.transaction_id, e.position, e.type
      FROM events e, projection_checkpoints c
      WHERE c.name = ${projection.name} AND e.stream_id = ${event.streamId}
        AND e.type = ANY(${tx.array([...projection.canHandle])}::text[])
        AND (e.transaction_id, e.position) > (${event.transactionId}::xid8, ${event.position})
        AND (e.transaction_id, e.position) <= (c.transaction_id, c.position)
      ON CONFLICT (projection, position) DO NOTHING`;
  });

/** The held events of a parked stream, in log order. Read after `lockParking`. */
export const heldPositions = async (tx: TransactionSql, projection: string, streamId: string) =>
  (
    await tx<{ position: number }[]>`
      SELECT position FROM projection_parked_events
      WHERE projection = ${projection} AND stream_id = ${streamId}
      ORDER BY transaction_id, position`
  ).map((r) => r.position);

/** Forgets every parked stream of a projection (a rebuild replays them from zero). */
export const clearParked = async (tx: TransactionSql, projection: string) => {
  await tx`DELETE FROM projection_parked_streams WHERE projection = ${projection}`;
};
