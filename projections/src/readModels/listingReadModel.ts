import { documentImage, toPropertyDocument } from '@rentals/core/listings/document';
import { facilityFlags } from '@rentals/core/listings/termCatalogue';
import { FACILITIES } from '@rentals/core/listings/listing';
import { evolve as evolveListing, fold, initialState } from '@rentals/core/listings/state';
import { LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { streamFold, TextArray } from '../runner/streamFold.ts';
import {
  asListingEvent,
  enabledFacilities,
  LISTING_EVENT_TYPES,
  listingTables,
  type ListingCreated,
  type ListingEvent,
} from './listingEvents.ts';

import { LISTING_READ_MODEL } from '@rentals/core/readSide/names';

export { LISTING_READ_MODEL };

const json = (value: unknown) => JSON.stringify(value);

/** The flags an edit changes: the nine it gives, and the three its new terms say; undefined when none. */
const facilityChanges = ({ facilities, tenancy }: EventOf<'ListingDetailsRevised'>['data']) =>
  facilities || tenancy ? { ...facilities, ...(tenancy && facilityFlags(tenancy)) } : undefined;

/**
 * What a creation sends: the write side's document (less the views counter)
 * and the columns only JavaScript computes. Postgres takes the other filter
 * columns out of the document itself: sending them beside it doubled the
 * text of a rebuild's batches (the description twice) and its JSON work.
 */
const createdRow = (event: ListingCreated) => {
  const doc = toPropertyDocument(evolveListing(initialState, event))!;
  const { views: _views, ...stored } = doc;
  return {
    doc: stored,
    city_key: normaliseLocality(doc.location.city),
    area_key: normaliseLocality(doc.location.area),
    facilities: enabledFacilities(doc.facilities),
  };
};

/**
 * A whole row from a listing's document, for a rebuild that folds each
 * stream (the same columns insertCreated takes out of the document in SQL;
 * the rebuild's test compares the two paths column by column).
 */
const foldedRow = (doc: PropertyDocument): unknown[] => {
  const { views: _views, ...stored } = doc;
  const { location: place, propertyDetails: details } = doc;
  return [
    doc._id,
    doc.ownerId,
    stored,
    doc.title,
    doc.description,
    doc.propertyType,
    doc.rent,
    place.city,
    place.area,
    normaliseLocality(place.city),
    normaliseLocality(place.area),
    place.address,
    place.coordinates?.latitude ?? null,
    place.coordinates?.longitude ?? null,
    details.bedrooms,
    details.bathrooms,
    new TextArray(enabledFacilities(doc.facilities)),
    doc.images.length,
    doc.isAvailable,
    doc.isVerified,
    doc.createdAt,
    doc.showOnMap,
    place.pinCode ?? null,
    doc.lastConfirmedAt,
    doc.tenancy ?? null,
    doc.rentType,
  ];
};

const FOLDED_COLUMNS = [
  'id',
  'owner_id',
  'doc',
  'title',
  'description',
  'property_type',
  'rent',
  'city',
  'area',
  'city_key',
  'area_key',
  'address',
  'latitude',
  'longitude',
  'bedrooms',
  'bathrooms',
  'facilities',
  'image_count',
  'is_available',
  'is_verified',
  'created_at',
  'show_on_map',
  'pin_code',
  'last_confirmed_at',
  'tenancy',
  'rent_type',
];

/**
 * Any number of creations as one set-based INSERT (one row each). The
 * document is stored as the text sent (`json`, migration 0189); its fields
 * are read from one jsonb parse of it.
 */
const insertCreated = (events: ListingCreated[]): Statement =>
  sql`INSERT INTO listing_read (id, owner_id, doc, title, description, property_type, rent, city, area, city_key,
        area_key, address, latitude, longitude, bedrooms, bathrooms, facilities, image_count, is_available,
        is_verified, created_at, show_on_map, pin_code, last_confirmed_at, tenancy, rent_type)
      SELECT d ->> '_id', d ->> 'ownerId', r.doc, d ->> 'title', d ->> 'description', d ->> 'propertyType',
        (d ->> 'rent')::float8, d -> 'location' ->> 'city', d -> 'location' ->> 'area', r.city_key, r.area_key,
        d -> 'location' ->> 'address', (d -> 'location' -> 'coordinates' ->> 'latitude')::float8,
        (d -> 'location' -> 'coordinates' ->> 'longitude')::float8, (d -> 'propertyDetails' ->> 'bedrooms')::int,
        (d -> 'propertyDetails' ->> 'bathrooms')::int, ARRAY(SELECT json_array_elements_text(r.facilities)),
        jsonb_array_length(d -> 'images'), (d ->> 'isAvailable')::boolean, (d ->> 'isVerified')::boolean,
        (d ->> 'createdAt')::timestamptz, (d ->> 'showOnMap')::boolean, d -> 'location' ->> 'pinCode',
        d ->> 'lastConfirmedAt', d -> 'tenancy', d ->> 'rentType'
      FROM json_to_recordset(${json(events.map(createdRow))}::text::json)
        AS r(doc json, city_key text, area_key text, facilities json),
        LATERAL (SELECT r.doc::jsonb AS d) AS row
      ON CONFLICT (id) DO NOTHING`;

type EventOf<T extends ListingEvent['type']> = Extract<ListingEvent, { type: T }>;

/** The owner's edits: details, rent and place, merged into the document and its columns. */
const documentStatements = (
  event: EventOf<'ListingDetailsRevised' | 'ListingRentChanged' | 'ListingLocationChanged'>,
): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingDetailsRevised': {
      const { listingId: _id, at: _at, facilities: _own, ...changes } = event.data;
      const merged = json({ ...changes, updatedAt: at, lastConfirmedAt: at });
      // Merged into the document's flags: the nine given, and the three new terms say (facilityTerms.ts).
      const flags = facilityChanges(event.data);
      const given = json(flags ?? {});
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${merged}::text::jsonb || jsonb_build_object('facilities',
                (doc::jsonb -> 'facilities') || ${given}::text::jsonb))::json, last_confirmed_at = ${at},
              title = coalesce(${changes.title ?? null}, title),
              description = coalesce(${changes.description ?? null}, description),
              property_type = coalesce(${changes.propertyType ?? null}, property_type),
              bedrooms = coalesce(${changes.propertyDetails?.bedrooms ?? null}::int, bedrooms),
              bathrooms = coalesce(${changes.propertyDetails?.bathrooms ?? null}::int, bathrooms),
              facilities = CASE WHEN ${flags !== undefined}::boolean THEN ARRAY(SELECT f FROM unnest(${FACILITIES}::text[])
                WITH ORDINALITY AS o(f, n) WHERE (((doc::jsonb -> 'facilities') || ${given}::text::jsonb) ->> f)::boolean
                ORDER BY n) ELSE facilities END,
              show_on_map = coalesce(${changes.showOnMap ?? null}::boolean, show_on_map),
              tenancy = coalesce(${changes.tenancy ? json(changes.tenancy) : null}::text::jsonb, tenancy)
            WHERE id = ${id}`,
      ];
    }
    case 'ListingRentChanged': {
      const merged = json({
        rent: event.data.rent,
        rentType: event.data.rentType,
        updatedAt: at,
        lastConfirmedAt: at,
      });
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${merged}::text::jsonb)::json, last_confirmed_at = ${at},
              rent = ${event.data.rent}, rent_type = ${event.data.rentType} WHERE id = ${id}`,
      ];
    }
    case 'ListingLocationChanged': {
      const { coordinates, ...place } = event.data.location;
      const location = coordinates ? { ...place, coordinates } : place;
      const merged = json({ location, updatedAt: at, lastConfirmedAt: at });
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${merged}::text::jsonb)::json, last_confirmed_at = ${at},
              pin_code = ${place.pinCode ?? null}, city = ${place.city}, area = ${place.area},
              city_key = ${normaliseLocality(place.city)}, area_key = ${normaliseLocality(place.area)}, address = ${place.address}, latitude = ${coordinates?.latitude ?? null},
              longitude = ${coordinates?.longitude ?? null}
            WHERE id = ${id}`,
      ];
    }
  }
};

/** The document's photos: added once processed, removed, reordered, captioned. */
const imageStatements = (
  event: EventOf<
    | 'ListingImagesAdded'
    | 'ListingImageRemoved'
    | 'ListingImagesReordered'
    | 'ListingImageCaptioned'
  >,
): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingImagesAdded':
      return [
        sql`UPDATE listing_read SET
              doc = (jsonb_set(doc::jsonb, '{images}', (doc -> 'images')::jsonb || ${json(event.data.images.map(documentImage))}::text::jsonb)
                    || jsonb_build_object('updatedAt', ${at}::text, 'lastConfirmedAt', ${at}::text))::json,
              last_confirmed_at = ${at}, image_count = image_count + ${event.data.images.length}::int
            WHERE id = ${id}`,
      ];
    case 'ListingImageRemoved':
      return [
        sql`UPDATE listing_read SET
              doc = (jsonb_set(doc::jsonb, '{images}', coalesce((
                      SELECT jsonb_agg(i ORDER BY n) FROM jsonb_array_elements((doc -> 'images')::jsonb) WITH ORDINALITY AS t(i, n)
                      WHERE i ->> 'id' <> ${event.data.imageId}), '[]'::jsonb))
                    || jsonb_build_object('updatedAt', ${at}::text, 'lastConfirmedAt', ${at}::text))::json,
              last_confirmed_at = ${at},
              image_count = (SELECT count(*) FROM json_array_elements(doc -> 'images') AS t(i)
                             WHERE i ->> 'id' <> ${event.data.imageId})
            WHERE id = ${id}`,
      ];
    case 'ListingImagesReordered':
      return [
        sql`UPDATE listing_read SET
              doc = (jsonb_set(doc::jsonb, '{images}', coalesce((
                      SELECT jsonb_agg(i ORDER BY array_position(${event.data.imageIds}::text[], i ->> 'id'))
                      FROM jsonb_array_elements((doc -> 'images')::jsonb) AS t(i)
                      WHERE i ->> 'id' = ANY(${event.data.imageIds}::text[])), '[]'::jsonb))
                    || jsonb_build_object('updatedAt', ${at}::text, 'lastConfirmedAt', ${at}::text))::json,
              last_confirmed_at = ${at}, image_count = cardinality(${event.data.imageIds}::text[])
            WHERE id = ${id}`,
      ];
    case 'ListingImageCaptioned':
      return [
        sql`UPDATE listing_read SET
              doc = (jsonb_set(doc::jsonb, '{images}', coalesce((
                      SELECT jsonb_agg(CASE WHEN i ->> 'id' = ${event.data.imageId}
                                            THEN i || jsonb_build_object('caption', ${event.data.caption}::text)
                                            ELSE i END ORDER BY n)
                      FROM jsonb_array_elements((doc -> 'images')::jsonb) WITH ORDINALITY AS t(i, n)), '[]'::jsonb))
                    || jsonb_build_object('updatedAt', ${at}::text, 'lastConfirmedAt', ${at}::text))::json,
              last_confirmed_at = ${at}
            WHERE id = ${id}`,
      ];
  }
};

/** Availability, review, confirmation and verification. */
const statusStatements = (
  event: EventOf<
    | 'ListingDelisted'
    | 'ListingRelisted'
    | 'ListingExpired'
    | 'ListingHiddenForReview'
    | 'ListingReviewCleared'
    | 'ListingAvailabilityConfirmed'
    | 'ListingExpiryReminded'
    | 'ListingVerified'
    | 'ListingVerificationRevoked'
  >,
): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingDelisted':
    case 'ListingRelisted':
    case 'ListingExpired': {
      const isAvailable = event.type === 'ListingRelisted';
      // As the aggregate's evolve: a relist renews (confirms, un-expires), an expiry marks the listing expired.
      const merged = json({
        isAvailable,
        updatedAt: at,
        ...(event.type === 'ListingRelisted' ? { isExpired: false, lastConfirmedAt: at } : {}),
        ...(event.type === 'ListingExpired' ? { isExpired: true } : {}),
      });
      // A relist ends a let: the page no longer says 'Let' (evolve clears currentLet).
      const dropped = event.type === 'ListingRelisted' ? ['let'] : [];
      return [
        sql`UPDATE listing_read SET doc = ((doc::jsonb - ${dropped}::text[]) || ${merged}::text::jsonb)::json,
              is_available = ${isAvailable},
              last_confirmed_at = coalesce(${event.type === 'ListingRelisted' ? at : null}::text, last_confirmed_at)
            WHERE id = ${id}`,
      ];
    }
    case 'ListingHiddenForReview': {
      // As evolve: out of every listed view until the review ends.
      const merged = json({
        isAvailable: false,
        updatedAt: at,
        hiddenForReview: { reason: event.data.reason, since: at },
      });
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${merged}::text::jsonb)::json, is_available = false
            WHERE id = ${id}`,
      ];
    }
    case 'ListingReviewCleared': {
      const { isAvailable } = event.data;
      const merged = json({ isAvailable, updatedAt: at });
      return [
        sql`UPDATE listing_read SET doc = ((doc::jsonb - 'hiddenForReview') || ${merged}::text::jsonb)::json,
              is_available = ${isAvailable} WHERE id = ${id}`,
      ];
    }
    case 'ListingAvailabilityConfirmed':
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${json({ lastConfirmedAt: at })}::text::jsonb)::json,
              last_confirmed_at = ${at} WHERE id = ${id}`,
      ];
    case 'ListingExpiryReminded':
      return [];
    case 'ListingVerified':
    case 'ListingVerificationRevoked': {
      const isVerified = event.type === 'ListingVerified';
      const merged = json({ isVerified, updatedAt: at });
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${merged}::text::jsonb)::json, is_verified = ${isVerified}
            WHERE id = ${id}`,
      ];
    }
  }
};

