import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { ListingDetailsRevised } from '@rentals/core/listings/events';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import {
  asListingEvent,
  type ListingCreated,
  type ListingEvent,
} from '../readModels/listingEvents.ts';

import { DIRTY_CITIES } from '@rentals/core/readSide/names';

export { DIRTY_CITIES };

/** The channel the regenerator listens on; NOTIFY is delivered when the projection's batch commits. */
export const DIRTY_CHANNEL = 'public_site_dirty';

/**
 * Events that can change what a visitor sees. Image captions never reach the
 * public pages; a rent only through its city's rent trends.
 */
const PUBLIC_EVENT_TYPES = [
  'ListingRentChanged',
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingLocationChanged',
  'ListingImagesAdded',
  'ListingImageRemoved',
  'ListingImagesReordered',
  'ListingDelisted',
  'ListingRelisted',
  'ListingLet',
  'ListingDeleted',
  'ListingVerified',
  'ListingVerificationRevoked',
  'ListingExpired',
  'ListingHiddenForReview',
  'ListingReviewCleared',
  'ListingOwnerRoleChanged',
] as const;

/** Revision fields shown on the public pages; facilities and contact preferences are not. */
const PUBLIC_REVISION_FIELDS = [
  'title',
  'description',
  'propertyType',
  'propertyDetails',
  'showOnMap',
  // Some terms are public (move-in date, preferred tenants, food, facing).
  'tenancy',
] as const satisfies readonly (keyof ListingDetailsRevised['data'])[];

type Mark = { tx: string; position: number };

const markCity = (slugSql: 'literal' | 'lookup', value: string, at: Mark): Statement =>
  slugSql === 'literal'
    ? sql`INSERT INTO public_site_dirty_cities (city_slug, dirty_tx, dirty_position)
          VALUES (public_site_city_slug(${value}), ${at.tx}::xid8, ${at.position})
          ON CONFLICT (city_slug) DO UPDATE SET dirty_tx = excluded.dirty_tx,
            dirty_position = excluded.dirty_position,
            generation = public_site_dirty_cities.generation + 1`
    : sql`INSERT INTO public_site_dirty_cities (city_slug, dirty_tx, dirty_position)
          SELECT city_slug, ${at.tx}::xid8, ${at.position} FROM public_site_listing_city
          WHERE listing_id = ${value}
          ON CONFLICT (city_slug) DO UPDATE SET dirty_tx = excluded.dirty_tx,
            dirty_position = excluded.dirty_position,
            generation = public_site_dirty_cities.generation + 1`;

/** The listing's own page; its city is the one the listing is in after this event. */
const markListing = (listingId: string, at: Mark): Statement =>
  sql`INSERT INTO public_site_dirty_listings (listing_id, city_slug, dirty_tx, dirty_position)
      SELECT listing_id, city_slug, ${at.tx}::xid8, ${at.position} FROM public_site_listing_city
      WHERE listing_id = ${listingId}
      ON CONFLICT (listing_id) DO UPDATE SET city_slug = excluded.city_slug, dirty_tx = excluded.dirty_tx,
        dirty_position = excluded.dirty_position,
        generation = public_site_dirty_listings.generation + 1`;

const rememberCity = (listingId: string, city: string): Statement =>
  sql`INSERT INTO public_site_listing_city (listing_id, city_slug)
      VALUES (${listingId}, public_site_city_slug(${city}))
      ON CONFLICT (listing_id) DO UPDATE SET city_slug = excluded.city_slug`;

const notify = sql`SELECT pg_notify(${DIRTY_CHANNEL}, '')`;

const toStatements = (event: ListingEvent, at: Mark): Statement[] => {
  const id = event.data.listingId;
  switch (event.type) {
    case 'ListingCreated':
      return [
        rememberCity(id, event.data.location.city),
        markCity('lookup', id, at),
        markListing(id, at),
      ];
    case 'ListingLocationChanged':
      // Both the city it left and the one it joined change.
      return [
        markCity('lookup', id, at),
        markCity('literal', event.data.previousCity, at),
        rememberCity(id, event.data.location.city),
        markCity('lookup', id, at),
        markListing(id, at),
      ];
    case 'ListingDetailsRevised':
      if (!PUBLIC_REVISION_FIELDS.some((field) => event.data[field] !== undefined)) return [];
      return [markCity('lookup', id, at), markListing(id, at)];
    case 'ListingDelisted':
    case 'ListingRelisted':
    case 'ListingLet':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingReviewCleared':
      return [markCity('literal', event.data.city, at), markListing(id, at)];
    case 'ListingDeleted':
      // The listing's page stays marked (it becomes a "no longer listed" page); forget its city afterwards.
      return [
        markCity('literal', event.data.city, at),
        markListing(id, at),
        sql`DELETE FROM public_site_listing_city WHERE listing_id = ${id}`,
      ];
    case 'ListingImagesAdded':
    case 'ListingImageRemoved':
    case 'ListingImagesReordered':
    case 'ListingOwnerRoleChanged':
    case 'ListingVerified':
    case 'ListingVerificationRevoked':
      return [markCity('lookup', id, at), markListing(id, at)];
    case 'ListingRentChanged':
      // The city page's median rents; the listing's own page shows no rent to visitors.
      return [markCity('lookup', id, at)];
    case 'ListingImageCaptioned':
    case 'ListingAvailabilityConfirmed':
    case 'ListingExpiryReminded':
    case 'ListingPhotosReceived':
    case 'ListingPhotosFailed':
      // Photos not yet processed (received, failed) are never on a public page.
      return [];
  }
};

