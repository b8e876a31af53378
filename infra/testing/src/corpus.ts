import type { EventStore } from '@rentals/core/eventStore/eventStore';
import type { ListingEvent } from '@rentals/core/listings/events';
import type { PropertyType } from '@rentals/core/listings/listing';
import {
  FACINGS,
  FURNISHINGS,
  HOME_TENANTS,
  PARKING_KINDS,
  PG_TENANTS,
  type Tenancy,
} from '@rentals/core/listings/tenancy';
import { appendListingEvents, listingCreated, nextTime, testImage } from './listingFixtures.ts';

/** One seeded listing as the tests expect to find it. */
export type Seeded = {
  id: string;
  ownerId: string;
  city: string;
  area: string;
  propertyType: PropertyType;
  rent: number;
  bedrooms: number;
  bathrooms: number;
  listed: boolean;
  deleted: boolean;
  verified: boolean;
  images: number;
  coordinates: { latitude: number; longitude: number } | null;
  title: string;
  createdAt: string;
  /** Absent: the listing gives no terms (as one made before them). */
  tenancy?: Tenancy;
};

const PLACES = [
  { city: 'Bengaluru', area: 'Koramangala', lat: 12.9352, lng: 77.6245 },
  { city: 'Bengaluru', area: 'Indiranagar', lat: 12.9784, lng: 77.6408 },
  { city: 'Bengaluru', area: 'HSR Layout', lat: 12.9116, lng: 77.6474 },
  { city: 'Mumbai', area: 'Bandra West', lat: 19.0596, lng: 72.8295 },
  { city: 'Pune', area: 'Kothrud', lat: 18.5074, lng: 73.8077 },
  { city: 'Gurugram', area: 'DLF Phase 3', lat: 28.4931, lng: 77.0946 },
] as const;
const TYPES: PropertyType[] = ['flat', 'house', 'PG'];
const WORDS = ['lakeview', 'terrace', 'garden', 'metro', 'quiet'];

/**
 * The tenancy terms of corpus listing i: every fifth gives none (a listing
 * made before they existed), every fifth after that only some; the rest all,
 * with deposits in rupees or in months, so each filter has yeses, noes and
 * 'not specified' to tell apart.
 */
const corpusTenancy = (
  i: number,
  propertyType: PropertyType,
  rent: number,
): Tenancy | undefined => {
  if (i % 5 === 4) return undefined;
  const partial: Tenancy = {
    furnishing: FURNISHINGS[i % 3],
    facing: FACINGS[i % FACINGS.length],
  };
  if (i % 5 === 3) return partial;
  const tenants = propertyType === 'PG' ? PG_TENANTS : HOME_TENANTS;
  return {
    ...partial,
    ...(i % 2 === 0
      ? { depositMonths: 1 + (i % 8) * 0.5 }
      : { depositRupees: rent * (1 + (i % 6)) }),
    availableFrom: `2026-0${1 + (i % 9)}-1${i % 10}`,
    preferredTenants: tenants[i % 3],
    petsAllowed: i % 3 === 0,
    food: i % 4 === 0 ? 'vegetarian' : 'any',
    maintenance: (i % 4) * 1500,
    maintenanceIncluded: i % 4 === 1,
    parking: PARKING_KINDS[i % 3],
  };
};

/**
 * A deterministic spread of listings over cities, areas, types, rents and
 * sizes (plus delisted, deleted, unverified, photo-less and map-less ones),
 * appended to the log as the write side would, with `userId` metadata.
 */
export const seedCorpus = async (
  store: EventStore,
  owners: string[],
  count = 48,
): Promise<Seeded[]> => {
  const seeded: Seeded[] = [];
  for (let i = 0; i < count; i++) {
    const id = `c-${String(i).padStart(3, '0')}-${Math.random().toString(36).slice(2, 8)}`;
    const place = PLACES[i % PLACES.length]!;
    const ownerId = owners[i % owners.length]!;
    const spread = i + Math.floor(i / PLACES.length); // so each place gets every type and size
    const propertyType = TYPES[spread % 3]!;
    const rent = 5000 + ((i * 7919) % 60) * 1000;
    const bedrooms = spread % 6;
    const bathrooms = (i % 4) + 1;
    const images = i % 5 === 0 ? 0 : 1 + (i % 3);
    const coordinates =
      i % 7 === 3
        ? null
        : { latitude: place.lat + (i % 5) * 0.001, longitude: place.lng + (i % 3) * 0.001 };
    const title = `Home ${i} ${WORDS[i % WORDS.length]} ${propertyType}`;
    const verified = i % 4 === 0;
    const tenancy = corpusTenancy(i, propertyType, rent);
    const created = listingCreated(id, {
      ownerId,
      isVerified: verified,
      images: Array.from({ length: images }, (_, n) => testImage(`${id}-${n}`)),
      fields: {
        title,
        propertyType,
        rent,
        location: {
          city: place.city,
          area: place.area,
          pinCode: '560001',
          address: `${i} Main Road`,
          coordinates,
        },
        propertyDetails: { bedrooms, bathrooms, area: 500 + i * 10, floor: 1, totalFloors: 3 },
        ...(tenancy ? { tenancy } : {}),
      },
    });
    const events: ListingEvent[] = [created];
    const listed = i % 11 !== 5;
    const deleted = i % 13 === 7;
    if (!listed)
      events.push({
        type: 'ListingDelisted',
        data: { listingId: id, at: nextTime(), city: place.city },
      });
    if (deleted)
      events.push({
        type: 'ListingDeleted',
        data: { listingId: id, at: nextTime(), city: place.city, imageIds: [] },
      });
    await appendListingEvents(store, id, events, ownerId);
    seeded.push({
      id,
      ownerId,
      city: place.city,
      area: place.area,
      propertyType,
      rent,
      bedrooms,
      bathrooms,
      listed,
      deleted,
      verified,
      images,
      coordinates,
      title,
      createdAt: created.data.createdAt,
      ...(tenancy ? { tenancy } : {}),
    });
  }
  return seeded;
};

/** Listed, not deleted: what search can find. */
export const searchable = (corpus: Seeded[]) => corpus.filter((s) => s.listed && !s.deleted);
