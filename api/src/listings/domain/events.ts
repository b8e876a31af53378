/**
 * The listing events: the contract between the write side and every
 * projection. Facts in past tense, never edited once released; add new event
 * types or optional fields, and upcast when a shape must change.
 *
 * Every event carries `listingId` (the stream is `listing-<listingId>`) and
 * `at`, the ISO time the command was decided (passed in, not read by the
 * domain). The user who caused it is in the event metadata (`userId`).
 */
import type {
  ContactInfo,
  Facilities,
  ListingFields,
  ListingImage,
  ListingOwner,
  Location,
  PropertyDetails,
  PropertyType,
  RentType,
} from './listing.ts';

export const LISTING_STREAM_TYPE = 'listing';
export const listingStreamId = (listingId: string) => `listing-${listingId}`;

type Base = { listingId: string; at: string };

/** The whole initial listing: a projection can build the full document from this event alone. */
export type ListingCreated = {
  type: 'ListingCreated';
  data: Base &
    ListingFields & {
      ownerId: string;
      owner: ListingOwner;
      images: ListingImage[];
      isAvailable: boolean;
      isVerified: boolean;
      createdAt: string;
    };
};

/** Only the fields that changed are present (rent and location have their own events). */
export type ListingDetailsRevised = {
  type: 'ListingDetailsRevised';
  data: Base &
    Partial<{
      title: string;
      description: string;
      propertyType: PropertyType;
      facilities: Facilities;
      propertyDetails: PropertyDetails;
      contactInfo: ContactInfo;
      showOnMap: boolean;
    }>;
};

/** Its own event so that tenants can later be told "rent reduced". */
export type ListingRentChanged = {
  type: 'ListingRentChanged';
  data: Base & {
    rent: number;
    rentType: RentType;
    previousRent: number;
    previousRentType: RentType;
  };
};

/** The whole new location; `previousCity` lets the static-site projection mark both cities dirty. */
export type ListingLocationChanged = {
  type: 'ListingLocationChanged';
  data: Base & { location: Location; previousCity: string };
};

/** Appended after the existing photos, in this order. */
export type ListingImagesAdded = {
  type: 'ListingImagesAdded';
  data: Base & { images: ListingImage[] };
};

export type ListingImageRemoved = {
  type: 'ListingImageRemoved';
  data: Base & { imageId: string };
};

/** The new order of the photos (ids, first shown first). */
export type ListingImagesReordered = {
  type: 'ListingImagesReordered';
  data: Base & { imageIds: string[] };
};

export type ListingImageCaptioned = {
  type: 'ListingImageCaptioned';
  data: Base & { imageId: string; caption: string };
};

/** isAvailable became false ('Delisted'). */
export type ListingDelisted = {
  type: 'ListingDelisted';
  data: Base & { city: string };
};

/** isAvailable became true ('Listed'). */
export type ListingRelisted = {
  type: 'ListingRelisted';
  data: Base & { city: string };
};

/** The listing is gone for everyone; its photos are removed after this is recorded. */
export type ListingDeleted = {
  type: 'ListingDeleted';
  data: Base & { city: string; imageIds: string[] };
};

/** isVerified became true (an admin checked the listing). */
export type ListingVerified = {
  type: 'ListingVerified';
  data: Base;
};

/** isVerified became false again. */
export type ListingVerificationRevoked = {
  type: 'ListingVerificationRevoked';
  data: Base;
};

export type ListingEvent =
  | ListingCreated
  | ListingDetailsRevised
  | ListingRentChanged
  | ListingLocationChanged
  | ListingImagesAdded
  | ListingImageRemoved
  | ListingImagesReordered
  | ListingImageCaptioned
  | ListingDelisted
  | ListingRelisted
  | ListingDeleted
  | ListingVerified
  | ListingVerificationRevoked;

export type ListingEventType = ListingEvent['type'];

export const LISTING_EVENT_TYPES = [
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingLocationChanged',
  'ListingImagesAdded',
  'ListingImageRemoved',
  'ListingImagesReordered',
  'ListingImageCaptioned',
  'ListingDelisted',
  'ListingRelisted',
  'ListingDeleted',
  'ListingVerified',
  'ListingVerificationRevoked',
] as const satisfies readonly ListingEventType[];

/** Narrows a recorded event (from the log) to a listing event by its type. */
export const isListingEvent = <E extends { type: string }>(event: E): event is E & ListingEvent =>
  (LISTING_EVENT_TYPES as readonly string[]).includes(event.type);
