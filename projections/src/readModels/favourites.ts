import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { FAVOURITE_EVENT_TYPES, isFavouriteEvent } from '@rentals/core/favourites/events';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { asListingEvent, LISTED_STATE_EVENT_TYPES, type ListingCreated } from './listingEvents.ts';

import { FAVOURITES_READ_MODEL } from '@rentals/core/readSide/names';

export { FAVOURITES_READ_MODEL };

const LISTING_TYPES = [
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingLocationChanged',
  ...LISTED_STATE_EVENT_TYPES,
] as const;

/** Any number of creations in one statement: the listing's card and state for favourites. */
const insertCreated = (events: ListingCreated[]): Statement => {
  const rows = events.map(({ data: d }) => ({
    listing_id: d.listingId,
    title: d.title,
    city: d.location.city,
    area: d.location.area,
    state: d.isAvailable ? 'listed' : 'delisted',
  }));
  return sql`INSERT INTO favourite_listings (listing_id, title, city, area, state)
    SELECT r.listing_id, r.title, r.city, r.area, r.state
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
      AS r(listing_id text, title text, city text, area text, state text)
    ON CONFLICT (listing_id) DO NOTHING`;
};

const setState = (listingId: string, state: 'listed' | 'delisted' | 'deleted') =>
  sql`UPDATE favourite_listings SET state = ${state} WHERE listing_id = ${listingId}`;

const toStatements = (event: RecordedEvent): Statement[] => {
  if (isFavouriteEvent(event)) {
    const { userId, listingId, at } = event.data;
    return event.type === 'ListingFavourited'
      ? [
          sql`INSERT INTO user_favourites (user_id, listing_id, favourited_at)
              VALUES (${userId}, ${listingId}, ${at}) ON CONFLICT DO NOTHING`,
        ]
      : [sql`DELETE FROM user_favourites WHERE user_id = ${userId} AND listing_id = ${listingId}`];
  }
  const listing = asListingEvent(event);
  const id = listing.data.listingId;
  switch (listing.type) {
    case 'ListingCreated':
      return [insertCreated([listing])];
    case 'ListingDetailsRevised':
      return listing.data.title === undefined
        ? []
        : [
            sql`UPDATE favourite_listings SET title = ${listing.data.title} WHERE listing_id = ${id}`,
          ];
    case 'ListingLocationChanged':
      return [
        sql`UPDATE favourite_listings SET city = ${listing.data.location.city}, area = ${listing.data.location.area}
            WHERE listing_id = ${id}`,
      ];
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
      return [setState(id, 'delisted')];
    case 'ListingReviewCleared':
      return [setState(id, listing.data.isAvailable ? 'listed' : 'delisted')];
    case 'ListingRelisted':
      return [setState(id, 'listed')];
    case 'ListingDeleted':
      return [setState(id, 'deleted')];
    default:
      return [];
  }
};

/**
 * Each user's favourites, and for every listing what a favourite card needs
 * when the listing itself is gone. Favourites are never dropped when their
 * listing is delisted or deleted: they read 'no longer available' until the
 * user removes them.
 */
export const favouritesReadModel: SqlProjection = {
  kind: 'sql',
  name: FAVOURITES_READ_MODEL,
  canHandle: [...LISTING_TYPES, ...FAVOURITE_EVENT_TYPES],
  evolve: toStatements,
  // Creations first in one statement: a listing's creation is its stream's first event and
  // precedes any favourite of it, so hoisting creations cannot reorder anything that depends on them.
  evolveBatch: (events) => {
    const created = events
      .filter((e) => e.type === 'ListingCreated')
      .map((e) => asListingEvent(e) as ListingCreated);
    return [
      ...(created.length > 0 ? [insertCreated(created)] : []),
      ...events.filter((e) => e.type !== 'ListingCreated').flatMap(toStatements),
    ];
  },
  reset: [sql`TRUNCATE user_favourites`, sql`TRUNCATE favourite_listings`],
  tables: ['user_favourites', 'favourite_listings'],
};