const toStatements = (event: ListingEvent): Statement[] => {
  switch (event.type) {
    case 'ListingCreated':
      return [insertCreated([event])];
    case 'ListingDetailsRevised':
    case 'ListingRentChanged':
    case 'ListingLocationChanged':
      return documentStatements(event);
    case 'ListingImagesAdded':
    case 'ListingImageRemoved':
    case 'ListingImagesReordered':
    case 'ListingImageCaptioned':
      return imageStatements(event);
    // Not in the document (see canHandle): photos join it with ListingImagesAdded once processed.
    case 'ListingPhotosReceived':
    case 'ListingPhotosFailed':
      return [];
    case 'ListingLet': {
      // The ListingDelisted before it took the home off the market; as evolve, the page now says 'Let'.
      const { listingId: id, at } = event.data;
      const merged = json({ let: { at }, updatedAt: at });
      return [
        sql`UPDATE listing_read SET doc = (doc::jsonb || ${merged}::text::jsonb)::json WHERE id = ${id}`,
      ];
    }
    case 'ListingDelisted':
    case 'ListingRelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingReviewCleared':
    case 'ListingAvailabilityConfirmed':
    case 'ListingExpiryReminded':
    case 'ListingVerified':
    case 'ListingVerificationRevoked':
      return statusStatements(event);
    case 'ListingOwnerRoleChanged': {
      // As evolve: who lists it (Owner or Broker); the search index reads the document.
      const { listingId: id, at, role } = event.data;
      return [
        sql`UPDATE listing_read SET doc = (jsonb_set(doc::jsonb, '{owner,role}', to_jsonb(${role}::text))
              || jsonb_build_object('updatedAt', ${at}::text))::json WHERE id = ${id}`,
      ];
    }
    case 'ListingDeleted':
      return [sql`DELETE FROM listing_read WHERE id = ${event.data.listingId}`];
  }
};

/**
 * The full listing read model: one row per live listing holding the SPEC §3
 * document (built by the write side's own `toPropertyDocument` on creation,
 * then patched event by event exactly as the aggregate's `evolve` changes the
 * state) plus the columns the queries filter and sort on.
 */
export const listingReadModel: SqlProjection = {
  name: LISTING_READ_MODEL,
  // Received and failed photos change nothing in the document: read-your-writes does not wait for them.
  canHandle: LISTING_EVENT_TYPES.filter(
    (type) => type !== 'ListingPhotosReceived' && type !== 'ListingPhotosFailed',
  ),
  ...listingTables(['listing_read'], insertCreated, toStatements),
  foldStreams: streamFold({
    streamType: LISTING_STREAM_TYPE,
    eventTypes: LISTING_EVENT_TYPES,
    columns: { listing_read: FOLDED_COLUMNS },
    fold: (events) => toPropertyDocument(fold(events.map(asListingEvent))) ?? undefined,
    rows: (_db, docs) => ({ listing_read: docs.map(foldedRow) }),
  }),
};
