import {
  FormatRegistry,
  Type,
  type TBoolean,
  type TInteger,
  type TLiteral,
  type TUnion,
} from '@sinclair/typebox';
import { ValidationError, type FieldError } from '../errors.ts';
import { inFieldOrder, messages, schemaErrors } from '../schemaErrors.ts';
import { multiLineText, singleLineText } from '../textFormats.ts';
import { PHASH_PATTERN } from '../trust/photoHash.ts';
import {
  DETAIL_BOUNDS,
  ID_PATTERN,
  INDIA_BOUNDS,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  PIN_CODE_PATTERN,
  RENT_BOUNDS,
  TEXT_BOUNDS,
} from './bounds.ts';
import { isListedCity } from '../gazetteer/cityList.ts';
import {
  FACILITIES,
  OWN_FACILITIES,
  PROPERTY_TYPES,
  RENT_TYPES,
  USER_ROLES,
  type ListingFields,
} from './listing.ts';
import { TenancySchema, tenancyCrossFieldErrors } from './tenancy.ts';

/**
 * The listing's value schemas: what the owner edits (ListingFields) and the
 * pieces the events are made of. Each node carries its messages, so the edge
 * (after reading the form), `decide` and the event store all refuse the same
 * values with the same words. Types come from these schemas (listing.ts).
 */

/** A city exactly as the city list spells it. */
export const LISTED_CITY = 'listed-city';
FormatRegistry.Set(LISTED_CITY, isListedCity);

const DETAIL_LABELS = {
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  area: 'Area',
  floor: 'Floor',
  totalFloors: 'Total floors',
} as const;
type DetailKey = keyof typeof DETAIL_LABELS;

const detailRange = (key: DetailKey) => {
  const { min, max } = DETAIL_BOUNDS[key];
  return key === 'area'
    ? `Area must be a whole number of square feet between ${min} and ${max}`
    : `${DETAIL_LABELS[key]} must be a whole number between ${min} and ${max}`;
};

const controlFree = (label: string) => `${label} cannot contain control characters`;

/** SPEC §5's messages, exact, and ours for the bounds SPEC leaves open, in its style. */
export const fieldMessages = {
  titleRequired: 'Title is required',
  titleShort: 'Title must be at least 5 characters long',
  titleLong: 'Title cannot exceed 100 characters',
  titleControl: controlFree('Title'),
  descriptionRequired: 'Description is required',
  descriptionShort: 'Description must be at least 20 characters long',
  descriptionLong: 'Description cannot exceed 1000 characters',
  descriptionControl:
    'Description cannot contain control characters other than line breaks and tabs',
  propertyType: 'Property type must be PG, house, or flat',
  rentPositive: 'Rent must be greater than 0',
  rentNumber: 'Rent must be a valid number',
  rentWhole: 'Rent must be a whole number of rupees',
  rentMax: 'Rent cannot exceed ₹1,00,00,000',
  rentType: 'Rent type must be monthly or yearly',
  city: 'City is required',
  cityUnknown: 'Choose a city from the list',
  cityLong: `City cannot exceed ${TEXT_BOUNDS.city.max} characters`,
  area: 'Area is required',
  areaLong: `Area cannot exceed ${TEXT_BOUNDS.area.max} characters`,
  areaControl: controlFree('Area'),
  address: 'Address is required',
  addressLong: `Address cannot exceed ${TEXT_BOUNDS.address.max} characters`,
  addressControl: controlFree('Address'),
  pinRequired: 'Pin code is required',
  pinFormat: 'Please enter a valid 6-digit pin code',
  coordinates: 'Coordinates must be a latitude and a longitude, or left out',
  latitude: 'Latitude must be a valid number between -90 and 90',
  longitude: 'Longitude must be a valid number between -180 and 180',
  latitudeIndia: `Latitude must be between ${INDIA_BOUNDS.south} and ${INDIA_BOUNDS.north} (inside India)`,
  longitudeIndia: `Longitude must be between ${INDIA_BOUNDS.west} and ${INDIA_BOUNDS.east} (inside India)`,
  bedrooms: 'Bedrooms cannot be negative',
  bathrooms: 'Bathrooms cannot be negative',
  area_: 'Area cannot be negative',
  floor: 'Floor cannot be negative',
  totalFloors: 'Total floors cannot be negative',
  bedroomsRange: detailRange('bedrooms'),
  bathroomsRange: detailRange('bathrooms'),
  areaRange: detailRange('area'),
  floorRange: detailRange('floor'),
  totalFloorsRange: detailRange('totalFloors'),
  floorAboveTotal: 'Floor number cannot be greater than total floors',
  propertyDetails: 'Property details must be an object',
  facilities: 'Facilities must be an object of true/false flags',
  facility: (name: string) => `${name} must be true or false`,
  contactInfo: 'Contact preferences must be an object with showPhone and showEmail',
  caption: `Caption cannot exceed ${TEXT_BOUNDS.caption.max} characters`,
  captionControl: controlFree('Caption'),
} as const;

const m = fieldMessages;

