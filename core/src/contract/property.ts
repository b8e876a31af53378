/**
 * The property documents of the wire contract (SPEC §3), as the API returns
 * them: one TypeBox schema each, for response validation, the OpenAPI
 * document, the domain's document type and, type-only, the site's.
 * No bounds here: inputs are checked by the listing's own schemas (fields.ts).
 */
import { Type, type Static, type TBoolean } from '@sinclair/typebox';
import { oneOf } from './oneOf.ts';
import {
  FACILITIES,
  PROPERTY_TYPES,
  RENT_TYPES,
  USER_ROLES,
  type Facility,
} from '../listings/listing.ts';
import { TenancyContractSchema } from '../listings/tenancy.ts';

const Coordinates = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

const Variant = Type.Object({ width: Type.Integer(), height: Type.Integer(), url: Type.String() });

/** A photo as the document carries it: the spec's {url, caption} plus what the site needs for srcset. */
export const PropertyImageSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'The largest WebP rendition (immutable, content-hashed)' }),
  caption: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  placeholder: Type.String({ description: 'A tiny blurred WebP as a data URI' }),
  variants: Type.Array(Variant, { description: 'WebP renditions, smallest first, for srcset' }),
});

const Facilities = Type.Object(
  Object.fromEntries(FACILITIES.map((f) => [f, Type.Boolean()])) as { [F in Facility]: TBoolean },
);

const Owner = Type.Object({ name: Type.String(), role: oneOf(USER_ROLES) });

const date = () => Type.String({ format: 'date-time' });

/** The optional tenancy terms (listings/termCatalogue.ts); a term left out is 'not specified'. */
const Tenancy = Type.Partial(TenancyContractSchema);

/** A photo its owner uploaded that is not (yet) one of the listing's images. */
export const PhotoUploadSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  caption: Type.String(),
  status: Type.Union([Type.Literal('processing'), Type.Literal('failed')]),
  /** Why it failed, as the owner reads it. */
  message: Type.Optional(Type.String()),
});

export type PhotoUpload = Static<typeof PhotoUploadSchema>;

/** The full document: for signed-in users (and the owner's own listings). */
export const PropertySchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  propertyType: oneOf(PROPERTY_TYPES),
  rent: Type.Number(),
  rentType: oneOf(RENT_TYPES),
  location: Type.Object({
    city: Type.String(),
    area: Type.String(),
    pinCode: Type.String(),
    address: Type.String(),
    /** Left out (not null) when the owner set no map position. */
    coordinates: Type.Optional(Coordinates),
  }),
  facilities: Facilities,
  propertyDetails: Type.Object({
    bedrooms: Type.Number(),
    bathrooms: Type.Number(),
    /** Built-up area in square feet. */
    area: Type.Number(),
    floor: Type.Number(),
    totalFloors: Type.Number(),
  }),
  contactInfo: Type.Object({ showPhone: Type.Boolean(), showEmail: Type.Boolean() }),
  showOnMap: Type.Boolean(),
  tenancy: Type.Optional(Tenancy),
  images: Type.Array(PropertyImageSchema),
  owner: Owner,
  ownerId: Type.String(),
  isAvailable: Type.Boolean(),
  isVerified: Type.Boolean(),
  views: Type.Integer(),
  createdAt: date(),
  updatedAt: date(),
  /** When the owner last confirmed the home is available (create, edit, relist, 'Still available'). */
  lastConfirmedAt: date(),
  /** Unconfirmed for 30 days: not listed (isAvailable false) until the owner renews it. */
  isExpired: Type.Boolean(),
  /**
   * Present while reports hide it pending our team's review (isAvailable is
   * false meanwhile): the report reason that hid it, and since when.
   */
  hiddenForReview: Type.Optional(Type.Object({ reason: Type.String(), since: date() })),
  /**
   * Only in its owner's (and admins') reads: photos uploaded but not among
   * `images`, being processed, or failed with the message to show.
   */
  photoUploads: Type.Optional(Type.Array(PhotoUploadSchema)),
});

export type PropertyDocument = Static<typeof PropertySchema>;

/**
 * What a visitor gets (SPEC §1): no rent, contact, facilities, address, area,
 * pin code or exact position; the city only, and a map position 3–6 km from
 * the listing inside its city (migration 0027) when the owner shows the
 * listing on the map, so that it names no PIN area.
 */
export const PublicPropertySchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  propertyType: oneOf(PROPERTY_TYPES),
  location: Type.Object({ city: Type.String(), coordinates: Type.Optional(Coordinates) }),
  propertyDetails: Type.Object({ bedrooms: Type.Number(), bathrooms: Type.Number() }),
  showOnMap: Type.Boolean(),
  images: Type.Array(PropertyImageSchema),
  owner: Owner,
  isAvailable: Type.Boolean(),
  isVerified: Type.Boolean(),
  views: Type.Integer(),
  createdAt: date(),
  updatedAt: date(),
});

export type PublicPropertyDocument = Static<typeof PublicPropertySchema>;

/** The page of a visitor search. */
export const PaginationSchema = Type.Object({
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  totalItems: Type.Integer(),
  itemsPerPage: Type.Integer(),
});
