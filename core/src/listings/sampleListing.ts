import type { Actor } from './commands.ts';
import type { ListingEvent } from './events.ts';
import { recordedFields } from './facilityTerms.ts';
import { noFacilities, type ListingFields } from './listing.ts';

/**
 * The one sample listing the aggregate's unit tests start from (given), so
 * that the tests of each rule (expiry, tenancy, review) differ only in what
 * they are about.
 */
export const sampleOwner: Actor = { id: 'u-owner', role: 'homeowner' };
export const SAMPLE_T0 = '2026-01-01T00:00:00.000Z';

export const sampleFields: ListingFields = {
  title: 'Sunny 2BHK near metro',
  description: 'Bright flat with balcony, close to the metro station and markets.',
  propertyType: 'flat',
  rent: 25000,
  rentType: 'monthly',
  location: {
    city: 'Bengaluru',
    area: 'Indiranagar',
    pinCode: '560038',
    address: '12, 100 Feet Road',
    coordinates: null,
  },
  facilities: noFacilities(),
  propertyDetails: { bedrooms: 2, bathrooms: 2, area: 1100, floor: 3, totalFloors: 5 },
  contactInfo: { showPhone: true, showEmail: false },
  showOnMap: true,
};

/** `ListingCreated` for the sample listing ('l-1') at SAMPLE_T0. */
export const sampleCreated = (isAvailable = true): ListingEvent => ({
  type: 'ListingCreated',
  data: {
    listingId: 'l-1',
    at: SAMPLE_T0,
    ...recordedFields(sampleFields),
    ownerId: sampleOwner.id,
    owner: { name: 'Asha', role: 'homeowner' },
    images: [],
    isAvailable,
    isVerified: false,
    createdAt: SAMPLE_T0,
  },
});
