import type { PropertyImage } from '@rentals/core/listings/document';
import type { ListingOwner, PropertyType } from '@rentals/core/listings/listing';

/**
 * What a visitor gets (SPEC §1): no rent, contact, facilities, address, area,
 * pin code or exact position; the city only, and a map position 2–7 km from
 * the listing inside its city (visitorPosition.ts, migration 0027) when the
 * owner shows the listing on the map, so that it names no PIN area.
 */
export type PublicPropertyDocument = {
  _id: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  location: { city: string; coordinates?: { latitude: number; longitude: number } };
  propertyDetails: { bedrooms: number; bathrooms: number };
  showOnMap: boolean;
  images: PropertyImage[];
  owner: ListingOwner;
  isAvailable: boolean;
  isVerified: boolean;
  views: number;
  createdAt: string;
  updatedAt: string;
};

/** The keys a public document may have at its top level and in `location`; tests assert nothing else appears. */
export const PUBLIC_DOCUMENT_KEYS = [
  '_id',
  'title',
  'description',
  'propertyType',
  'location',
  'propertyDetails',
  'showOnMap',
  'images',
  'owner',
  'isAvailable',
  'isVerified',
  'views',
  'createdAt',
  'updatedAt',
] as const;
