import { Type } from '@sinclair/typebox';
import type { FieldError } from '@rentals/core/errors';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';
import { PLAIN_DECIMAL } from '@rentals/core/listings/bounds';
import { canonicalCity } from '@rentals/core/gazetteer/cityList';
import type { KeptImage } from '@rentals/core/listings/commands';
import { assertListingFields, CaptionSchema, IdSchema } from '@rentals/core/listings/fields';
import {
  MAX_IMAGES,
  noFacilities,
  type ContactInfo,
  type ListingFields,
  type PropertyDetails,
} from '@rentals/core/listings/listing';
import { TENANCY_KEYS, TenancySchema, type Tenancy } from '@rentals/core/listings/tenancy';

/**
 * The listing body as the edge reads it: form text (or JSON values) turned
 * into typed values, merged over the current listing on an edit, then
 * checked against the listing's schema (domain/fields.ts) — the same check
 * `decide` keeps as an invariant. What is transport-only lives here: numbers
 * and flags typed as text, blank inputs, other spellings of a city.
 */

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
const given = (tree: Tree, key: string) => Object.hasOwn(tree, key) && tree[key] !== undefined;

/** Text is trimmed; a JSON number where text belongs (a pin code) is taken as its digits. */
const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v;

/**
 * A number typed as text must be written plainly (digits, sign, fraction):
 * '1e3', '0x10' and 'Infinity' stay text and fail the schema as "not a
 * number". Blank means `blank`. JSON numbers go to the schema as they are.
 */
const number = (v: unknown, blank: number | undefined) => {
  if (v === null) return blank;
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return blank;
  return PLAIN_DECIMAL.test(s) ? Number(s) : v;
};

/** Checkbox values as forms send them; blank means the default. */
const flag = (v: unknown, fallback: boolean) => {
  if (v === undefined || v === null || v === '') return fallback;
  if (v === true || v === 'true' || v === 'on' || v === '1') return true;
  if (v === false || v === 'false' || v === 'off' || v === '0') return false;
  return v;
};

/**
 * The tenancy terms of a body: given, they replace the current ones as a
 * whole (the form sends its whole section); blank values are 'not specified'
 * and are left out; numbers and flags may come as text. Left out of the body,
 * the current terms stay (undefined: none yet).
 */
const tenancy = (body: Tree, current: Tenancy | undefined): unknown => {
  if (!given(body, 'tenancy')) return current;
  const raw = body.tenancy;
  if (raw === null || raw === '') return {};
  if (!isTree(raw)) return raw;
  const out: Tree = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null || value === '') continue;
    if (!(TENANCY_KEYS as string[]).includes(key)) {
      out[key] = value; // left for the schema to refuse by name
      continue;
    }
    const schema = TenancySchema.properties[key as keyof Tenancy];
    out[key] =
      schema.type === 'boolean'
        ? flag(value, false)
        : schema.type === 'integer' || schema.type === 'number'
          ? number(value, undefined)
          : text(value);
  }
  return out;
};

/** Any spelling the city list knows becomes the list's name; anything else is left for the schema to refuse. */
const city = (v: unknown) => {
  const typed = text(v);
  return typeof typed === 'string' && typed !== '' ? (canonicalCity(typed) ?? typed) : typed;
};

const NO_DETAILS: PropertyDetails = {
  bedrooms: 0,
  bathrooms: 0,
  area: 0,
  floor: 0,
  totalFloors: 0,
};
const DEFAULT_CONTACT: ContactInfo = { showPhone: true, showEmail: false };

/**
 * Turns a create/update body (multipart flattened to a tree, or JSON) into
 * the listing's fields, or throws one ValidationError listing every problem
 * with the spec's message and a path the form maps to a field.
 *
 * With `base` (an edit), every field left out keeps its current value,
 * nested objects key by key; coordinates are cleared by sending them blank
 * or `null`. Blank numbers in propertyDetails are 0, as the form sends them.
 */
