/**
 * The listing events: the contract between the write side and every
 * projection. Facts in past tense, never edited once released; add new event
 * types or optional fields, and when a shape must change raise its version
 * and add an upcaster (eventStore/registry.ts) instead of touching the log.
 *
 * Each type has a TypeBox schema made of the same value schemas and bounds
 * as the form (fields.ts); the event store refuses data that does not match
 * before it takes a position, so no path (API, seed, admin, import) can
 * record a value a read model cannot hold. The TypeScript types come from
 * the schemas.
 *
 * Every event carries `listingId` (the stream is `listing-<listingId>`) and
 * `at`, the ISO time the command was decided (passed in, not read by the
 * domain). The user who caused it is in the event metadata (`userId`).
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { defineEvents, type EventOf, type EventsOf } from '../eventStore/defineEvents.ts';
import type { EventDefinitions } from '../eventStore/registry.ts';
import { singleLineText } from '../textFormats.ts';
import {
  CaptionSchema,
  ContactInfoSchema,
  DescriptionSchema,
  IdSchema,
  ListingFieldsSchema,
  ListingImageSchema,
  ListingOwnerSchema,
  LocationSchema,
  OwnFacilitiesSchema,
  PropertyDetailsSchema,
  PropertyTypeSchema,
  RentSchema,
  RentTypeSchema,
  ShowOnMapSchema,
  TitleSchema,
} from './fields.ts';
import { ownFacilities, termsFromFlags } from './facilityTerms.ts';
import { MAX_IMAGES } from './listing.ts';
import { TENANCY_BOUNDS, TenancySchema, type Tenancy } from './tenancy.ts';

export const LISTING_STREAM_TYPE = 'listing';
export const listingStreamId = (listingId: string) => `listing-${listingId}`;

/** An ISO time as `Date#toISOString` writes it. */
export const IsoTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$',
});

/**
 * Values an event repeats from the listing's state (its current city, its
 * previous rent): checked when they were first recorded, so here only
 * bounded, whatever older rules allowed then.
 */
const CarriedText = singleLineText({ maxLength: 1000 });
const CarriedNumber = Type.Number();

const eventData = <P extends TProperties>(properties: P) =>
  Type.Object({ listingId: IdSchema, at: IsoTime, ...properties }, { additionalProperties: false });

const ImageList = Type.Array(ListingImageSchema, { maxItems: MAX_IMAGES });
const ImageIds = Type.Array(IdSchema, { maxItems: MAX_IMAGES });

/**
 * The whole initial listing: a projection can build the full document from
 * this event alone (furnished, parking and petFriendly from its terms).
 */
const ListingCreatedData = eventData({
  ...ListingFieldsSchema.properties,
  facilities: OwnFacilitiesSchema,
  ownerId: IdSchema,
  owner: ListingOwnerSchema,
  images: ImageList,
  isAvailable: Type.Boolean(),
  isVerified: Type.Boolean(),
  createdAt: IsoTime,
});

/** Only the fields that changed are present (rent and location have their own events). */
const ListingDetailsRevisedData = eventData({
  title: Type.Optional(TitleSchema),
  description: Type.Optional(DescriptionSchema),
  propertyType: Type.Optional(PropertyTypeSchema),
  facilities: Type.Optional(OwnFacilitiesSchema),
  propertyDetails: Type.Optional(PropertyDetailsSchema),
  contactInfo: Type.Optional(ContactInfoSchema),
  showOnMap: Type.Optional(ShowOnMapSchema),
  /** The whole set of terms as it now is (absent keys: not specified). */
  tenancy: Type.Optional(TenancySchema),
});

/** Its own event so that tenants can later be told "rent reduced". */
const ListingRentChangedData = eventData({
  rent: RentSchema,
  rentType: RentTypeSchema,
  previousRent: CarriedNumber,
  previousRentType: RentTypeSchema,
});

/** The whole new location; `previousCity` lets the static-site projection mark both cities dirty. */
const ListingLocationChangedData = eventData({
  location: LocationSchema,
  previousCity: CarriedText,
});

/** Appended after the existing photos, in this order. */
const ListingImagesAddedData = eventData({
  images: Type.Array(ListingImageSchema, { minItems: 1, maxItems: MAX_IMAGES }),
});

const ListingImageRemovedData = eventData({ imageId: IdSchema });

/**
 * A photo as uploaded, stored under `original` (a media key outside what
 * /media serves) until it is processed. Never shown to tenants.
 */
const ReceivedPhotoSchema = Type.Object(
  {
    id: IdSchema,
    name: singleLineText({ minLength: 1, maxLength: 255 }),
    caption: CaptionSchema,
    original: singleLineText({ minLength: 1, maxLength: 300 }),
  },
  { additionalProperties: false },
);

