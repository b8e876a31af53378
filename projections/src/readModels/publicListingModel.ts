import type { ListingImage } from '@rentals/core/listings/listing';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { publicTenancy } from '@rentals/core/listings/tenancy';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import {
  asListingEvent,
  listingTables,
  LISTING_EVENT_TYPES,
  type ListingCreated,
  type ListingEvent,
} from './listingEvents.ts';
import { visitorPositionInput, visitorPositions } from './visitorPosition.ts';
import { fold, type Listing } from '@rentals/core/listings/state';
import { LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { streamFold } from '../runner/streamFold.ts';

import { PUBLIC_LISTING_MODEL } from '@rentals/core/readSide/names';

export { PUBLIC_LISTING_MODEL };

/** Photos as visitors get them: no captions (owners sometimes write the address there). */
const publicImages = (images: ListingImage[]) =>
  images.map(({ id, url, width, height, placeholder, variants }) => ({
    id,
    url,
    caption: '',
    width,
    height,
    placeholder,
    variants,
  }));

const json = (value: unknown) => JSON.stringify(value);

/** The row as JSON; the exact position only passes through visitor_position (see insertCreated). */
const createdRow = ({ data: d }: ListingCreated) => ({
  ...visitorPositionInput(d.location.city, d.location.coordinates),
  id: d.listingId,
  owner_id: d.ownerId,
  title: d.title,
  description: d.description,
  property_type: d.propertyType,
  city: d.location.city,
  city_key: normaliseLocality(d.location.city),
  bedrooms: d.propertyDetails.bedrooms,
  bathrooms: d.propertyDetails.bathrooms,
  show_on_map: d.showOnMap,
  images: publicImages(d.images),
  owner: { name: d.owner.name, role: d.owner.role },
  listed: d.isAvailable,
  is_verified: d.isVerified,
  created_at: d.createdAt,
  terms: publicTenancy(d.tenancy) ?? null,
});

/**
 * Any number of creations as one set-based INSERT. The visitor position is
 * the listing's moved 3–6 km by visitor_position (migration 0027), so that it
 * shows the neighbourhood but not the PIN area; the exact one is not stored.
 */
const insertCreated = (events: ListingCreated[]): Statement =>
  sql`INSERT INTO listing_public (id, owner_id, title, description, property_type, city, city_key, bedrooms,
        bathrooms, coarse_lat, coarse_lng, show_on_map, images, owner, listed, is_verified, created_at, updated_at,
        terms)
      SELECT r.id, r.owner_id, r.title, r.description, r.property_type, r.city, r.city_key, r.bedrooms, r.bathrooms,
        v.visitor_lat, v.visitor_lng, r.show_on_map, r.images, r.owner, r.listed, r.is_verified, r.created_at,
        r.created_at, r.terms
      FROM jsonb_to_recordset(${json(events.map(createdRow))}::text::jsonb) AS r(id text, owner_id text, title text,
        description text, property_type text, city text, city_key text, bedrooms int, bathrooms int,
        lat float8, lng float8, centre_lat float8, centre_lng float8, radius_km float8, show_on_map boolean,
        images jsonb, owner jsonb, listed boolean, is_verified boolean, created_at timestamptz, terms jsonb)
      CROSS JOIN LATERAL visitor_position(r.id, r.lat, r.lng, r.centre_lat, r.centre_lng, r.radius_km) v
      ON CONFLICT (id) DO NOTHING`;

type EventOf<T extends ListingEvent['type']> = Extract<ListingEvent, { type: T }>;

const detailsRevised = ({ data: d }: EventOf<'ListingDetailsRevised'>) =>
  sql`UPDATE listing_public SET
        title = coalesce(${d.title ?? null}, title),
        description = coalesce(${d.description ?? null}, description),
        property_type = coalesce(${d.propertyType ?? null}, property_type),
        bedrooms = coalesce(${d.propertyDetails?.bedrooms ?? null}::int, bedrooms),
        bathrooms = coalesce(${d.propertyDetails?.bathrooms ?? null}::int, bathrooms),
        show_on_map = coalesce(${d.showOnMap ?? null}::boolean, show_on_map),
        terms = CASE WHEN ${d.tenancy !== undefined} THEN ${publicTenancy(d.tenancy) ? json(publicTenancy(d.tenancy)) : null}::text::jsonb
                ELSE terms END,
        updated_at = ${d.at}
      WHERE id = ${d.listingId}`;

/** A new place: the visitor's coarse position is computed again from it. */
const locationChanged = ({ data }: EventOf<'ListingLocationChanged'>) => {
  const { listingId: id, at } = data;
  const { city, coordinates } = data.location;
  const p = visitorPositionInput(city, coordinates);
  return sql`UPDATE listing_public SET city = ${city}, city_key = ${normaliseLocality(city)},
        coarse_lat = v.visitor_lat, coarse_lng = v.visitor_lng, updated_at = ${at}
      FROM visitor_position(${id}, ${p.lat}::float8, ${p.lng}::float8, ${p.centre_lat}::float8,
                            ${p.centre_lng}::float8, ${p.radius_km}::float8) v
      WHERE id = ${id}`;
};

const toStatements = (event: ListingEvent): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingCreated':
      return [insertCreated([event])];
    case 'ListingDetailsRevised':
      return [detailsRevised(event)];
    case 'ListingLocationChanged':
      return [locationChanged(event)];
    case 'ListingImagesAdded':
      return [
        sql`UPDATE listing_public SET images = images || ${json(publicImages(event.data.images))}::text::jsonb,
              updated_at = ${at} WHERE id = ${id}`,
      ];
    case 'ListingImageRemoved':
      return [
        sql`UPDATE listing_public SET images = coalesce((
              SELECT jsonb_agg(i ORDER BY n) FROM jsonb_array_elements(images) WITH ORDINALITY AS t(i, n)
              WHERE i ->> 'id' <> ${event.data.imageId}), '[]'::jsonb), updated_at = ${at}
            WHERE id = ${id}`,
      ];
    case 'ListingImagesReordered':
      return [
        sql`UPDATE listing_public SET images = coalesce((
              SELECT jsonb_agg(i ORDER BY array_position(${event.data.imageIds}::text[], i ->> 'id'))
              FROM jsonb_array_elements(images) AS t(i)
              WHERE i ->> 'id' = ANY(${event.data.imageIds}::text[])), '[]'::jsonb), updated_at = ${at}
            WHERE id = ${id}`,
      ];
    case 'ListingDelisted':
      return [sql`UPDATE listing_public SET listed = false, updated_at = ${at} WHERE id = ${id}`];
    case 'ListingLet':
      // The ListingDelisted before it took the home off the market; the page now says 'Let'.
      return [sql`UPDATE listing_public SET let_at = ${at}, updated_at = ${at} WHERE id = ${id}`];
    case 'ListingRelisted':
      // A relist renews an expired listing too.
      return [
        sql`UPDATE listing_public SET listed = true, expired = false, let_at = NULL, updated_at = ${at}
            WHERE id = ${id}`,
      ];
    case 'ListingExpired':
      return [
        sql`UPDATE listing_public SET listed = false, expired = true, updated_at = ${at} WHERE id = ${id}`,
      ];
    case 'ListingHiddenForReview':
      // Like a delisting: the page and every list drop it until the review ends.
      return [sql`UPDATE listing_public SET listed = false, updated_at = ${at} WHERE id = ${id}`];
    case 'ListingReviewCleared':
      return [
        sql`UPDATE listing_public SET listed = ${event.data.isAvailable}, updated_at = ${at} WHERE id = ${id}`,
      ];
    case 'ListingVerified':
    case 'ListingVerificationRevoked':
      return [
        sql`UPDATE listing_public SET is_verified = ${event.type === 'ListingVerified'}, updated_at = ${at}
            WHERE id = ${id}`,
      ];
    case 'ListingOwnerRoleChanged':
      // The card and page say Owner or Broker.
      return [
        sql`UPDATE listing_public SET owner = jsonb_set(owner, '{role}', to_jsonb(${event.data.role}::text)),
              updated_at = ${at} WHERE id = ${id}`,
      ];
    case 'ListingDeleted':
      return [sql`DELETE FROM listing_public WHERE id = ${id}`];
    case 'ListingRentChanged':
    case 'ListingImageCaptioned':
    case 'ListingAvailabilityConfirmed':
    case 'ListingExpiryReminded':
    case 'ListingPhotosReceived':
    case 'ListingPhotosFailed':
      // Rent is never public; captions are not shown to visitors; confirmations change nothing visible;
      // photos not yet processed are not shown at all.
      return [];
  }
};

