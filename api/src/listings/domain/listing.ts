/**
 * The listing's value types, shared by commands, events, state and the
 * property document. Field names follow the spec's §3 so the wire document is
 * a plain projection of them.
 */

export const PROPERTY_TYPES = ['PG', 'house', 'flat'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const RENT_TYPES = ['monthly', 'yearly'] as const;
export type RentType = (typeof RENT_TYPES)[number];

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
export type Facilities = Record<Facility, boolean>;

export type UserRole = 'homeowner' | 'broker' | 'tenant' | 'admin';

export type Coordinates = { latitude: number; longitude: number };

export type Location = {
  city: string;
  area: string;
  pinCode: string;
  address: string;
  /** null when the owner gave no map position. */
  coordinates: Coordinates | null;
};

export type PropertyDetails = {
  bedrooms: number;
  bathrooms: number;
  /** Built-up area in square feet. */
  area: number;
  floor: number;
  totalFloors: number;
};

export type ContactInfo = { showPhone: boolean; showEmail: boolean };

/** One resized rendition of a photo (WebP). */
export type ImageVariant = { width: number; height: number; url: string };

/** A processed photo: immutable, content-hashed URLs, metadata stripped. */
export type ListingImage = {
  id: string;
  /** The largest variant; what `images[].url` of the document points at. */
  url: string;
  /** Smallest first. */
  variants: ImageVariant[];
  /** Size of the auto-oriented original. */
  width: number;
  height: number;
  /** A tiny blurred WebP as a data URI, shown while the real image loads. */
  placeholder: string;
  caption: string;
};

/** Denormalised from the user at creation; the cards show it without a join. */
export type ListingOwner = { name: string; role: UserRole };

/** Everything the owner edits through the form (all but photos). */
export type ListingFields = {
  title: string;
  description: string;
  propertyType: PropertyType;
  rent: number;
  rentType: RentType;
  location: Location;
  facilities: Facilities;
  propertyDetails: PropertyDetails;
  contactInfo: ContactInfo;
  showOnMap: boolean;
};

export const MAX_IMAGES = 10;

export const noFacilities = (): Facilities =>
  Object.fromEntries(FACILITIES.map((f) => [f, false])) as Facilities;