export const readListingFields = (body: Tree, base?: ListingFields): ListingFields => {
  const pick = (tree: Tree, key: string, current: unknown) =>
    given(tree, key) ? tree[key] : current;

  /** A group of values (facilities, …): given keys over current ones; not an object, left for the schema to name. */
  const group = <T extends Record<string, unknown>>(
    key: 'facilities' | 'propertyDetails' | 'contactInfo',
    defaults: T,
    read: (v: unknown, blank: T[keyof T]) => unknown,
  ): unknown => {
    const current = (base?.[key] ?? defaults) as T;
    if (!given(body, key)) return { ...current };
    const raw = body[key];
    if (!isTree(raw)) return raw;
    return Object.fromEntries(
      Object.keys(defaults).map((k) => [
        k,
        given(raw, k) ? read(raw[k], defaults[k as keyof T]) : current[k as keyof T],
      ]),
    );
  };

  const location: Tree = isTree(body.location) ? body.location : {};
  const place = base?.location;
  const coordinates = (): unknown => {
    if (!given(location, 'coordinates')) return place?.coordinates ?? null;
    const raw = location.coordinates;
    if (raw === null || raw === '') return null;
    if (!isTree(raw)) return raw;
    const latitude = number(raw.latitude, undefined);
    const longitude = number(raw.longitude, undefined);
    // Both blank: the owner set no map position.
    if (latitude === undefined && longitude === undefined) return null;
    return { latitude, longitude };
  };

  const fields = {
    title: text(pick(body, 'title', base?.title)),
    description: text(pick(body, 'description', base?.description)),
    propertyType: text(pick(body, 'propertyType', base?.propertyType)),
    rent: number(pick(body, 'rent', base?.rent), undefined),
    rentType: text(pick(body, 'rentType', base?.rentType)),
    location: {
      city: city(pick(location, 'city', place?.city)),
      area: text(pick(location, 'area', place?.area)),
      address: text(pick(location, 'address', place?.address)),
      pinCode: text(pick(location, 'pinCode', place?.pinCode)),
      coordinates: coordinates(),
    },
    facilities: group('facilities', noFacilities(), (v, blank) => flag(v, blank)),
    propertyDetails: group('propertyDetails', NO_DETAILS, (v, blank) => number(v, blank)),
    contactInfo: group('contactInfo', DEFAULT_CONTACT, (v, blank) => flag(v, blank)),
    showOnMap: flag(pick(body, 'showOnMap', base?.showOnMap), true),
    tenancy: tenancy(body, base?.tenancy),
  };
  if (fields.tenancy === undefined) delete fields.tenancy;
  assertListingFields(fields);
  return fields;
};

/** Photos to keep on an edit, in display order: ids, or {id, caption}. */
export const KeepImagesSchema = Type.Array(
  Type.Union(
    [
      IdSchema,
      Type.Object({
        id: IdSchema,
        caption: Type.Optional(CaptionSchema),
      }),
    ],
    messages({ type: 'Each kept image is an id or {id, caption}' }),
  ),
  {
    maxItems: 100,
    description:
      'The existing photos to keep, in display order: ids, or {id, caption}. Photos left out are removed. ' +
      'Omitted: every existing photo is kept as it is.',
    ...messages({
      type: 'keepImages must be a list of image ids',
      maxItems: 'keepImages lists too many images',
    }),
  },
);

/** Captions for the new photos, by position. */
export const ImageCaptionsSchema = Type.Array(CaptionSchema, {
  maxItems: MAX_IMAGES,
  description: 'Captions for the new photos, by position',
  ...messages({
    type: `imageCaptions must be a list of texts of at most ${CaptionSchema.maxLength} characters`,
    maxItems: `imageCaptions can have at most ${MAX_IMAGES} captions`,
  }),
});

const trimCaption = (item: unknown) =>
  isTree(item) && typeof item.caption === 'string'
    ? { ...item, caption: item.caption.trim() }
    : item;

/** `keepImages` of an edit; undefined keeps every current photo as it is. */
export const readKeepImages = (
  raw: unknown,
): { keepImages: KeptImage[] | undefined; errors: FieldError[] } => {
  if (raw === undefined) return { keepImages: undefined, errors: [] };
  const value = Array.isArray(raw) ? raw.map(trimCaption) : raw;
  const errors = schemaErrors(KeepImagesSchema, value, 'keepImages');
  if (errors.length > 0) return { keepImages: undefined, errors };
  const kept = (value as (string | KeptImage)[]).map((item) =>
    typeof item === 'string' ? { id: item } : item,
  );
  return { keepImages: kept, errors: [] };
};

/** `imageCaptions` of a create or edit: one caption per new photo, by position. */
export const readImageCaptions = (raw: unknown): { captions: string[]; errors: FieldError[] } => {
  if (raw === undefined) return { captions: [], errors: [] };
  const value: unknown = Array.isArray(raw)
    ? raw.map((c: unknown) => (typeof c === 'string' ? c.trim() : c))
    : raw;
  const errors = schemaErrors(ImageCaptionsSchema, value, 'imageCaptions');
  return errors.length > 0 ? { captions: [], errors } : { captions: value as string[], errors: [] };
};