/** A union of string literals, typed as the union of its values. */
export const literals = <V extends string>(
  values: readonly V[],
  options: Record<string, unknown> = {},
): TUnion<TLiteral<V>[]> =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );

const flag = (name: string) => Type.Boolean(messages({ type: m.facility(name) }));

const flags = <K extends string>(keys: readonly K[], options: Record<string, unknown>) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, flag(k)])) as { [P in K]: TBoolean }, options);

const detail = (key: DetailKey, negative: string): TInteger => {
  const range = detailRange(key);
  return Type.Integer({
    minimum: DETAIL_BOUNDS[key].min,
    maximum: DETAIL_BOUNDS[key].max,
    ...messages({ type: range, integer: range, maximum: range, minimum: negative }),
  });
};

export const TitleSchema = singleLineText({
  minLength: TEXT_BOUNDS.title.min,
  maxLength: TEXT_BOUNDS.title.max,
  description: '5–100 characters after trimming',
  ...messages({
    required: m.titleRequired,
    type: m.titleRequired,
    minLength: m.titleShort,
    maxLength: m.titleLong,
    format: m.titleControl,
  }),
});

export const DescriptionSchema = multiLineText({
  minLength: TEXT_BOUNDS.description.min,
  maxLength: TEXT_BOUNDS.description.max,
  description: '20–1000 characters after trimming; line breaks allowed',
  ...messages({
    required: m.descriptionRequired,
    type: m.descriptionRequired,
    minLength: m.descriptionShort,
    maxLength: m.descriptionLong,
    format: m.descriptionControl,
  }),
});

export const PropertyTypeSchema = literals(PROPERTY_TYPES, messages({ type: m.propertyType }));

export const RentSchema = Type.Integer({
  minimum: RENT_BOUNDS.min,
  maximum: RENT_BOUNDS.max,
  description: 'Whole rupees, 1 to 1,00,00,000',
  ...messages({
    required: m.rentNumber,
    type: m.rentNumber,
    integer: m.rentWhole,
    minimum: m.rentPositive,
    maximum: m.rentMax,
  }),
});

export const RentTypeSchema = literals(RENT_TYPES, messages({ type: m.rentType }));

/** A city as the city list spells it; other spellings are turned into it before this check. */
export const CitySchema = Type.String({
  maxLength: TEXT_BOUNDS.city.max,
  format: LISTED_CITY,
  description:
    'An Indian city from the city list; other spellings (Bangalore, Gurgaon) are accepted and stored as the list names them',
  ...messages({
    required: m.city,
    type: m.city,
    maxLength: m.cityLong,
    format: m.cityUnknown,
  }),
});

const placeText = (max: number, required: string, long: string, control: string) =>
  singleLineText({
    minLength: 1,
    maxLength: max,
    ...messages({ required, type: required, maxLength: long, format: control }),
  });

export const LatitudeSchema = Type.Number({
  minimum: LATITUDE_RANGE.min,
  maximum: LATITUDE_RANGE.max,
  description: `Degrees; inside India (${INDIA_BOUNDS.south} to ${INDIA_BOUNDS.north})`,
  ...messages({ type: m.latitude }),
});
export const LongitudeSchema = Type.Number({
  minimum: LONGITUDE_RANGE.min,
  maximum: LONGITUDE_RANGE.max,
  description: `Degrees; inside India (${INDIA_BOUNDS.west} to ${INDIA_BOUNDS.east})`,
  ...messages({ type: m.longitude }),
});
export const CoordinatesSchema = Type.Object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
});

export const LocationSchema = Type.Object({
  city: CitySchema,
  area: placeText(TEXT_BOUNDS.area.max, m.area, m.areaLong, m.areaControl),
  address: placeText(TEXT_BOUNDS.address.max, m.address, m.addressLong, m.addressControl),
  pinCode: Type.String({
    pattern: PIN_CODE_PATTERN,
    ...messages({ required: m.pinRequired, type: m.pinRequired, pattern: m.pinFormat }),
  }),
  coordinates: Type.Union([CoordinatesSchema, Type.Null()], {
    description: 'null when the owner set no map position',
    ...messages({ type: m.coordinates }),
  }),
});

export const FacilitiesSchema = flags(FACILITIES, messages({ type: m.facilities }));

/** The flags an event records: the three its terms hold (facilityTerms.ts) are refused. */
export const OwnFacilitiesSchema = flags(OWN_FACILITIES, {
  additionalProperties: false,
  ...messages({ type: m.facilities }),
});

export const PropertyDetailsSchema = Type.Object(
  {
    bedrooms: detail('bedrooms', m.bedrooms),
    bathrooms: detail('bathrooms', m.bathrooms),
    area: detail('area', m.area_),
    floor: detail('floor', m.floor),
    totalFloors: detail('totalFloors', m.totalFloors),
  },
  messages({ type: m.propertyDetails }),
);

export const ContactInfoSchema = flags(
  ['showPhone', 'showEmail'] as const,
  messages({ type: m.contactInfo }),
);

export const ShowOnMapSchema = flag('showOnMap');