const HANDLED: readonly string[] = LISTING_EVENT_TYPES.filter(
  (t) => t !== 'ListingRentChanged' && t !== 'ListingImageCaptioned',
);

/** Events that change nothing visitors see (toStatements writes nothing for them, not even updated_at). */
const UNSEEN: ReadonlySet<string> = new Set([
  'ListingRentChanged',
  'ListingImageCaptioned',
  'ListingAvailabilityConfirmed',
  'ListingExpiryReminded',
]);

/** A listing folded whole, with the time of the last event this model applies (its updated_at). */
type Folded = { listing: Listing; updatedAt: string };

const foldListing = (events: RecordedEvent[]): Folded | undefined => {
  const listingEvents = events.map(asListingEvent);
  const state = fold(listingEvents);
  if (state.status !== 'active') return undefined;
  const last = listingEvents.findLast((e) => e.type !== 'ListingCreated' && !UNSEEN.has(e.type));
  return { listing: state.listing, updatedAt: last?.data.at ?? state.listing.createdAt };
};

/** Whole rows of folded listings (the rebuild's path; the same columns insertCreated and the updates write). */
const foldedRows = async (db: Parameters<typeof visitorPositions>[0], folded: Folded[]) => {
  const positions = await visitorPositions(
    db,
    folded.flatMap(({ listing: l }) =>
      l.location.coordinates
        ? [{ id: l.id, city: l.location.city, coordinates: l.location.coordinates }]
        : [],
    ),
  );
  return {
    listing_public: folded.map(({ listing: l, updatedAt }) => {
      const position = positions.get(l.id);
      return [
        l.id,
        l.ownerId,
        l.title,
        l.description,
        l.propertyType,
        l.location.city,
        normaliseLocality(l.location.city),
        l.propertyDetails.bedrooms,
        l.propertyDetails.bathrooms,
        position?.lat ?? null,
        position?.lng ?? null,
        l.showOnMap,
        publicImages(l.images),
        { name: l.owner.name, role: l.owner.role },
        l.isAvailable,
        l.isVerified,
        l.createdAt,
        updatedAt,
        publicTenancy(l.tenancy) ?? null,
        l.isExpired,
      ];
    }),
  };
};

/**
 * The visitor model, built separately from the full one so that restricted
 * fields (rent, contact, facilities, address, area, pin code, exact position)
 * never exist in it: no query or page built on it can leak them.
 */
export const publicListingModel: SqlProjection = {
  name: PUBLIC_LISTING_MODEL,
  canHandle: HANDLED,
  ...listingTables(['listing_public'], insertCreated, toStatements),
  foldStreams: streamFold({
    streamType: LISTING_STREAM_TYPE,
    eventTypes: LISTING_EVENT_TYPES,
    columns: {
      listing_public: [
        'id',
        'owner_id',
        'title',
        'description',
        'property_type',
        'city',
        'city_key',
        'bedrooms',
        'bathrooms',
        'coarse_lat',
        'coarse_lng',
        'show_on_map',
        'images',
        'owner',
        'listed',
        'is_verified',
        'created_at',
        'updated_at',
        'terms',
        'expired',
      ],
    },
    fold: foldListing,
    rows: foldedRows,
  }),
};
