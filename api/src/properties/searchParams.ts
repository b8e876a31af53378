import { Type, type Static } from '@sinclair/typebox';
import { literals } from '@rentals/core/listings/fields';
import { PROPERTY_TYPES, type PropertyType } from '@rentals/core/listings/listing';
import { ValidationError } from '@rentals/core/errors';
import { MAX_POLYGON_VERTICES, parsePolygonParam, type LngLat } from '@rentals/core/geo/polygon';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';
import { searchFilterFields, searchFilterMessages } from '@rentals/core/search/filters';
import {
  SORT_ORDERS,
  type BoundingBox,
  type SortOrder,
} from '@rentals/projections/queries/criteria';
import { MAX_TOTAL_HITS } from '@rentals/projections/queries/criteria';
import {
  readTenancyFilters,
  tenancyFiltersOf,
  TENANCY_FILTER_KEYS,
  TenancyFilterQuery,
  type TenancyFilterKey,
  type TenancyFilters,
} from '@rentals/core/listings/tenancyFilters';

export const DEFAULT_LIMIT = 12;
export const MAX_LIMIT = 50;

export const searchMessages = {
  ...searchFilterMessages,
  page: 'page must be a whole number of 1 or more',
  limit: `limit must be a whole number from 1 to ${MAX_LIMIT}`,
  tooDeep: `page × limit cannot go past result ${MAX_TOTAL_HITS}; narrow the search instead`,
  sort: `sort must be one of ${SORT_ORDERS.join(', ')}`,
  bbox: 'bbox must be four numbers west,south,east,north in degrees, with south ≤ north and west ≤ east',
  polygon: `polygon must be 3 to ${MAX_POLYGON_VERTICES} points longitude,latitude in degrees, separated by ';'`,
} as const;
const m = searchMessages;

const DEGREES = '-?\\d{1,3}(\\.\\d{1,12})?';
/** Four numbers in degrees, west,south,east,north. */
const BBOX_PATTERN = `^${DEGREES}(,${DEGREES}){3}$`;
const POINT = `${DEGREES},${DEGREES}`;
/** 3 to MAX_POLYGON_VERTICES points longitude,latitude, separated by ';'. */
const POLYGON_PATTERN = `^${POINT}(;${POINT}){2,${MAX_POLYGON_VERTICES - 1}}$`;
/** The longest text the pattern can match (17 characters a number, a comma and a ';' a point). */
const POLYGON_MAX_LENGTH = MAX_POLYGON_VERTICES * (2 * 17 + 2);

/**
 * The list endpoints' query as one schema: it checks the parameters, gives
 * the OpenAPI parameters (openapi.ts) and the handler's type. Values arrive
 * as text; readQuery below types the ones written plainly and leaves the rest
 * for the schema to refuse with its message.
 */
export const SearchQuery = Type.Object({
  ...searchFilterFields,
  // The tenancy terms (signed-in users); a listing that does not give a term is not shown by its filter.
  ...TenancyFilterQuery.properties,
  bbox: Type.Optional(
    Type.String({
      pattern: BBOX_PATTERN,
      description: 'Map viewport: west,south,east,north in degrees',
      ...messages({ type: m.bbox }),
    }),
  ),
  polygon: Type.Optional(
    Type.String({
      maxLength: POLYGON_MAX_LENGTH,
      pattern: POLYGON_PATTERN,
      description:
        `An area drawn on the map: 3 to ${MAX_POLYGON_VERTICES} points longitude,latitude in degrees, ` +
        "separated by ';' (closed implicitly). Answered from the Postgres read model: free text " +
        'within a drawn area matches word prefixes, without typo tolerance',
      ...messages({ type: m.polygon }),
    }),
  ),
  sort: literals(SORT_ORDERS, {
    default: 'newest',
    description: 'newest (default), rent_asc, rent_desc or recently_confirmed',
    ...messages({ type: m.sort }),
  }),
  page: Type.Integer({
    minimum: 1,
    maximum: MAX_TOTAL_HITS,
    default: 1,
    description: 'Page number from 1',
    ...messages({ type: m.page, maximum: m.tooDeep }),
  }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description: `Page size, at most ${MAX_LIMIT}`,
    ...messages({ type: m.limit }),
  }),
});
type SearchQuery = Static<typeof SearchQuery>;

/** The search a caller asked for, validated; city/area still as typed (the locality matcher resolves them). */
export type SearchParams = Omit<
  SearchQuery,
  'propertyType' | 'bbox' | 'polygon' | TenancyFilterKey
