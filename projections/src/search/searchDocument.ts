import type { PropertyDocument } from '@rentals/core/contract/property';
import { enabledFacilities } from '../readModels/listingEvents.ts';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { tenancyFields, type TenancySearchFields } from './tenancyFields.ts';

/**
 * One listed listing in the `listings` index: the searchable text, the filter
 * and sort fields, and the position as numbers. Only ids are displayed; responses
 * carry the read model's documents.
 */
export type SearchDocument = {
  id: string;
  title: string;
  description: string;
  city: string;
  area: string;
  address: string;
  cityKey: string;
  areaKey: string;
  propertyType: string;
  rent: number;
  bedrooms: number;
  bathrooms: number;
  isAvailable: boolean;
  facilities: string[];
  ownerId: string;
  /** Who lists it ('homeowner', 'broker'): the 'Owners only' filter. */
  ownerRole: string;
  /** Milliseconds since the epoch: sortable as a number. */
  createdAt: number;
  /** When the owner last confirmed it (ms since the epoch), for 'recently confirmed'. */
  lastConfirmedAt: number;
  /** The exact position (signed-in map viewport). */
  lat?: number;
  lng?: number;
  /** The visitor map position (3–6 km off, see visitorPosition.ts), only when the owner shows the listing on the map. */
  coarseLat?: number;
  coarseLng?: number;
} & TenancySearchFields;

/**
 * Decimal places of every fraction the index holds (positions to ~1 cm, deposits in months).
 * Meilisearch parses a number of 16–17 significant digits up to one bit off
 * (3.0476190476190474 comes back 3.047619047619047), so the index could never hold
 * exactly what was sent; a number of at most 15 digits it parses exactly. Writing
 * fractions rounded makes the projection, the index and `npm run verify` agree.
 */
const INDEX_FRACTION_DIGITS = 7;
const SCALE = 10 ** INDEX_FRACTION_DIGITS;

/** A number as the index stores it: fractions rounded to INDEX_FRACTION_DIGITS places. */
export const indexNumber = (value: number) =>
  Number.isInteger(value) ? value : Math.round(value * SCALE) / SCALE;

const withIndexNumbers = <T extends object>(doc: T): T =>
  Object.fromEntries(
    Object.entries(doc).map(([k, v]) => [k, typeof v === 'number' ? indexNumber(v) : v]),
  ) as T;

export const toSearchDocument = (
  doc: PropertyDocument,
  visitorPosition?: { lat: number; lng: number },
): SearchDocument => {
  const c = doc.location.coordinates;
  return withIndexNumbers({
    id: doc._id,
    title: doc.title,
    description: doc.description,
    city: doc.location.city,
    area: doc.location.area,
    address: doc.location.address,
    cityKey: normaliseLocality(doc.location.city),
    areaKey: normaliseLocality(doc.location.area),
    propertyType: doc.propertyType,
    rent: doc.rent,
    bedrooms: doc.propertyDetails.bedrooms,
    bathrooms: doc.propertyDetails.bathrooms,
    isAvailable: doc.isAvailable,
    facilities: enabledFacilities(doc.facilities),
    ownerId: doc.ownerId,
    ownerRole: doc.owner.role,
    createdAt: Date.parse(doc.createdAt),
    ...tenancyFields(doc),
    lastConfirmedAt: Date.parse(doc.lastConfirmedAt),
    ...(c ? { lat: c.latitude, lng: c.longitude } : {}),
    ...(c && doc.showOnMap && visitorPosition
      ? { coarseLat: visitorPosition.lat, coarseLng: visitorPosition.lng }
      : {}),
  });
};
