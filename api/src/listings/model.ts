import { t } from 'elysia';
import type { OpenAPIV3 } from 'openapi-types';
import { NotFoundError } from '@rentals/core/errors';
import { isWellFormedId } from '@rentals/core/listings/bounds';
import { messages } from '@rentals/core/listings/decide';
import {
  LatitudeSchema,
  ListingFieldsSchema,
  LongitudeSchema,
} from '@rentals/core/listings/fields';
import { ImageCaptionsSchema, KeepImagesSchema } from './listingInput.ts';

export const VerifyBody = t.Object({
  isVerified: t.Optional(
    t.Boolean({ description: 'Default true; false revokes the verification' }),
  ),
});

/**
 * A listing id from a route, or the 404 a missing listing gets: a malformed
 * id (NUL, too long, bad percent-encoding that leaves no id at all) names no
 * listing. The routes check ids here rather than with a params schema, whose
 * failure would be a 400.
 */
export const listingIdOr404 = (id: string | undefined): string => {
  if (typeof id !== 'string' || !isWellFormedId(id)) throw new NotFoundError(messages.notFound);
  return id;
};

/*
 * The request bodies of create and edit, described from the listing's own
 * schemas (domain/fields.ts, listingInput.ts): the same nodes that check the
 * values, with their bounds and `x-messages`.
 */
const { location, facilities, propertyDetails, contactInfo, tenancy, ...scalars } =
  ListingFieldsSchema.properties;
const { coordinates: _coordinates, ...place } = location.properties;

const jsonPart = { contentType: 'application/json' };

/** The multipart body of SPEC §7: bracketed location keys, JSON-text groups, files under `images`. */
const multipartSchema = (edit: boolean): OpenAPIV3.SchemaObject => ({
  type: 'object',
  required: edit
    ? []
    : [
        'title',
        'description',
        'propertyType',
        'rent',
        'rentType',
        ...Object.keys(place).map((k) => `location[${k}]`),
      ],
  properties: {
    ...scalars,
    ...Object.fromEntries(Object.entries(place).map(([k, schema]) => [`location[${k}]`, schema])),
    'location[coordinates][latitude]': {
      ...LatitudeSchema,
      description: `${LatitudeSchema.description}. Send both or neither; blank clears on edit`,
    },
    'location[coordinates][longitude]': LongitudeSchema,
    facilities: t.Partial(facilities, {
      description: 'JSON text; flags left out are false (on edit: unchanged)',
    }),
    propertyDetails: t.Partial(propertyDetails, {
      description:
        'JSON text; blank numbers are 0; floor ≤ totalFloors when totalFloors > 0 (on edit: keys left out unchanged)',
    }),
    contactInfo: t.Partial(contactInfo, {
      description: 'JSON text; showPhone defaults to true, showEmail to false',
    }),
    images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description:
        'New photos: JPEG, PNG or WebP by content, ≤ 5 MB each, ≤ 10 per listing counting those kept',
    },
    imageCaptions: ImageCaptionsSchema,
    tenancy: {
      ...tenancy,
      description:
        'JSON text; optional terms, each left out or blank is not specified; on edit, given terms replace the current ones as a whole, left out they stay',
    },
    ...(edit ? { keepImages: KeepImagesSchema } : {}),
  } as Record<string, OpenAPIV3.SchemaObject>,
});

const encoding = (edit: boolean) => ({
  facilities: jsonPart,
  propertyDetails: jsonPart,
  contactInfo: jsonPart,
  imageCaptions: jsonPart,
  tenancy: jsonPart,
  ...(edit ? { keepImages: jsonPart } : {}),
});

/** The JSON edit: the same fields nested; every one optional, coordinates null to clear them. */
export const ListingUpdateJson = t.Object(
  {
    ...Object.fromEntries(Object.entries(scalars).map(([k, schema]) => [k, t.Optional(schema)])),
    location: t.Optional(t.Partial(location, { description: 'Keys left out keep their values' })),
    facilities: t.Optional(t.Partial(facilities)),
    propertyDetails: t.Optional(t.Partial(propertyDetails)),
    contactInfo: t.Optional(t.Partial(contactInfo)),
    keepImages: t.Optional(KeepImagesSchema),
    imageCaptions: t.Optional(ImageCaptionsSchema),
    tenancy: t.Optional(tenancy),
  },
  {
    description:
      'Fields left out keep their current values; numbers and flags may also be sent as text, as the form does.',
  },
);

export const createRequestBody: OpenAPIV3.RequestBodyObject = {
  required: true,
  content: {
    'multipart/form-data': { schema: multipartSchema(false), encoding: encoding(false) },
  },
};

export const updateRequestBody: OpenAPIV3.RequestBodyObject = {
  required: true,
  content: {
    'multipart/form-data': { schema: multipartSchema(true), encoding: encoding(true) },
    'application/json': { schema: ListingUpdateJson as OpenAPIV3.SchemaObject },
  },
};
