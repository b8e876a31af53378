import type { EventStore } from '../eventStore/eventStore.ts';
import { ConcurrencyError } from '../errors.ts';
import type { ListingEvent } from './events.ts';
import { LISTING_STREAM_TYPE, listingStreamId } from './events.ts';
import { fold, initialState, type ListingState } from './state.ts';

/** Who acts, and the request the command came from (its request id, followed into the projections' logs). */
type CommandMetadata = { userId: string; correlationId?: string };

export type Decision = (state: ListingState) => ListingEvent[] | Promise<ListingEvent[]>;
export type Outcome = { state: ListingState; version: number; events: ListingEvent[] };

/**
 * Runs a command against a listing stream (the API's routes, and the expiry
 * scheduler of the projections process):
 * 1. read the stream and fold it into state;
 * 2. decide (pure) which events the command produces (ownership included);
 * 3. only then compare the caller's If-Match version, and append expecting the version read.
 * Without an If-Match version, a conflicting concurrent write is retried once on
 * fresh state; with one, a stale version is the caller's 409.
 */
export const listingCommandHandler = (eventStore: EventStore) => {
  const load = async (listingId: string) => {
    const { version, events } = await eventStore.readStream(listingStreamId(listingId));
    return { version, state: fold(events as unknown as ListingEvent[], initialState) };
  };

  const attempt = async (
    listingId: string,
    decision: Decision,
    metadata: CommandMetadata,
    expectedVersion: number | undefined,
  ): Promise<Outcome> => {
    const { state, version } = await load(listingId);
    // The decision (which checks who may change the listing) runs before the version is compared:
    // a stranger gets its 403 or 404 whatever the If-Match, never a 409 that confirms a guessed version.
    const events = await decision(state);
    if (expectedVersion !== undefined && expectedVersion !== version)
      throw new ConcurrencyError(listingStreamId(listingId), expectedVersion);
    if (events.length === 0) return { state, version, events };
    const result = await eventStore.append(
      listingStreamId(listingId),
      LISTING_STREAM_TYPE,
      version,
      events,
      metadata,
    );
    return { state: fold(events, state), version: result.nextVersion, events };
  };

  return {
    load,
    async handle(
      listingId: string,
      decision: Decision,
      options: CommandMetadata & { expectedVersion?: number },
    ): Promise<Outcome> {
      const { expectedVersion, ...metadata } = options;
      try {
        return await attempt(listingId, decision, metadata, expectedVersion);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || expectedVersion !== undefined) throw error;
        return attempt(listingId, decision, metadata, undefined);
      }
    },
  };
};