> & {
  propertyTypes?: PropertyType[];
  /** Filters on the tenancy terms, when any was given. */
  tenancy?: TenancyFilters;
  bbox?: BoundingBox;
  polygon?: LngLat[];
  sort: SortOrder;
};

const WHOLE = /^\d{1,9}$/;
const DECIMAL = /^\d{1,12}(\.\d{1,4})?$/;

/** Query text → the schema's types: empty is absent; numbers count only when written plainly. */
const readQuery = (query: URLSearchParams): Record<string, unknown> => {
  const value: Record<string, unknown> = {};
  const get = (name: string) => query.get(name)?.trim() || undefined;
  const set = (name: string, typed: unknown) => {
    if (typed !== undefined) value[name] = typed;
  };
  const number = (name: string, shape: RegExp) => {
    const raw = get(name);
    return raw !== undefined && shape.test(raw) ? Number(raw) : raw;
  };
  for (const name of ['city', 'area', 'q', 'sort']) set(name, get(name));
  for (const name of ['bbox', 'polygon']) set(name, get(name)?.replace(/\s+/g, ''));
  for (const name of ['minRent', 'maxRent']) set(name, number(name, DECIMAL));
  for (const name of ['bedrooms', 'bathrooms', 'page', 'limit']) set(name, number(name, WHOLE));
  const owners = get('ownersOnly');
  set('ownersOnly', owners === 'true' ? true : owners === 'false' ? false : owners);
  const types = query
    .getAll('propertyType')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.toLowerCase() !== 'all')
    .map((v) => PROPERTY_TYPES.find((p) => p.toLowerCase() === v.toLowerCase()) ?? v);
  if (types.length > 0) value.propertyType = [...new Set(types)];
  Object.assign(value, readTenancyFilters(query));
  value.sort ??= 'newest';
  value.page ??= 1;
  value.limit ??= DEFAULT_LIMIT;
  return value;
};

const bboxOf = (raw: string): BoundingBox | undefined => {
  const [west, south, east, north] = raw.split(',').map(Number) as [number, number, number, number];
  const ok =
    south >= -90 && north <= 90 && west >= -180 && east <= 180 && south <= north && west <= east;
  return ok ? { west, south, east, north } : undefined;
};

/**
 * Reads the list endpoints' query string (repeated `propertyType` keys for
 * several types), rejecting anything malformed with a 400 that names each
 * bad parameter. Empty values count as absent (the search form sends only
 * what is filled, but links may carry empty ones). Unknown parameters are
 * ignored.
 */
export const parseSearchParams = (query: URLSearchParams): SearchParams => {
  const value = readQuery(query);
  // One message for the parameter, whichever of its repeated values is wrong.
  const errors = schemaErrors(SearchQuery, value)
    .map((e) => ({ ...e, path: e.path.replace(/^(propertyType|facing)\.\d+$/, '$1') }))
    .filter((e, i, all) => all.findIndex((o) => o.path === e.path) === i);
  const wrong = new Set(errors.map((e) => e.path));
  const p = value as SearchQuery;
  if (!wrong.has('page') && !wrong.has('limit') && p.page * p.limit > MAX_TOTAL_HITS)
    errors.push({ path: 'page', msg: m.tooDeep });
  if (
    !wrong.has('minRent') &&
    !wrong.has('maxRent') &&
    p.minRent !== undefined &&
    p.maxRent !== undefined &&
    p.minRent > p.maxRent
  )
    errors.push({ path: 'minRent', msg: m.rentOrder });
  const bbox = p.bbox === undefined || wrong.has('bbox') ? undefined : bboxOf(p.bbox);
  if (p.bbox !== undefined && !wrong.has('bbox') && !bbox)
    errors.push({ path: 'bbox', msg: m.bbox });
  const polygon =
    p.polygon === undefined || wrong.has('polygon') ? undefined : parsePolygonParam(p.polygon);
  if (p.polygon !== undefined && !wrong.has('polygon') && !polygon)
    errors.push({ path: 'polygon', msg: m.polygon });
  if (errors.length > 0) throw new ValidationError(errors);
  const { propertyType, bbox: _bbox, polygon: _polygon, ...rest } = p;
  const tenancy = tenancyFiltersOf(rest);
  for (const key of TENANCY_FILTER_KEYS) delete rest[key];
  return {
    ...rest,
    propertyTypes: propertyType,
    bbox,
    ...(polygon ? { polygon } : {}),
    ...(tenancy ? { tenancy } : {}),
  };
};
