import type { EventStore } from '@rentals/core/eventStore/eventStore';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingCreated,
  type ListingEvent,
} from '@rentals/core/listings/events';
import { noFacilities, type PropertyType } from '@rentals/core/listings/listing';
import { ownFacilities } from '@rentals/core/listings/facilityTerms';
import type { Sql } from 'postgres';

/**
 * A seeded listing with restricted values distinctive enough that finding one
 * of them in a generated page can only mean a leak.
 */
export type SeededListing = {
  id: string;
  city: string;
  title: string;
  propertyType: PropertyType;
  rent: number;
  address: string;
  area: string;
  pinCode: string;
  ownerId: string;
  phone: string;
  email: string;
};

export const seededListing = (
  n: number,
  city: string,
  propertyType: PropertyType = 'flat',
): SeededListing => ({
  id: `l${String(n).padStart(5, '0')}`,
  city,
  title: `Sunny ${propertyType} number ${n} near the park`,
  propertyType,
  // Modulo so that any n (the benchmarks use 900,001+) stays inside the listing bounds.
  rent: 23_457 + (n % 1000) * 101,
  address: `Plot ${700 + n}, Zqx Residency Lane ${n}`,
  area: `Vyomnagar${n}`,
  pinCode: String(411_000 + ((n * 7) % 1000)),
  ownerId: `owner-${n}`,
  phone: `98${String(76_543_210 + n).slice(-8)}`,
  email: `owner.${n}@leakcheck.example`,
});

const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

export const createdEvent = (l: SeededListing, n: number): ListingCreated => ({
  type: 'ListingCreated',
  data: {
    listingId: l.id,
    at: at(n),
    title: l.title,
    description: `A bright ${l.propertyType} with good light and friendly neighbours, ready to move in.`,
    propertyType: l.propertyType,
    rent: l.rent,
    rentType: 'monthly',
    location: {
      city: l.city,
      area: l.area,
      pinCode: l.pinCode,
      address: l.address,
      coordinates: { latitude: 18.5204 + (n % 1000) / 1000, longitude: 73.8567 },
    },
    facilities: { ...ownFacilities(noFacilities()), wifi: true },
    propertyDetails: { bedrooms: 2, bathrooms: 1, area: 850, floor: 1, totalFloors: 4 },
    contactInfo: { showPhone: true, showEmail: true },
    showOnMap: true,
    tenancy: { parking: 'two-wheeler' },
    ownerId: l.ownerId,
    owner: { name: `Owner ${n}`, role: 'homeowner' },
    images: [
      {
        id: `img-${l.id}`,
        url: `/media/${l.id}/1200.webp`,
        variants: [
          { width: 400, height: 300, url: `/media/${l.id}/400.webp` },
          { width: 1200, height: 900, url: `/media/${l.id}/1200.webp` },
        ],
        width: 1200,
        height: 900,
        placeholder: 'data:image/webp;base64,UklGRhIAAABXRUJQVlA4TAYAAAAvQWxvAGs=',
        caption: `Front door of ${l.address}`,
      },
    ],
    isAvailable: true,
    isVerified: false,
    createdAt: at(n),
  },
});

/** Appends one listing event to its stream at whatever version it is. */
export const appendListingEvent = (store: EventStore, event: ListingEvent, userId = 'owner') =>
  store.append(listingStreamId(event.data.listingId), LISTING_STREAM_TYPE, 'any', [event], {
    userId,
  });

/** The owner accounts (with the phone and email a page must never show). */
export const insertOwners = (sql: Sql, listings: SeededListing[]) =>
  sql`INSERT INTO users ${sql(
    listings.map((l) => ({
      id: l.ownerId,
      name: `Owner ${l.ownerId}`,
      email: l.email,
      phone: l.phone,
      role: 'homeowner',
      password_hash: 'x',
      created_at: new Date(),
      updated_at: new Date(),
    })),
  )} ON CONFLICT DO NOTHING`;

/** Seeds listing `n` of `city`: its owner's account and its creation, as the public site's tests start from. */
export const seedPublicListing = async (
  store: EventStore,
  sql: Sql,
  n: number,
  city: string,
  propertyType: PropertyType = 'flat',
): Promise<SeededListing> => {
  const listing = seededListing(n, city, propertyType);
  await insertOwners(sql, [listing]);
  await appendListingEvent(store, createdEvent(listing, n));
  return listing;
};

/** The owner gives the listing a new title, now. */
export const retitled = (listingId: string, title: string): ListingEvent => ({
  type: 'ListingDetailsRevised',
  data: { listingId, at: new Date().toISOString(), title },
});
