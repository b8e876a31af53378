import type { FieldError } from '../shared/errors.ts';
import { ValidationError } from '../shared/errors.ts';
import {
  FACILITIES,
  PROPERTY_TYPES,
  RENT_TYPES,
  noFacilities,
  type Coordinates,
  type ListingFields,
  type PropertyDetails,
  type PropertyType,
  type RentType,
} from './domain/listing.ts';

/** The spec's §5 messages, exact. */
export const fieldMessages = {
  titleRequired: 'Title is required',
  titleShort: 'Title must be at least 5 characters long',
  titleLong: 'Title cannot exceed 100 characters',
  descriptionRequired: 'Description is required',
  descriptionShort: 'Description must be at least 20 characters long',
  descriptionLong: 'Description cannot exceed 1000 characters',
  propertyType: 'Property type must be PG, house, or flat',
  rentPositive: 'Rent must be greater than 0',
  rentNumber: 'Rent must be a valid number',
  rentType: 'Rent type must be monthly or yearly',
  city: 'City is required',
  area: 'Area is required',
  address: 'Address is required',
  pinRequired: 'Pin code is required',
  pinFormat: 'Please enter a valid 6-digit pin code',
  latitude: 'Latitude must be a valid number between -90 and 90',
  longitude: 'Longitude must be a valid number between -180 and 180',
  bedrooms: 'Bedrooms cannot be negative',
  bathrooms: 'Bathrooms cannot be negative',
  area_: 'Area cannot be negative',
  floor: 'Floor cannot be negative',
  totalFloors: 'Total floors cannot be negative',
  floorAboveTotal: 'Floor number cannot be greater than total floors',
} as const;

/** Limits the spec leaves open; generous for real addresses, tight enough to refuse junk. */
const TEXT_LIMITS = { city: 100, area: 100, address: 300, caption: 200 } as const;

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** Numbers arrive as JSON numbers or as form text; blank text is "not given". */
const numeric = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
  return v === undefined || v === null ? undefined : NaN;
};

const bool = (v: unknown, fallback: boolean): boolean | undefined => {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'on' || v === '1') return true;
  if (v === 'false' || v === 'off' || v === '0') return false;
  return undefined;
};

const has = (tree: Tree, key: string) => Object.hasOwn(tree, key) && tree[key] !== undefined;

/**
 * Turns a create/update body (multipart flattened to a tree, or JSON) into
 * the listing's fields, or throws one ValidationError listing every problem
 * with the spec's message and a path the form maps to a field.
 *
 * With `base` (an edit), every field left out keeps its current value,
 * nested objects key by key; coordinates are cleared by sending them blank
 * or `null`.
 */
