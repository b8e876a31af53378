import type { RecordedEvent } from '@rentals/core/eventStore/types';
import {
  SAVED_SEARCH_EVENT_TYPES,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import { asListingEvent, type ListingEvent } from '../readModels/listingEvents.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { listingStatements, savedSearchStatements } from './alertStatements.ts';
import { alertsMemory } from './alertsMemory.ts';
import { percolateAll, type Percolation } from './percolate.ts';

export const ALERTS_PROJECTION = 'saved-search-alerts';

/** The listing events that can make a listing match or stop matching a search. */
export const LISTING_TYPES = [
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingLocationChanged',
  'ListingDelisted',
  'ListingRelisted',
  // An expired listing leaves search like a delisted one (a renewal is a relist).
  'ListingExpired',
  'ListingDeleted',
  // Hidden pending review leaves search like a delisting; a dismissal lists it again like a relist.
  'ListingHiddenForReview',
  'ListingReviewCleared',
  // 'Owners only' searches stop matching a listing whose lister became a broker.
  'ListingOwnerRoleChanged',
] as const satisfies readonly ListingEvent['type'][];

export const isSavedSearchEvent = (event: RecordedEvent): boolean =>
  (SAVED_SEARCH_EVENT_TYPES as readonly string[]).includes(event.type);

/** Stands in for a percolation that evolveBatch makes part of its round's statement. */
const IN_ROUND: Statement = { text: '', values: [] };

/**
 * A batch as `evolve` event by event would apply it, with one percolation
 * statement per round instead of one per listing event. Between saved-search
 * events (which change what later events are tested against), round k holds
 * the k-th event of each listing: its column statements in log order, then
 * all of its listings percolated at once. A listing's outcome depends only on
 * its own row and matches, so percolating a round's listings together equals
 * percolating each after its own event; a backlog where each listing is
 * created and then changed is two rounds, not one per listing.
 */
const evolveBatch = (events: RecordedEvent[]): Statement[] => {
  const statements: Statement[] = [];
  let rounds: { statements: Statement[]; listings: Percolation[] }[] = [];
  let eventsOf = new Map<string, number>();
  const close = () => {
    for (const round of rounds)
      statements.push(
        ...round.statements,
        ...(round.listings.length > 0 ? [percolateAll(round.listings)] : []),
      );
    rounds = [];
    eventsOf = new Map();
  };
  for (const event of events) {
    if (isSavedSearchEvent(event)) {
      close();
      statements.push(
        ...savedSearchStatements({ type: event.type, data: event.data } as SavedSearchEvent),
      );
      continue;
    }
    const listing = asListingEvent(event);
    const k = eventsOf.get(listing.data.listingId) ?? 0;
    eventsOf.set(listing.data.listingId, k + 1);
    const round = (rounds[k] ??= { statements: [], listings: [] });
    const collect = (listingId: string, at: string, silent = false) => {
      round.listings.push({ listingId, at, silent });
      return IN_ROUND;
    };
    round.statements.push(...listingStatements(listing, collect).filter((s) => s !== IN_ROUND));
  }
  close();
  return statements;
};

/**
 * Saved-search matching (issue 17): keeps each saved search's filters and
 * each listing's searchable columns, and on every listing event that can
 * change whether it matches, percolates the listing through the candidate
 * searches (percolate.ts), recording matches and alerts. The new-match
 * counts, the in-app notifications and the emails read listing_search_alerts.
 */
export const alertsProjection: SqlProjection = {
  kind: 'sql',
  name: ALERTS_PROJECTION,
  canHandle: [...LISTING_TYPES, ...SAVED_SEARCH_EVENT_TYPES],
  evolve: (event) =>
    isSavedSearchEvent(event)
      ? savedSearchStatements({ type: event.type, data: event.data } as SavedSearchEvent)
      : listingStatements(asListingEvent(event)),
  evolveBatch,
  // The live runner's batches: the searches in memory, tested in JS (alertsMemory.ts); the rebuild and
  // the event-by-event replay of a failed batch take the SQL path above, which records the same.
  inMemory: alertsMemory,
  reset: [
    sql`TRUNCATE saved_search_filters, saved_search_keys, alert_listings, listing_search_matches,
        listing_search_alerts`,
  ],
  // Rebuilt beside the live tables and swapped in, as the other read models: a reset in place while the
  // running projector writes them deadlocked with it, and readers would see no searches meanwhile.
  tables: [
    'saved_search_filters',
    'saved_search_keys',
    'alert_listings',
    'listing_search_matches',
    'listing_search_alerts',
  ],
};
