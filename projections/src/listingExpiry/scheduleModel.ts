import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import {
  listingTables,
  type ListingCreated,
  type ListingEvent,
} from '../readModels/listingEvents.ts';

export const LISTING_EXPIRY_SCHEDULE = 'listing-expiry-schedule';

/** The events that move a listing's last confirmation, its reminder or whether it is listed. */
const EXPIRY_EVENT_TYPES = [
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingLocationChanged',
  'ListingImagesAdded',
  'ListingImageRemoved',
  'ListingImagesReordered',
  'ListingImageCaptioned',
  'ListingDelisted',
  'ListingRelisted',
  'ListingDeleted',
  'ListingAvailabilityConfirmed',
  'ListingExpiryReminded',
  'ListingExpired',
  'ListingHiddenForReview',
  'ListingReviewCleared',
] as const satisfies readonly ListingEvent['type'][];

const insertCreated = (events: ListingCreated[]): Statement => {
  const rows = events.map(({ data: d }) => ({
    listing_id: d.listingId,
    owner_id: d.ownerId,
    last_confirmed_at: d.createdAt,
    listed: d.isAvailable,
  }));
  return sql`INSERT INTO listing_expiry_schedule (listing_id, owner_id, last_confirmed_at, listed)
    SELECT r.listing_id, r.owner_id, r.last_confirmed_at, r.listed
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
      AS r(listing_id text, owner_id text, last_confirmed_at timestamptz, listed boolean)
    ON CONFLICT (listing_id) DO NOTHING`;
};

/** A new confirmation period: not reminded about yet. */
const confirmed = (id: string, at: string) =>
  sql`UPDATE listing_expiry_schedule SET last_confirmed_at = ${at}, reminded = false WHERE listing_id = ${id}`;

const toStatements = (event: ListingEvent): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingCreated':
      return [insertCreated([event])];
    case 'ListingDetailsRevised':
    case 'ListingRentChanged':
    case 'ListingLocationChanged':
    case 'ListingImagesAdded':
    case 'ListingImageRemoved':
    case 'ListingImagesReordered':
    case 'ListingImageCaptioned':
    case 'ListingAvailabilityConfirmed':
      return [confirmed(id, at)];
    case 'ListingRelisted':
      return [
        sql`UPDATE listing_expiry_schedule SET last_confirmed_at = ${at}, reminded = false, listed = true
            WHERE listing_id = ${id}`,
      ];
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
      return [sql`UPDATE listing_expiry_schedule SET listed = false WHERE listing_id = ${id}`];
    case 'ListingReviewCleared':
      // Its confirmation period goes on (the admin's decision is not the owner's confirmation).
      return [
        sql`UPDATE listing_expiry_schedule SET listed = ${event.data.isAvailable} WHERE listing_id = ${id}`,
      ];
    case 'ListingExpiryReminded':
      return [
        sql`UPDATE listing_expiry_schedule SET reminded = true
            WHERE listing_id = ${id} AND last_confirmed_at = ${event.data.lastConfirmedAt}`,
      ];
    case 'ListingDeleted':
      return [sql`DELETE FROM listing_expiry_schedule WHERE listing_id = ${id}`];
    default:
      return [];
  }
};

/**
 * What the expiry scheduler reads (sweep.ts): each live listing's last
 * confirmation, indexed for 'confirmed before' so a sweep reads only the
 * listings due, as the aggregate's evolve derives it (state.ts).
 */
export const listingExpirySchedule: SqlProjection = {
  name: LISTING_EXPIRY_SCHEDULE,
  canHandle: EXPIRY_EVENT_TYPES,
  ...listingTables(['listing_expiry_schedule'], insertCreated, toStatements),
};
