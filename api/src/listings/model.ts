import { t } from 'elysia';
import type { OpenAPIV3 } from 'openapi-types';
import { FACILITIES } from './domain/listing.ts';

/** TypeBox shapes of the property document (SPEC §3), for response validation and the OpenAPI document. */
const Coordinates = t.Object({ latitude: t.Number(), longitude: t.Number() });

const Variant = t.Object({ width: t.Integer(), height: t.Integer(), url: t.String() });

export const PropertyImageSchema = t.Object({
  id: t.String(),
  url: t.String({ description: 'The largest WebP rendition (immutable, content-hashed)' }),
  caption: t.String(),
  width: t.Integer(),
  height: t.Integer(),
  placeholder: t.String({ description: 'A tiny blurred WebP as a data URI' }),
  variants: t.Array(Variant, { description: 'WebP renditions, smallest first, for srcset' }),
});

export const PropertySchema = t.Object({
  _id: t.String(),
  title: t.String(),
  description: t.String(),
  propertyType: t.Union([t.Literal('PG'), t.Literal('house'), t.Literal('flat')]),
  rent: t.Number(),
  rentType: t.Union([t.Literal('monthly'), t.Literal('yearly')]),
  location: t.Object({
    city: t.String(),
    area: t.String(),
    pinCode: t.String(),
    address: t.String(),
    coordinates: t.Optional(Coordinates),
  }),
  facilities: t.Object(Object.fromEntries(FACILITIES.map((f) => [f, t.Boolean()]))),
  propertyDetails: t.Object({
    bedrooms: t.Number(),
    bathrooms: t.Number(),
    area: t.Number(),
    floor: t.Number(),
    totalFloors: t.Number(),
  }),
  contactInfo: t.Object({ showPhone: t.Boolean(), showEmail: t.Boolean() }),
  showOnMap: t.Boolean(),
  images: t.Array(PropertyImageSchema),
  owner: t.Object({ name: t.String(), role: t.String() }),
  ownerId: t.String(),
  isAvailable: t.Boolean(),
  isVerified: t.Boolean(),
  views: t.Integer(),
  createdAt: t.String({ format: 'date-time' }),
  updatedAt: t.String({ format: 'date-time' }),
});

export const PropertyResponse = t.Object({ property: PropertySchema });
export const MessageResponse = t.Object({ message: t.String() });
export const IdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });
export const VerifyBody = t.Object({
  isVerified: t.Optional(
    t.Boolean({ description: 'Default true; false revokes the verification' }),
  ),
});

const text = (description: string): OpenAPIV3.SchemaObject => ({ type: 'string', description });

/**
 * The multipart body of SPEC §7, written out for the OpenAPI document (the
 * handler parses the form itself, so Elysia cannot derive it).
 */
const listingFormSchema = (edit: boolean): OpenAPIV3.SchemaObject => ({
  type: 'object',
  required: edit ? [] : ['title', 'description', 'propertyType', 'rent', 'rentType'],
  properties: {
    title: text('5–100 characters after trimming'),
    description: text('20–1000 characters after trimming'),
    propertyType: { type: 'string', enum: ['PG', 'house', 'flat'] },
    rent: text('A number greater than 0'),
    rentType: { type: 'string', enum: ['monthly', 'yearly'] },
    showOnMap: text("'true' or 'false' (default true)"),
    'location[city]': text('Required'),
    'location[area]': text('Required'),
    'location[pinCode]': text('Exactly 6 digits'),
    'location[address]': text('Required'),
    'location[coordinates][latitude]': text(
      'Optional, -90 to 90 (send both or neither; blank clears on edit)',
    ),
    'location[coordinates][longitude]': text('Optional, -180 to 180'),
    facilities: text(`JSON object of booleans (${FACILITIES.join(', ')}); missing flags are false`),
    propertyDetails: text(
      'JSON {bedrooms, bathrooms, area, floor, totalFloors}; non-negative, floor ≤ totalFloors when totalFloors > 0',
    ),
    contactInfo: text('JSON {showPhone (default true), showEmail (default false)}'),
    images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description:
        'New photos: JPEG, PNG or WebP by content, ≤ 5 MB each, ≤ 10 per listing counting those kept',
    },
    imageCaptions: text('Optional JSON list of captions for the new photos, by position'),
    ...(edit
      ? {
          keepImages: text(
            'Optional JSON list of the existing photos to keep, in display order: ids, or {id, caption}. ' +
              'Photos left out are removed. Omitted: every existing photo is kept as it is.',
          ),
        }
      : {}),
  },
});

export const createRequestBody: OpenAPIV3.RequestBodyObject = {
  required: true,
  content: { 'multipart/form-data': { schema: listingFormSchema(false) } },
};

export const updateRequestBody: OpenAPIV3.RequestBodyObject = {
  required: true,
  content: {
    'multipart/form-data': { schema: listingFormSchema(true) },
    'application/json': {
      schema: {
        type: 'object',
        description:
          'The same fields nested (location: {city, …, coordinates: {latitude, longitude} | null}, facilities: {...}, …) ' +
          'and keepImages as a list. Fields left out keep their current values.',
      },
    },
  },
};