/**
 * A run of creations in three set-based statements (a bulk import): the
 * listings' cities, each city once at the run's newest creation in it, and
 * each listing's page. The same marks as `toStatements` event by event.
 */
const createdRun = (events: { event: ListingCreated; at: Mark }[]): Statement[] => {
  const json = (rows: unknown[]) => JSON.stringify(rows);
  // Later creations of the run win, as they would applied one at a time.
  const byListing = new Map(events.map((e) => [e.event.data.listingId, e]));
  const listings = [...byListing.values()].map(({ event, at }) => ({
    id: event.data.listingId,
    city: event.data.location.city,
    tx: at.tx,
    position: at.position,
  }));
  return [
    sql`INSERT INTO public_site_listing_city (listing_id, city_slug)
        SELECT r.id, public_site_city_slug(r.city) FROM jsonb_to_recordset(${json(listings)}::text::jsonb)
          AS r(id text, city text)
        ON CONFLICT (listing_id) DO UPDATE SET city_slug = excluded.city_slug`,
    sql`INSERT INTO public_site_dirty_cities (city_slug, dirty_tx, dirty_position)
        SELECT DISTINCT ON (public_site_city_slug(r.city)) public_site_city_slug(r.city), r.tx::xid8, r.position
        FROM jsonb_to_recordset(${json(listings)}::text::jsonb) AS r(city text, tx text, position bigint)
        ORDER BY public_site_city_slug(r.city), r.tx::xid8 DESC, r.position DESC
        ON CONFLICT (city_slug) DO UPDATE SET dirty_tx = excluded.dirty_tx,
          dirty_position = excluded.dirty_position,
          generation = public_site_dirty_cities.generation + 1`,
    sql`INSERT INTO public_site_dirty_listings (listing_id, city_slug, dirty_tx, dirty_position)
        SELECT r.id, public_site_city_slug(r.city), r.tx::xid8, r.position
        FROM jsonb_to_recordset(${json(listings)}::text::jsonb) AS r(id text, city text, tx text, position bigint)
        ON CONFLICT (listing_id) DO UPDATE SET city_slug = excluded.city_slug, dirty_tx = excluded.dirty_tx,
          dirty_position = excluded.dirty_position,
          generation = public_site_dirty_listings.generation + 1`,
  ];
};

/**
 * A batch in log order, each run of consecutive creations set-based
 * (`createdRun`), everything else event by event; one NOTIFY at the end.
 */
const evolveBatch = (events: RecordedEvent[]): Statement[] => {
  const statements: Statement[] = [];
  let run: { event: ListingCreated; at: Mark }[] = [];
  const flush = () => {
    if (run.length > 0) statements.push(...createdRun(run));
    run = [];
  };
  for (const recorded of events) {
    const event = asListingEvent(recorded);
    const at = { tx: recorded.transactionId, position: recorded.position };
    if (event.type === 'ListingCreated') run.push({ event, at });
    else {
      flush();
      statements.push(...toStatements(event, at));
    }
  }
  flush();
  return statements.length > 0 ? [...statements, notify] : [];
};

/**
 * Marks the cities (and listings) whose public pages changed, with the position
 * of the newest event that changed them. Feeds the static-site regenerator
 * (projections/src/publicSite), which rebuilds only what is marked.
 */
export const dirtyCitiesProjection: SqlProjection = {
  kind: 'sql',
  name: DIRTY_CITIES,
  canHandle: PUBLIC_EVENT_TYPES,
  evolve: (event: RecordedEvent) => {
    const statements = toStatements(asListingEvent(event), {
      tx: event.transactionId,
      position: event.position,
    });
    return statements.length > 0 ? [...statements, notify] : [];
  },
  evolveBatch,
  reset: [
    sql`TRUNCATE public_site_listing_city`,
    sql`TRUNCATE public_site_dirty_cities`,
    sql`TRUNCATE public_site_dirty_listings`,
  ],
  tables: ['public_site_listing_city', 'public_site_dirty_cities', 'public_site_dirty_listings'],
};
