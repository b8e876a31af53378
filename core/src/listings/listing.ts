/**
 * The listing's value types, shared by commands, events, state and the
 * property document. Field names follow the spec's §3 so the wire document is
 * a plain projection of them. The types come from the schemas in fields.ts,
 * which also check the values.
 */
import type { Static } from '@sinclair/typebox';
import type {
  ContactInfoSchema,
  CoordinatesSchema,
  FacilitiesSchema,
  ListingFieldsSchema,
  ListingImageSchema,
  ListingOwnerSchema,
  OwnFacilitiesSchema,
  PropertyDetailsSchema,
} from './fields.ts';
import { isDerivedFacility, type DerivedFacility } from './termCatalogue.ts';

export const PROPERTY_TYPES = ['PG', 'house', 'flat'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const RENT_TYPES = ['monthly', 'yearly'] as const;

/** The twelve facility flags of SPEC §3, in the spec's order. */
export const FACILITIES = [
  'wifi',
  'parking',
  'ac',
  'kitchen',
  'laundry',
  'security',
  'gym',
  'pool',
  'garden',
  'balcony',
  'furnished',
  'petFriendly',
] as const;
export type Facility = (typeof FACILITIES)[number];
export type Facilities = Static<typeof FacilitiesSchema>;

/** The nine flags a listing records; furnished, parking and petFriendly are views of its terms (facilityTerms.ts). */
export const OWN_FACILITIES = FACILITIES.filter(
  (f): f is Exclude<Facility, DerivedFacility> => !isDerivedFacility(f),
);
export type OwnFacilities = Static<typeof OwnFacilitiesSchema>;

export const USER_ROLES = ['homeowner', 'broker', 'tenant', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type Coordinates = Static<typeof CoordinatesSchema>;

/** `area` is the built-up area in square feet. */
export type PropertyDetails = Static<typeof PropertyDetailsSchema>;

export type ContactInfo = Static<typeof ContactInfoSchema>;

/** A processed photo: immutable, content-hashed URLs, metadata stripped. */
export type ListingImage = Static<typeof ListingImageSchema>;

/** Denormalised from the user at creation; the cards show it without a join. */
export type ListingOwner = Static<typeof ListingOwnerSchema>;

/** Everything the owner edits through the form (all but photos). */
export type ListingFields = Static<typeof ListingFieldsSchema>;

/** The fields as events record them: the flags the tenancy terms cover live in the terms. */
export type RecordedFields = Omit<ListingFields, 'facilities'> & { facilities: OwnFacilities };

export const MAX_IMAGES = 10;

export const noFacilities = (): Facilities =>
  Object.fromEntries(FACILITIES.map((f) => [f, false])) as Facilities;
