import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { Statement } from '../runner/statement.ts';
import {
  isListingEvent,
  LISTING_EVENT_TYPES,
  type ListingCreated,
  type ListingEvent,
} from '@rentals/core/listings/events';
import { FACILITIES } from '@rentals/core/listings/listing';

export { LISTING_EVENT_TYPES };
export type { ListingCreated, ListingEvent };

/** The listing event a recorded event holds; the runner only hands us types we declared in canHandle. */
export const asListingEvent = (event: RecordedEvent): ListingEvent => {
  if (!isListingEvent(event)) throw new Error(`Not a listing event: ${event.type}`);
  return { type: event.type, data: event.data } as ListingEvent;
};

/** The events that change whether a listing is listed (shown to tenants), or end it. */
export const LISTED_STATE_EVENT_TYPES = [
  'ListingDelisted',
  'ListingRelisted',
  'ListingDeleted',
  'ListingExpired',
  'ListingHiddenForReview',
  'ListingReviewCleared',
] as const;

/** Names of the facilities that are switched on, in the spec's order, for array filters. */
export const enabledFacilities = (facilities: Record<string, boolean>): string[] =>
  FACILITIES.filter((name) => facilities[name]);

/**
 * A batch as few statements: every creation in one set-based statement, then
 * the other events one by one in log order. Hoisting creations is exact
 * because a listing's creation is always its stream's first event and ids are
 * never reused, so no other event of the batch can depend on a later creation.
 */
const creationsFirst = (
  events: RecordedEvent[],
  createMany: (created: ListingCreated[]) => Statement,
  one: (event: ListingEvent) => Statement[],
): Statement[] => {
  const listing = events.map(asListingEvent);
  const created = listing.filter((e): e is ListingCreated => e.type === 'ListingCreated');
  return [
    ...(created.length > 0 ? [createMany(created)] : []),
    ...listing.filter((e) => e.type !== 'ListingCreated').flatMap(one),
  ];
};

/**
 * A read model of its own tables, kept from listing events: `one` event at a
 * time, or a batch with its creations in one statement (creationsFirst). A
 * rebuild empties the tables first.
 */
export const listingTables = (
  tables: readonly string[],
  createMany: (created: ListingCreated[]) => Statement,
  one: (event: ListingEvent) => Statement[],
) => ({
  kind: 'sql' as const,
  evolve: (event: RecordedEvent) => one(asListingEvent(event)),
  evolveBatch: (events: RecordedEvent[]) => creationsFirst(events, createMany, one),
  reset: tables.map((table): Statement => ({ text: `TRUNCATE ${table}`, values: [] })),
  tables,
});