/** Everything the owner edits through the form (all but photos). */
export const ListingFieldsSchema = Type.Object({
  title: TitleSchema,
  description: DescriptionSchema,
  propertyType: PropertyTypeSchema,
  rent: RentSchema,
  rentType: RentTypeSchema,
  location: LocationSchema,
  facilities: FacilitiesSchema,
  propertyDetails: PropertyDetailsSchema,
  contactInfo: ContactInfoSchema,
  showOnMap: ShowOnMapSchema,
  /** Optional terms (tenancy.ts); absent on listings made before them. */
  tenancy: Type.Optional(TenancySchema),
});

export const IdSchema = Type.String({ pattern: ID_PATTERN });

export const CaptionSchema = singleLineText({
  maxLength: TEXT_BOUNDS.caption.max,
  ...messages({ type: m.caption, maxLength: m.caption, format: m.captionControl }),
});

const Pixels = Type.Integer({ minimum: 1, maximum: 100_000 });
const MediaUrl = singleLineText({ minLength: 1, maxLength: 500 });

/** A processed photo: immutable, content-hashed WebP (and AVIF) renditions, metadata stripped. */
export const ListingImageSchema = Type.Object({
  id: IdSchema,
  /** The largest variant; what `images[].url` of the document points at. */
  url: MediaUrl,
  /** Smallest first. */
  /** `avif`: the same width as AVIF; absent on photos processed before AVIF was made. */
  variants: Type.Array(
    Type.Object({ width: Pixels, height: Pixels, url: MediaUrl, avif: Type.Optional(MediaUrl) }),
    {
      minItems: 1,
      maxItems: 10,
    },
  ),
  /** Size of the auto-oriented original. */
  width: Pixels,
  height: Pixels,
  /** A tiny blurred WebP as a data URI, shown while the real image loads. */
  placeholder: singleLineText({ maxLength: 20_000 }),
  caption: CaptionSchema,
  /**
   * Perceptual hashes of the photo, its centre and their mirror images (core/src/trust/photoHash.ts), for
   * finding recycled photos. Absent on photos processed before hashing existed.
   */
  phash: Type.Optional(
    Type.Object(
      {
        hash: Type.String({ pattern: PHASH_PATTERN }),
        mirrored: Type.String({ pattern: PHASH_PATTERN }),
        /** Of the photo's central 90 % (what a 10 % crop keeps), and its mirror image. */
        centre: Type.String({ pattern: PHASH_PATTERN }),
        centreMirrored: Type.String({ pattern: PHASH_PATTERN }),
      },
      { additionalProperties: false },
    ),
  ),
});

/**
 * Denormalised from the user at creation; the cards show it without a join.
 * The name was checked when the account was made (older accounts may predate
 * today's rules), so here it is only bounded.
 */
export const ListingOwnerSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: literals(USER_ROLES),
});

const isNumber = (v: unknown): v is number => typeof v === 'number';

/** The rules across fields, on values the schema already accepted. */
const crossFieldErrors = (fields: ListingFields, wrong: Set<string>): FieldError[] => {
  const errors: FieldError[] = [];
  const { floor, totalFloors } = fields.propertyDetails;
  if (
    !wrong.has('propertyDetails.floor') &&
    !wrong.has('propertyDetails.totalFloors') &&
    totalFloors > 0 &&
    floor > totalFloors
  )
    errors.push({ path: 'propertyDetails.floor', msg: m.floorAboveTotal });
  const at = fields.location.coordinates;
  if (at && isNumber(at.latitude) && isNumber(at.longitude)) {
    if (
      !wrong.has('location.coordinates.latitude') &&
      (at.latitude < INDIA_BOUNDS.south || at.latitude > INDIA_BOUNDS.north)
    )
      errors.push({ path: 'location.coordinates.latitude', msg: m.latitudeIndia });
    if (
      !wrong.has('location.coordinates.longitude') &&
      (at.longitude < INDIA_BOUNDS.west || at.longitude > INDIA_BOUNDS.east)
    )
      errors.push({ path: 'location.coordinates.longitude', msg: m.longitudeIndia });
  }
  errors.push(...tenancyCrossFieldErrors(fields.tenancy, fields.propertyType, wrong));
  return errors;
};

/**
 * Every problem of a listing's fields, in form order, one message per field:
 * the schema first, then the rules across fields (floor within total floors,
 * a map position inside India). Empty when the fields may be recorded.
 */
export const listingFieldErrors = (value: unknown): FieldError[] => {
  const errors = schemaErrors(ListingFieldsSchema, value);
  const isShaped =
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ListingFields).location === 'object' &&
    (value as ListingFields).location !== null &&
    typeof (value as ListingFields).propertyDetails === 'object' &&
    (value as ListingFields).propertyDetails !== null;
  if (!isShaped) return errors;
  const wrong = new Set(errors.map((e) => e.path));
  return inFieldOrder(ListingFieldsSchema, [
    ...errors,
    ...crossFieldErrors(value as ListingFields, wrong),
  ]);
};

/** The invariant `decide` keeps: no listing is recorded with fields the edge would refuse. */
export function assertListingFields(value: unknown): asserts value is ListingFields {
  const errors = listingFieldErrors(value);
  if (errors.length > 0) throw new ValidationError(errors);
}
