import type { Sql, TransactionSql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { bumpMemoryEpoch } from './batchMemory.ts';
import { heldPositions, lockParking } from './parking.ts';
import type { Projection } from './projection.ts';

export type RetryResult =
  | { outcome: 'not-parked' }
  | { outcome: 'applied'; applied: number }
  | {
      outcome: 'still-parked';
      applied: number;
      position: number;
      eventType: string;
      error: string;
    };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const applyOne = async (tx: TransactionSql, projection: Projection, event: RecordedEvent) => {
  if (projection.kind === 'external') return projection.apply([event]);
  // A savepoint per event: a failing event undoes only itself, the events before it stay applied.
  await tx.savepoint(async (sp) => {
    for (const s of projection.evolve(event))
      await sp.unsafe(s.text, s.values as never[], { prepare: true });
  });
};

/** What the released events changed, settled (SqlProjection.settle) in the same transaction. */
const settle = async (tx: TransactionSql, projection: Projection) => {
  if (projection.kind !== 'sql' || !projection.settle) return;
  for (const s of projection.settle.statements)
    await tx.unsafe(s.text, s.values as never[], { prepare: true });
};

/**
 * Replays a parked stream's held events in log order through the projection,
 * after a fix or an upcaster. Each event that applies is released; the first
 * that still fails stays parked with its new error, and the events after it
 * stay held behind it. Events are read through the event store, so they reach
 * the projection exactly as the runner would read them. Runs while the
 * projection's runner is running: the parking lock keeps them in step.
 */
export const retryParked = async (
  sql: Sql,
  projection: Projection,
  streamId: string,
): Promise<RetryResult> => {
  const store = createEventStore(sql);
  return sql.begin(async (tx): Promise<RetryResult> => {
    await lockParking(tx, projection.name);
    const positions = await heldPositions(tx, projection.name, streamId);
    if (positions.length === 0) return { outcome: 'not-parked' };
    const wanted = new Set(positions);
    // Committed before the lock was granted, so every held event is visible.
    const { events } = await store.readStream(streamId);
    const byPosition = new Map(
      events.filter((e) => wanted.has(e.position)).map((e) => [e.position, e]),
    );
    let applied = 0;
    for (const position of positions) {
      const event = byPosition.get(position);
      try {
        if (!event) throw new Error(`event #${position} is no longer in the log`);
        await applyOne(tx, projection, event);
      } catch (error) {
        const message = errorText(error);
        await tx`
          UPDATE projection_parked_streams
          SET position = ${position}, event_type = ${event?.type ?? 'unknown'}, error = ${message},
              retried_at = now(), attempts = attempts + 1
          WHERE projection = ${projection.name} AND stream_id = ${streamId}`;
        if (applied > 0) await bumpMemoryEpoch(tx, projection.name);
        await settle(tx, projection);
        return {
          outcome: 'still-parked',
          applied,
          position,
          eventType: event?.type ?? 'unknown',
          error: message,
        };
      }
      await tx`DELETE FROM projection_parked_events WHERE projection = ${projection.name} AND position = ${position}`;
      applied += 1;
    }
    await tx`DELETE FROM projection_parked_streams WHERE projection = ${projection.name} AND stream_id = ${streamId}`;
    if (applied > 0) await bumpMemoryEpoch(tx, projection.name);
    await settle(tx, projection);
    return { outcome: 'applied', applied };
  });
};