/**
 * Photos accepted and stored as uploaded, to be processed after the answer:
 * each later joins `images` (a `ListingImagesAdded` with the same id) or
 * fails (`ListingPhotosFailed`).
 */
const ListingPhotosReceivedData = eventData({
  photos: Type.Array(ReceivedPhotoSchema, { minItems: 1, maxItems: MAX_IMAGES }),
});

/** Why a received photo could not be processed. */
export const PhotoFailureSchema = Type.Union([
  /** Its pixels do not decode (truncated, corrupt). */
  Type.Literal('unreadable'),
  /** Processing stopped with it in hand, again and again (a crash, a timeout). */
  Type.Literal('interrupted'),
]);

/** Received photos that could not be processed: they never join `images`. */
const ListingPhotosFailedData = eventData({
  photos: Type.Array(
    Type.Object({ id: IdSchema, reason: PhotoFailureSchema }, { additionalProperties: false }),
    { minItems: 1, maxItems: MAX_IMAGES },
  ),
});

/** The new order of the photos (ids, first shown first). */
const ListingImagesReorderedData = eventData({ imageIds: ImageIds });

const ListingImageCaptionedData = eventData({ imageId: IdSchema, caption: CaptionSchema });

/** isAvailable became false ('Delisted'). */
const ListingDelistedData = eventData({ city: CarriedText });

/**
 * isAvailable became true ('Listed'). `afterLet`: the home was let since it
 * was last listed (issue 44); such a relist keeps the listing's history and
 * is not announced to saved searches as a new listing (Rightmove's rule).
 */
const ListingRelistedData = eventData({
  city: CarriedText,
  afterLet: Type.Optional(Type.Boolean()),
});

/**
 * The home was let (issue 44). Always recorded after a `ListingDelisted` in
 * the same decision, so every reader of a delisting (search, alerts, pages,
 * favourites) takes it off the market unchanged; this event adds what was
 * agreed. `tenantId` and `conversationId` when let to someone from a
 * conversation on the platform, absent when let to someone outside. `rent`
 * and `deposit` in whole rupees (rent a month); `moveIn` a calendar day.
 * Area, type and bedrooms are carried so the let rent joins the market data
 * as the listing stood when let.
 */
const ListingLetData = eventData({
  city: CarriedText,
  area: CarriedText,
  propertyType: PropertyTypeSchema,
  bedrooms: CarriedNumber,
  letId: IdSchema,
  /** The listing's owner (the actor may be an admin); absent only on lets recorded before it was added. */
  ownerId: Type.Optional(IdSchema),
  tenantId: Type.Optional(IdSchema),
  conversationId: Type.Optional(IdSchema),
  rent: RentSchema,
  deposit: Type.Integer({ minimum: 0, maximum: TENANCY_BOUNDS.depositRupees.max }),
  moveIn: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});

/** The listing is gone for everyone; its photos are removed after this is recorded. */
const ListingDeletedData = eventData({ city: CarriedText, imageIds: ImageIds });

/** isVerified became true (an admin checked the listing). */
const ListingVerifiedData = eventData({});

/** isVerified became false again: an admin revoked it, or the owner made a material change. */
const ListingVerificationRevokedData = eventData({});

/** The owner said the listed home is still available ('Still available' or the reminder's link). */
const ListingAvailabilityConfirmedData = eventData({});

/**
 * The owner was reminded that the listing expires at `expiresAt` unless
 * confirmed; `lastConfirmedAt` names the confirmation period reminded about
 * (one reminder per period). `ownerId` addresses the in-app notice (absent
 * on reminders recorded before that notice existed).
 */
const ListingExpiryRemindedData = eventData({
  lastConfirmedAt: IsoTime,
  expiresAt: IsoTime,
  ownerId: Type.Optional(IdSchema),
});

/**
 * Unconfirmed for 30 days: no longer listed (isAvailable became false) and
 * shown to its owner as 'Expired' until renewed (a relist).
 */
const ListingExpiredData = eventData({ city: CarriedText, lastConfirmedAt: IsoTime });

/**
 * Enough independent reports (the third open 'Fake or scam') hide the listing
 * until an admin reviews them: not listed (isAvailable became false) and
 * shown to its owner as 'Hidden pending review'. `reason` is the report
 * reason that hid it. Recorded in the same transaction as the report stream's
 * `ListingHiddenPendingReview`.
 */
const ListingHiddenForReviewData = eventData({
  city: CarriedText,
  reason: singleLineText({ minLength: 1, maxLength: 100 }),
});

