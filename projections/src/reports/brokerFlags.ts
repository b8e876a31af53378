import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { asListingEvent } from '../readModels/listingEvents.ts';

export const BROKER_FLAGS_READ_MODEL = 'broker-flags';

/**
 * A homeowner with more listed listings than this, at as many different
 * addresses, is flagged to the review queue as a possible broker posing as
 * an owner (SPEC: brokers must say so). Two flats in one building are one
 * address; a family with a few properties stays under it.
 */
export const BROKER_FLAG_ADDRESSES = 5;

/** One address however it is typed: the words of the address, the area and the city, normalised. */
export const addressKey = (location: { address: string; area: string; city: string }) =>
  [location.address, location.area, location.city].map(normaliseLocality).join('|');

const toStatements = (event: RecordedEvent): Statement[] => {
  const e = asListingEvent(event);
  const id = e.data.listingId;
  switch (e.type) {
    case 'ListingCreated':
      return [
        sql`INSERT INTO listing_addresses (listing_id, owner_id, address_key, listed)
            VALUES (${id}, ${e.data.ownerId}, ${addressKey(e.data.location)}, ${e.data.isAvailable})
            ON CONFLICT (listing_id) DO NOTHING`,
      ];
    case 'ListingLocationChanged':
      return [
        sql`UPDATE listing_addresses SET address_key = ${addressKey(e.data.location)} WHERE listing_id = ${id}`,
      ];
    case 'ListingDelisted':
    case 'ListingRelisted':
      return [
        sql`UPDATE listing_addresses SET listed = ${e.type === 'ListingRelisted'} WHERE listing_id = ${id}`,
      ];
    case 'ListingDeleted':
      return [sql`DELETE FROM listing_addresses WHERE listing_id = ${id}`];
    default:
      return [];
  }
};

/** Each live listing's owner and address, for the possible-broker flags of the review queue. */
export const brokerFlagsReadModel: SqlProjection = {
  kind: 'sql',
  name: BROKER_FLAGS_READ_MODEL,
  canHandle: [
    'ListingCreated',
    'ListingLocationChanged',
    'ListingDelisted',
    'ListingRelisted',
    'ListingDeleted',
  ],
  evolve: toStatements,
  reset: [sql`TRUNCATE listing_addresses`],
  tables: ['listing_addresses'],
};
