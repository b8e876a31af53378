import type { EventStore } from '@rentals/core/eventStore/eventStore';
import type { ListingCreated, ListingEvent } from '@rentals/core/listings/events';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { recordedFields } from '@rentals/core/listings/facilityTerms';
import { REPORTS_STREAM_TYPE, reportsStreamId } from '@rentals/core/reports/events';
import {
  noFacilities,
  type ListingFields,
  type ListingImage,
} from '@rentals/core/listings/listing';

let clock = Date.parse('2026-01-01T00:00:00.000Z');
/** Strictly increasing times, so "newest first" is well defined in tests. */
export const nextTime = () => new Date((clock += 1000)).toISOString();

export const testImage = (id: string): ListingImage => ({
  id,
  url: `/media/listings/${id}-1280.webp`,
  variants: [{ width: 640, height: 480, url: `/media/listings/${id}-640.webp` }],
  width: 1280,
  height: 960,
  placeholder: 'data:image/webp;base64,AAAA',
  caption: `caption of ${id}`,
});

export const testFields = (overrides: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Sunny 2BHK near metro',
  description: 'Bright flat with a balcony, close to the metro station and markets.',
  propertyType: 'flat',
  rent: 25000,
  rentType: 'monthly',
  location: {
    city: 'Bengaluru',
    area: 'Koramangala',
    pinCode: '560034',
    address: '12, 80 Feet Road',
    coordinates: { latitude: 12.934567, longitude: 77.626789 },
  },
  facilities: { ...noFacilities(), wifi: true, balcony: true },
  propertyDetails: { bedrooms: 2, bathrooms: 2, area: 1100, floor: 3, totalFloors: 5 },
  contactInfo: { showPhone: true, showEmail: false },
  showOnMap: true,
  ...overrides,
});

type Location = ListingFields['location'];
const place = (
  city: string,
  area: string,
  pinCode: string,
  address: string,
  [latitude, longitude]: [number, number],
): Location => ({ city, area, pinCode, address, coordinates: { latitude, longitude } });

/** Real localities with their PIN codes and coordinates, for a listing a test puts in a city. */
export const PLACES = {
  baner: place('Pune', 'Baner', '411045', '3, Baner Road', [18.559, 73.7868]),
  andheri: place('Mumbai', 'Andheri West', '400058', '7, Link Road', [19.1364, 72.8296]),
  adyar: place('Chennai', 'Adyar', '600020', '9, Gandhi Nagar', [13.0012, 80.2565]),
  kakkanad: place('Kochi', 'Kakkanad', '682030', '9, Seaport Road', [10.0159, 76.3419]),
} satisfies Record<string, Location>;

export const listingCreated = (
  listingId: string,
  options: {
    fields?: Partial<ListingFields>;
    ownerId?: string;
    images?: ListingImage[];
    isVerified?: boolean;
    at?: string;
  } = {},
): ListingCreated => {
  const at = options.at ?? nextTime();
  return {
    type: 'ListingCreated',
    data: {
      listingId,
      at,
      ...recordedFields(testFields(options.fields)),
      ownerId: options.ownerId ?? 'owner-1',
      owner: { name: 'Asha Rao', role: 'homeowner' },
      images: options.images ?? [testImage(`${listingId}-a`)],
      isAvailable: true,
      isVerified: options.isVerified ?? false,
      createdAt: at,
    },
  };
};

/** A Koramangala listing at `coordinates` that its owner keeps off the map (`showOnMap: false`). */
export const offMapListingCreated = (
  listingId: string,
  ownerId: string,
  coordinates: { latitude: number; longitude: number },
): ListingCreated =>
  listingCreated(listingId, {
    ownerId,
    fields: {
      showOnMap: false,
      location: {
        city: 'Bengaluru',
        area: 'Koramangala',
        pinCode: '560034',
        address: '1 Hidden Lane',
        coordinates,
      },
    },
  });

/** Appends a listing's events to its stream, as the write side would, with the acting user in the metadata. */
export const appendListingEvents = (
  store: EventStore,
  listingId: string,
  events: ListingEvent[],
  userId = 'owner-1',
) => store.append(listingStreamId(listingId), LISTING_STREAM_TYPE, 'any', events, { userId });

/** An admin (admin-1 unless named) asks the owner to fix the listing, for `reason`. */
export const appendFixRequested = (
  store: EventStore,
  fix: { listingId: string; ownerId: string; reason: string; at: string; adminId?: string },
) => {
  const { adminId = 'admin-1', ...rest } = fix;
  return store.append(
    reportsStreamId(fix.listingId),
    REPORTS_STREAM_TYPE,
    'any',
    [{ type: 'ListingFixRequested', data: { ...rest, adminId } }],
    { userId: adminId },
  );
};
