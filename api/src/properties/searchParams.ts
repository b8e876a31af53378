import { PROPERTY_TYPES, type PropertyType } from '../listings/domain/listing.ts';
import { ValidationError, type FieldError } from '../shared/errors.ts';
import {
  SORT_ORDERS,
  type BoundingBox,
  type SortOrder,
} from '@rentals/projections/search/criteria';
import { MAX_TOTAL_HITS } from '@rentals/projections/search/indexSettings';

export const DEFAULT_LIMIT = 12;
export const MAX_LIMIT = 50;

export const messages = {
  page: 'page must be a whole number of 1 or more',
  limit: `limit must be a whole number from 1 to ${MAX_LIMIT}`,
  tooDeep: `page × limit cannot go past result ${MAX_TOTAL_HITS}; narrow the search instead`,
  rent: (name: string) => `${name} must be a number of 0 or more`,
  rentOrder: 'minRent cannot be greater than maxRent',
  rooms: (name: string) => `${name} must be a whole number of 0 or more ('4' means 4 or more)`,
  propertyType: 'Property type must be PG, house, or flat',
  sort: `sort must be one of ${SORT_ORDERS.join(', ')}`,
  bbox: 'bbox must be four numbers west,south,east,north in degrees, with south ≤ north and west ≤ east',
  tooLong: (name: string, max: number) => `${name} cannot be longer than ${max} characters`,
} as const;

/** The search a caller asked for, validated; city/area still as typed (the locality matcher resolves them). */
export type SearchParams = {
  city?: string;
  area?: string;
  propertyTypes?: PropertyType[];
  minRent?: number;
  maxRent?: number;
  bedrooms?: number;
  bathrooms?: number;
  q?: string;
  bbox?: BoundingBox;
  sort: SortOrder;
  page: number;
  limit: number;
};

const WHOLE = /^\d{1,9}$/;
const DECIMAL = /^\d{1,12}(\.\d{1,4})?$/;
const SIGNED = /^-?\d{1,3}(\.\d{1,12})?$/;

/**
 * Reads the list endpoints' query string (repeated `propertyType` keys for
 * several types), rejecting anything malformed with a 400 that names each
 * bad parameter. Empty values count as absent (the search form sends only
 * what is filled, but links may carry empty ones). Unknown parameters are
 * ignored.
 */
export const parseSearchParams = (query: URLSearchParams): SearchParams => {
  const errors: FieldError[] = [];
  const fail = (path: string, msg: string) => {
    errors.push({ path, msg });
    return undefined;
  };
  const text = (name: string, max: number) => {
    const value = query.get(name)?.trim();
    if (!value) return undefined;
    return value.length > max ? fail(name, messages.tooLong(name, max)) : value;
  };
  const whole = (name: string, msg: string, fallback?: number) => {
    const raw = query.get(name)?.trim();
    if (!raw) return fallback;
    return WHOLE.test(raw) ? Number(raw) : fail(name, msg);
  };
  const rent = (name: string) => {
    const raw = query.get(name)?.trim();
    if (!raw) return undefined;
    return DECIMAL.test(raw) ? Number(raw) : fail(name, messages.rent(name));
  };

  const page = whole('page', messages.page, 1);
  if (page === 0) fail('page', messages.page);
  const limit = whole('limit', messages.limit, DEFAULT_LIMIT);
  if (limit !== undefined && (limit < 1 || limit > MAX_LIMIT)) fail('limit', messages.limit);
  const minRent = rent('minRent');
  const maxRent = rent('maxRent');
  if (minRent !== undefined && maxRent !== undefined && minRent > maxRent)
    fail('minRent', messages.rentOrder);

  const types = query
    .getAll('propertyType')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.toLowerCase() !== 'all');
  const propertyTypes: PropertyType[] = [];
  for (const type of types) {
    const known = PROPERTY_TYPES.find((p) => p.toLowerCase() === type.toLowerCase());
    if (known) {
      if (!propertyTypes.includes(known)) propertyTypes.push(known);
    } else fail('propertyType', messages.propertyType);
  }

  const sortRaw = query.get('sort')?.trim() || 'newest';
  const sort = (SORT_ORDERS as readonly string[]).includes(sortRaw)
    ? (sortRaw as SortOrder)
    : fail('sort', messages.sort);

  let bbox: BoundingBox | undefined;
  const bboxRaw = query.get('bbox')?.trim();
  if (bboxRaw) {
    const parts = bboxRaw.split(',').map((p) => p.trim());
    const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
    const ok =
      parts.length === 4 &&
      parts.every((p) => SIGNED.test(p)) &&
      south >= -90 &&
      north <= 90 &&
      west >= -180 &&
      east <= 180 &&
      south <= north &&
      west <= east;
    if (ok) bbox = { west, south, east, north };
    else fail('bbox', messages.bbox);
  }

  const params = {
    city: text('city', 100),
    area: text('area', 100),
    propertyTypes: propertyTypes.length > 0 ? propertyTypes : undefined,
    minRent,
    maxRent,
    bedrooms: whole('bedrooms', messages.rooms('bedrooms')),
    bathrooms: whole('bathrooms', messages.rooms('bathrooms')),
    q: text('q', 200),
    bbox,
  };
  if (errors.length === 0 && page! * limit! > MAX_TOTAL_HITS) fail('page', messages.tooDeep);
  if (errors.length > 0) throw new ValidationError(errors);
  return { ...params, sort: sort!, page: page!, limit: limit! };
};
