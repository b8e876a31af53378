import { isDeepStrictEqual } from 'node:util';
import { isTransient } from '../dbErrors.ts';
import { ConcurrencyError } from '../errors.ts';
import type { EventStore } from './eventStore.ts';
import type { AppendResult, Event, EventMetadata } from './types.ts';

/** How often an append is tried in all, and the wait before each retry (doubling): 6.2 s of waits in all, longer than Postgres takes to restart after a backend crashed. */
const ATTEMPTS = 6;
const FIRST_WAIT_MS = 200;

/** The events as the log stores them (jsonb: no undefined fields, key order its own). */
const asStored = (data: Record<string, unknown>) => JSON.parse(JSON.stringify(data)) as unknown;

/**
 * Whether the stream holds exactly `events` right after `expectedVersion`: an
 * earlier attempt of this append committed although its answer was lost (the
 * connection closed between the commit and the reply).
 */
const appendedAlready = async (
  store: EventStore,
  streamId: string,
  expectedVersion: number,
  events: readonly Event[],
): Promise<AppendResult | undefined> => {
  const { events: recorded } = await store.readStream(streamId);
  const ours = recorded.slice(expectedVersion, expectedVersion + events.length);
  const same =
    ours.length === events.length &&
    ours.every(
      (r, i) =>
        r.streamVersion === expectedVersion + i + 1 &&
        r.type === events[i]!.type &&
        isDeepStrictEqual(r.data, asStored(events[i]!.data)),
    );
  const last = ours.at(-1);
  return same && last
    ? {
        nextVersion: last.streamVersion,
        lastPosition: last.position,
        transactionId: last.transactionId,
      }
    : undefined;
};

/**
 * Appends `events` once, through connection faults: an append the connection
 * failed (reset, closed, the server restarting) is tried again, up to
 * ATTEMPTS in all. Its expected version makes the retry safe: if the failed
 * attempt had committed after all, the retry is refused with a
 * ConcurrencyError, and the stream holding exactly these events after
 * `expectedVersion` says the append is done (never appended twice). A
 * ConcurrencyError on the first attempt, or with other events in the stream,
 * is another writer's, and is thrown.
 */
export const appendOnce = async (
  store: EventStore,
  append: {
    streamId: string;
    streamType: string;
    expectedVersion: number;
    events: readonly Event[];
    metadata?: EventMetadata;
  },
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<AppendResult & { retries: number }> => {
  const { streamId, streamType, expectedVersion, events, metadata } = append;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await store.append(streamId, streamType, expectedVersion, events, metadata);
      return { ...result, retries: attempt };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt > 0) {
        const done = await appendedAlready(store, streamId, expectedVersion, events);
        if (done) return { ...done, retries: attempt };
      }
      if (!isTransient(error) || attempt + 1 >= ATTEMPTS) throw error;
      await wait(FIRST_WAIT_MS * 2 ** attempt);
    }
  }
};
