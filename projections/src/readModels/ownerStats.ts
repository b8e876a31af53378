import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import {
  LISTED_STATE_EVENT_TYPES,
  listingTables,
  type ListingCreated,
  type ListingEvent,
} from './listingEvents.ts';

export const OWNER_LISTING_STATS = 'owner-listing-stats';

/** Any number of creations in one statement: membership rows, then the counts added per owner. */
const insertCreated = (events: ListingCreated[]): Statement => {
  const rows = events.map(({ data: d }) => ({
    listing_id: d.listingId,
    owner_id: d.ownerId,
    listed: d.isAvailable,
  }));
  return sql`WITH m AS (
      INSERT INTO owner_listing_membership (listing_id, owner_id, listed)
      SELECT r.listing_id, r.owner_id, r.listed
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) AS r(listing_id text, owner_id text, listed boolean)
      ON CONFLICT (listing_id) DO NOTHING RETURNING owner_id, listed)
    INSERT INTO owner_listing_stats AS s (owner_id, total, listed, delisted)
    SELECT owner_id, count(*), count(*) FILTER (WHERE listed), count(*) FILTER (WHERE NOT listed) FROM m GROUP BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET total = s.total + excluded.total, listed = s.listed + excluded.listed,
      delisted = s.delisted + excluded.delisted`;
};

const toStatements = (event: ListingEvent): Statement[] => {
  const id = event.data.listingId;
  switch (event.type) {
    case 'ListingCreated':
      return [insertCreated([event])];
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingReviewCleared':
    case 'ListingRelisted': {
      const listed =
        event.type === 'ListingRelisted' ||
        (event.type === 'ListingReviewCleared' && event.data.isAvailable);
      const step = listed ? 1 : -1;
      return [
        sql`WITH m AS (
              UPDATE owner_listing_membership SET listed = ${listed}
              WHERE listing_id = ${id} AND listed <> ${listed} RETURNING owner_id)
            UPDATE owner_listing_stats s SET listed = s.listed + ${step}::int, delisted = s.delisted - ${step}::int
            FROM m WHERE s.owner_id = m.owner_id`,
      ];
    }
    case 'ListingDeleted':
      return [
        sql`WITH m AS (DELETE FROM owner_listing_membership WHERE listing_id = ${id} RETURNING owner_id, listed)
            UPDATE owner_listing_stats s SET total = s.total - 1, listed = s.listed - m.listed::int,
              delisted = s.delisted - (NOT m.listed)::int
            FROM m WHERE s.owner_id = m.owner_id`,
      ];
    default:
      return [];
  }
};

/** Per-owner counts (total, listed, delisted) for the dashboard and My Properties summary cards. */
export const ownerListingStats: SqlProjection = {
  name: OWNER_LISTING_STATS,
  canHandle: ['ListingCreated', ...LISTED_STATE_EVENT_TYPES],
  ...listingTables(
    ['owner_listing_stats', 'owner_listing_membership'],
    insertCreated,
    toStatements,
  ),
};