/**
 * An admin's decision ended the hiding. `isAvailable` is what the listing is
 * now: listed again when the reports were dismissed (or a fix was asked for)
 * and it was listed when hidden; not listed after a delisting or suspension.
 */
const ListingReviewClearedData = eventData({
  city: CarriedText,
  adminId: IdSchema,
  isAvailable: Type.Boolean(),
});

/**
 * The lister's account changed its role (issue 41: a homeowner answered that
 * they are a broker): the listing now shows who lists it as `role`. Recorded
 * on each of the account's listings in the account event's transaction, so
 * every read model and the index follow from the listing's own stream.
 */
const ListingOwnerRoleChangedData = eventData({
  city: CarriedText,
  role: Type.Union([Type.Literal('homeowner'), Type.Literal('broker')]),
});

const schemas = {
  ListingCreated: ListingCreatedData,
  ListingDetailsRevised: ListingDetailsRevisedData,
  ListingRentChanged: ListingRentChangedData,
  ListingLocationChanged: ListingLocationChangedData,
  ListingImagesAdded: ListingImagesAddedData,
  ListingImageRemoved: ListingImageRemovedData,
  ListingImagesReordered: ListingImagesReorderedData,
  ListingImageCaptioned: ListingImageCaptionedData,
  ListingPhotosReceived: ListingPhotosReceivedData,
  ListingPhotosFailed: ListingPhotosFailedData,
  ListingDelisted: ListingDelistedData,
  ListingRelisted: ListingRelistedData,
  ListingLet: ListingLetData,
  ListingDeleted: ListingDeletedData,
  ListingVerified: ListingVerifiedData,
  ListingVerificationRevoked: ListingVerificationRevokedData,
  ListingAvailabilityConfirmed: ListingAvailabilityConfirmedData,
  ListingExpiryReminded: ListingExpiryRemindedData,
  ListingExpired: ListingExpiredData,
  ListingHiddenForReview: ListingHiddenForReviewData,
  ListingReviewCleared: ListingReviewClearedData,
  ListingOwnerRoleChanged: ListingOwnerRoleChangedData,
};

/** The events other modules name on their own; any other is `Extract<ListingEvent, { type: 'X' }>`. */
type Of<T extends keyof typeof schemas> = EventOf<typeof schemas, T>;
export type ListingCreated = Of<'ListingCreated'>;
export type ListingLet = Of<'ListingLet'>;
export type ListingDetailsRevised = Of<'ListingDetailsRevised'>;
export type ListingExpiryReminded = Of<'ListingExpiryReminded'>;

export type ReceivedPhoto = Static<typeof ReceivedPhotoSchema>;
export type PhotoFailure = Static<typeof PhotoFailureSchema>;

export type ListingEvent = EventsOf<typeof schemas>;

export type ListingEventType = ListingEvent['type'];

type Data = Record<string, unknown>;
type Flags = Record<string, boolean>;

/**
 * Version 1 recorded all twelve facility flags beside the terms (issue 40);
 * version 2 records the terms, after the rule input follows (termsFromFlags),
 * and the other nine flags. An edit of version 1 that gave no terms kept the
 * listing's, which the event alone does not know: its three flags are
 * dropped (docs/decisions/0020).
 */
const upcastFacilityFlags =
  (kind: 'created' | 'revised') =>
  (data: Data): Data => {
    const { facilities, tenancy, ...rest } = data as { facilities?: Flags; tenancy?: Tenancy };
    // Absent when a reader left it out of the read (readStreams' omitData) or an edit kept it.
    if (!facilities) return data;
    const terms = kind === 'revised' && !tenancy ? undefined : termsFromFlags(facilities, tenancy);
    return { ...rest, facilities: ownFacilities(facilities), ...(terms ? { tenancy: terms } : {}) };
  };

const events = defineEvents(schemas);

/**
 * Every listing event type with its data schema and the version of that
 * shape: 1 but for the two whose facility flags became terms (upcastFacilityFlags).
 */
export const listingEventDefinitions = {
  ...events.definitions,
  ListingCreated: {
    schema: ListingCreatedData,
    version: 2,
    upcasters: { 1: upcastFacilityFlags('created') },
  },
  ListingDetailsRevised: {
    schema: ListingDetailsRevisedData,
    version: 2,
    upcasters: { 1: upcastFacilityFlags('revised') },
  },
} as const satisfies Record<ListingEventType, EventDefinitions[string]>;

export const LISTING_EVENT_TYPES = events.types;

/** Narrows a recorded event (from the log) to a listing event by its type. */
export const isListingEvent = events.isOne;
