import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { relevantOf, type Runner } from './runnerState.ts';

/** A log line names at most this many correlation ids (a catch-up batch can hold hundreds). */
const CORRELATION_IDS_LOGGED = 100;

/** The distinct correlation ids of events (their commands' request ids), in log order, bounded. */
export const correlationIdsOf = (events: readonly RecordedEvent[]) => {
  const ids = [
    ...new Set(events.flatMap((e) => (e.metadata.correlationId ? [e.metadata.correlationId] : []))),
  ];
  return ids.length > CORRELATION_IDS_LOGGED
    ? {
        correlationIds: ids.slice(0, CORRELATION_IDS_LOGGED),
        correlationIdsOmitted: ids.length - CORRELATION_IDS_LOGGED,
      }
    : { correlationIds: ids };
};

/** Names the batch's commands (correlation ids), so a request can be followed into the projections. */
export const logApplied = (runner: Runner, events: RecordedEvent[]) => {
  const relevant = relevantOf(runner, events);
  if (relevant.length === 0) return;
  const name = runner.projection.name;
  const [first, last] = [relevant[0]!.position, relevant.at(-1)!.position];
  runner.log(`${name}: applied ${relevant.length} event(s) #${first}..#${last}`, {
    projection: name,
    events: relevant.length,
    from: first,
    to: last,
    ...correlationIdsOf(relevant),
  });
};