export const validateListingFields = (body: Tree, base?: ListingFields): ListingFields => {
  const errors: FieldError[] = [];
  const fail = (path: string, msg: string) => errors.push({ path, msg });
  const pick = (tree: Tree, key: string, current: unknown) =>
    has(tree, key) ? tree[key] : current;

  const boundedText = (
    path: string,
    raw: unknown,
    min: number,
    max: number,
    msgs: { required: string; short?: string; long: string },
  ) => {
    const value = text(raw) ?? '';
    if (value === '') fail(path, msgs.required);
    else if (msgs.short && value.length < min) fail(path, msgs.short);
    else if (value.length > max) fail(path, msgs.long);
    return value;
  };

  const title = boundedText('title', pick(body, 'title', base?.title), 5, 100, {
    required: fieldMessages.titleRequired,
    short: fieldMessages.titleShort,
    long: fieldMessages.titleLong,
  });
  const description = boundedText(
    'description',
    pick(body, 'description', base?.description),
    20,
    1000,
    {
      required: fieldMessages.descriptionRequired,
      short: fieldMessages.descriptionShort,
      long: fieldMessages.descriptionLong,
    },
  );

  const propertyType = text(pick(body, 'propertyType', base?.propertyType)) as PropertyType;
  if (!PROPERTY_TYPES.includes(propertyType)) fail('propertyType', fieldMessages.propertyType);

  const rent = numeric(pick(body, 'rent', base?.rent));
  if (rent === undefined || !Number.isFinite(rent)) fail('rent', fieldMessages.rentNumber);
  else if (rent <= 0) fail('rent', fieldMessages.rentPositive);

  const rentType = text(pick(body, 'rentType', base?.rentType)) as RentType;
  if (!RENT_TYPES.includes(rentType)) fail('rentType', fieldMessages.rentType);

  // Location
  const loc: Tree = isTree(body.location) ? body.location : {};
  const baseLoc = base?.location;
  const place = (key: 'city' | 'area' | 'address', msg: string) =>
    boundedText(`location.${key}`, pick(loc, key, baseLoc?.[key]), 0, TEXT_LIMITS[key], {
      required: msg,
      long: `${key[0]!.toUpperCase()}${key.slice(1)} cannot exceed ${TEXT_LIMITS[key]} characters`,
    });
  const city = place('city', fieldMessages.city);
  const area = place('area', fieldMessages.area);
  const address = place('address', fieldMessages.address);
  const pinCode = text(pick(loc, 'pinCode', baseLoc?.pinCode)) ?? '';
  if (pinCode === '') fail('location.pinCode', fieldMessages.pinRequired);
  else if (!/^\d{6}$/.test(pinCode)) fail('location.pinCode', fieldMessages.pinFormat);
  const coordinates = validateCoordinates(loc, baseLoc?.coordinates ?? null, fail);

  const propertyDetails = validateDetails(body.propertyDetails, base?.propertyDetails, fail);

  // Facilities: the twelve flags, default false; unknown keys are ignored.
  const rawFacilities: Tree = isTree(body.facilities) ? body.facilities : {};
  const facilities = base ? { ...base.facilities } : noFacilities();
  if (has(body, 'facilities') && !isTree(body.facilities))
    fail('facilities', 'Facilities must be an object of true/false flags');
  for (const f of FACILITIES) {
    if (!has(rawFacilities, f)) continue;
    const v = bool(rawFacilities[f], false);
    if (v === undefined) fail(`facilities.${f}`, `${f} must be true or false`);
    else facilities[f] = v;
  }

  const rawContact: Tree = isTree(body.contactInfo) ? body.contactInfo : {};
  if (has(body, 'contactInfo') && !isTree(body.contactInfo))
    fail('contactInfo', 'Contact preferences must be an object with showPhone and showEmail');
  const showPhone = bool(pick(rawContact, 'showPhone', base?.contactInfo.showPhone), true);
  const showEmail = bool(pick(rawContact, 'showEmail', base?.contactInfo.showEmail), false);
  if (showPhone === undefined) fail('contactInfo.showPhone', 'showPhone must be true or false');
  if (showEmail === undefined) fail('contactInfo.showEmail', 'showEmail must be true or false');

  const showOnMap = bool(pick(body, 'showOnMap', base?.showOnMap), true);
  if (showOnMap === undefined) fail('showOnMap', 'showOnMap must be true or false');

  if (errors.length > 0) throw new ValidationError(errors);
  return {
    title,
    description,
    propertyType,
    rent: rent as number,
    rentType,
    location: { city, area, pinCode, address, coordinates },
    facilities,
    propertyDetails,
    contactInfo: { showPhone: showPhone ?? true, showEmail: showEmail ?? false },
    showOnMap: showOnMap ?? true,
  };
};

const validateCoordinates = (
  loc: Tree,
  current: Coordinates | null,
  fail: (path: string, msg: string) => void,
): Coordinates | null => {
  if (!has(loc, 'coordinates')) return current;
  const raw = loc.coordinates;
  if (raw === null || raw === '') return null;
  const c: Tree = isTree(raw) ? raw : {};
  const latitude = numeric(c.latitude);
  const longitude = numeric(c.longitude);
  // Both blank: the owner set no map position.
  if (latitude === undefined && longitude === undefined && isTree(raw)) return null;
  let ok = true;
  if (latitude === undefined || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    fail('location.coordinates.latitude', fieldMessages.latitude);
    ok = false;
  }
  if (
    longitude === undefined ||
    !Number.isFinite(longitude) ||
    longitude < -180 ||
    longitude > 180
  ) {
    fail('location.coordinates.longitude', fieldMessages.longitude);
    ok = false;
  }
  return ok ? { latitude: latitude as number, longitude: longitude as number } : null;
};

const DETAIL_RULES = [
  ['bedrooms', 'Bedrooms', fieldMessages.bedrooms],
  ['bathrooms', 'Bathrooms', fieldMessages.bathrooms],
  ['area', 'Area', fieldMessages.area_],
  ['floor', 'Floor', fieldMessages.floor],
  ['totalFloors', 'Total floors', fieldMessages.totalFloors],
] as const;

const validateDetails = (
  raw: unknown,
  current: PropertyDetails | undefined,
  fail: (path: string, msg: string) => void,
): PropertyDetails => {
  if (raw !== undefined && !isTree(raw))
    fail('propertyDetails', 'Property details must be an object');
  const tree: Tree = isTree(raw) ? raw : {};
  const details: PropertyDetails = current
    ? { ...current }
    : { bedrooms: 0, bathrooms: 0, area: 0, floor: 0, totalFloors: 0 };
  for (const [key, label, negative] of DETAIL_RULES) {
    if (!has(tree, key)) continue;
    // The form parses a blank number input to 0; so do we.
    const value = numeric(tree[key]) ?? 0;
    if (!Number.isFinite(value)) fail(`propertyDetails.${key}`, `${label} must be a valid number`);
    else if (value < 0) fail(`propertyDetails.${key}`, negative);
    else details[key] = value;
  }
  if (details.totalFloors > 0 && details.floor > details.totalFloors)
    fail('propertyDetails.floor', fieldMessages.floorAboveTotal);
  return details;
};

/** Caption length the spec leaves open. */
export const MAX_CAPTION_LENGTH = TEXT_LIMITS.caption;
