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

const Variant = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String(),
  avif: Type.Optional(
    Type.String({ description: 'The same width as AVIF; absent on photos made before AVIF' }),
  ),
});

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
   * Present while the home is let (marked let since it was last listed; issue
   * 44): its page says 'Let'. Only when: the agreed figures are its owner's and
   * tenant's (GET /api/lets/mine), never on the document.
   */
  let: Type.Optional(Type.Object({ at: date() })),
  /**
   * Only in its owner's (and admins') reads: photos uploaded but not among
   * `images`, being processed, or failed with the message to show.
   */
  photoUploads: Type.Optional(Type.Array(PhotoUploadSchema)),
});

export type PropertyDocument = Static<typeof PropertySchema>;

const full = PropertySchema.properties;

/**
 * What a visitor gets (SPEC §1): no rent, contact, facilities, address, area,
 * pin code or exact position; the city only, and a map position 3–6 km from
 * the listing inside its city (migration 0027) when the owner shows the
 * listing on the map, so that it names no PIN area. Each field is the full document's.
 */
export const PublicPropertySchema = Type.Object({
  _id: full._id,
  title: full.title,
  description: full.description,
  propertyType: full.propertyType,
  location: Type.Pick(full.location, ['city', 'coordinates']),
  propertyDetails: Type.Pick(full.propertyDetails, ['bedrooms', 'bathrooms']),
  showOnMap: full.showOnMap,
  images: full.images,
  owner: full.owner,
  isAvailable: full.isAvailable,
  isVerified: full.isVerified,
  views: full.views,
  createdAt: full.createdAt,
  updatedAt: full.updatedAt,
});

export type PublicPropertyDocument = Static<typeof PublicPropertySchema>;

/** The page of a visitor search. */
export const PaginationSchema = Type.Object({
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  totalItems: Type.Integer(),
  itemsPerPage: Type.Integer(),
});

/** A created, edited, verified or toggled listing (the writes under /api/properties). */
export const PropertyResponse = Type.Object({ property: PropertySchema });

/** Beside the property in GET /api/properties/{id} for signed-in users: what the owner chose to show. */
export const OwnerContactSchema = Type.Object({
  phone: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
});

/**
 * GET /api/properties/{id}: the full document (and the owner's contact, unless a preview) with a
 * valid token, the visitor document without one.
 */
export const PropertyDetailResponse = Type.Union([
  Type.Object({
    property: PropertySchema,
    contact: Type.Optional(OwnerContactSchema),
    /** Whether the lister's email address is verified (read from the account at request time). */
    ownerEmailVerified: Type.Optional(Type.Boolean()),
  }),
  Type.Object({ property: PublicPropertySchema }),
]);

/** GET /api/properties (signed in): one page of full documents. */
export const PropertySearchResponse = Type.Object({
  properties: Type.Array(PropertySchema),
  totalCount: Type.Integer({ description: 'Exact' }),
  hasMore: Type.Boolean(),
});

/** GET /api/properties/public: one page of visitor documents. */
export const PublicPropertySearchResponse = Type.Object({
  properties: Type.Array(PublicPropertySchema),
  pagination: PaginationSchema,
});

export const FeaturedResponse = Type.Object({ properties: Type.Array(PropertySchema) });
export const PublicFeaturedResponse = Type.Object({ properties: Type.Array(PublicPropertySchema) });

/** GET /api/properties/my-properties: the owner's listings and the figures of its summary cards. */
export const MyPropertiesResponse = Type.Object({
  properties: Type.Array(PropertySchema),
  summary: Type.Object({
    total: Type.Integer(),
    listed: Type.Integer(),
    delisted: Type.Integer(),
    totalViews: Type.Integer(),
  }),
});

const MapPointSchema = Type.Object({
  id: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  type: oneOf(PROPERTY_TYPES),
  rent: Type.Optional(Type.Number({ description: 'Signed in only' })),
});
const MapClusterSchema = Type.Object({
  lat: Type.Number(),
  lng: Type.Number(),
  count: Type.Integer(),
});

/** GET /api/properties/map: every match in the viewport as points, or clusters above the limit. */
export const MapResponse = Type.Union([
  Type.Object({
    total: Type.Integer(),
    clustered: Type.Literal(false),
    points: Type.Array(MapPointSchema),
  }),
  Type.Object({
    total: Type.Integer(),
    clustered: Type.Literal(true),
    cellDegrees: Type.Number(),
    clusters: Type.Array(MapClusterSchema),
  }),
]);
