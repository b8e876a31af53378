import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import { isTransient } from '@rentals/core/dbErrors';
import { advanceCheckpoint, CheckpointMoved, checkpointOf, isBefore } from './checkpoints.ts';
import { lockParking, parkStream } from './parking.ts';
import { markProjectionTransaction } from './projectionTransaction.ts';
import { correlationIdsOf } from './runnerLog.ts';
import { throwIfLost, type Runner } from './runnerState.ts';
import { sleepUnlessWoken } from './waker.ts';

/**
 * Finding the event a batch fails on. While `until` is set, events are
 * applied one at a time up to there; the one that still fails is parked.
 */
export type Narrowing = { until?: Checkpoint };

/** Ends the narrowing once the checkpoint has passed the failed batch. */
export const narrowedTo = (narrowing: Narrowing, checkpoint: Checkpoint) => {
  if (narrowing.until && !isBefore(checkpoint, narrowing.until)) narrowing.until = undefined;
};

/** Parks the failing event's stream and moves the checkpoint past it, in one transaction. */
const park = async (runner: Runner, from: Checkpoint, event: RecordedEvent, error: string) => {
  const { name } = runner.projection;
  for (let attempt = 1; ; attempt++) {
    try {
      return await runner.sql.begin(async (tx) => {
        await markProjectionTransaction(tx);
        await lockParking(tx, name);
        await parkStream(tx, name, event, error);
        if (!(await advanceCheckpoint(tx, name, from, checkpointOf(event))))
          throw new CheckpointMoved();
        return true;
      });
    } catch (e) {
      if (e instanceof CheckpointMoved) return false;
      if (runner.stopped || !isTransient(e)) throw e;
      const delay = Math.min(runner.config.backoffMs * 2 ** Math.min(attempt, 16), 5000);
      await sleepUnlessWoken(delay, {});
    }
  }
};

const logParked = (runner: Runner, event: RecordedEvent, message: string) => {
  const { name } = runner.projection;
  runner.log(
    `${name}: parked stream ${event.streamId} at event #${event.position} (${event.type}); its later events wait behind it: ${message}`,
    {
      projection: name,
      streamId: event.streamId,
      position: event.position,
      eventType: event.type,
      error: message,
      ...correlationIdsOf([event]),
    },
    'error',
  );
};

/**
 * After a batch after `from` failed its retries: narrows down to one event at
 * a time (so the good ones land and the bad one is named), or parks the one
 * event's stream. Throws what is no event's fault (an outage, a lost session).
 * 'moved': someone reset the checkpoint, nothing was parked.
 */
export const narrowOrPark = async (
  runner: Runner,
  narrowing: Narrowing,
  from: Checkpoint,
  events: RecordedEvent[],
  error: unknown,
): Promise<'stopped' | 'narrowing' | 'parked' | 'moved'> => {
  if (runner.stopped) return 'stopped';
  throwIfLost(runner.session);
  if (isTransient(error)) throw error;
  if (events.length > 1) {
    narrowing.until = checkpointOf(events.at(-1)!);
    return 'narrowing';
  }
  const event = events[0]!;
  // Only an event the projection applies can be its fault; anything else is an outage.
  if (!runner.handles.has(event.type)) throw error;
  // Never park a stream for what was the database's fault: only when it answers now.
  await runner.sql`SELECT 1`;
  const message = `${(error as Error).message}`;
  if (!(await park(runner, from, event, message))) return 'moved';
  logParked(runner, event, message);
  return 'parked';
};
