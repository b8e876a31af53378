import { Type, type Static } from '@sinclair/typebox';
import { ValidationError, type FieldError } from '@rentals/core/errors';
import { TENANCY_FILTER_KEYS } from '@rentals/core/listings/tenancyFilters';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';
import { searchFilterFields } from '@rentals/core/search/filters';
import type { MapCriteria } from '@rentals/projections/queries/mapInPostgres';
import {
  parseSearchParams,
  SearchQuery,
  searchMessages,
  type SearchParams,
} from './searchParams.ts';

/** MapLibre's zoom range; fractions are allowed (the cluster grid uses the whole part). */
export const MAX_MAP_ZOOM = 22;

export const mapMessages = {
  bboxRequired: `bbox is required: the map viewport as west,south,east,north in degrees`,
  bbox: searchMessages.bbox,
  zoom: `zoom must be a number from 0 to ${MAX_MAP_ZOOM}`,
} as const;

/** The list's filters the map applies too, and its drawn area (paging and sort mean nothing on a map). */
const FILTERS = [
  ...(Object.keys(searchFilterFields) as (keyof typeof searchFilterFields)[]),
  ...TENANCY_FILTER_KEYS,
  'polygon' as const,
];

/** The viewport: required on the map, so a map search is always bounded. */
const MapViewport = Type.Object({
  bbox: Type.String({
    // The list's pattern; not the list's schema itself, which is optional.
    pattern: SearchQuery.properties.bbox.pattern,
    description: 'Map viewport: west,south,east,north in degrees (longitudes within ±180)',
    ...messages({ required: mapMessages.bboxRequired, type: mapMessages.bbox }),
  }),
  zoom: Type.Number({
    minimum: 0,
    maximum: MAX_MAP_ZOOM,
    description:
      'The map zoom (MapLibre, 0–22): clusters are ~64 px across at this zoom, and never more than 48 across the viewport',
    ...messages({ type: mapMessages.zoom }),
  }),
});

/** GET /api/properties/map's query as one schema: the OpenAPI parameters and the checks. */
export const MapQuery = Type.Composite([Type.Pick(SearchQuery, FILTERS), MapViewport]);
export type MapQuery = Static<typeof MapQuery>;

export type MapParams = Omit<SearchParams, 'sort' | 'page' | 'limit' | 'bbox'> &
  Pick<MapCriteria, 'bbox'> & { zoom: number };

const ZOOM = /^\d{1,2}(\.\d{1,12})?$/;

/**
 * Reads the map's query: the list's filters with the list's parser (same
 * messages), and the viewport, which the map requires. Every bad parameter
 * is named in one 400.
 */
export const parseMapParams = (query: URLSearchParams): MapParams => {
  const filters = new URLSearchParams();
  for (const name of FILTERS) for (const value of query.getAll(name)) filters.append(name, value);
  const rawBbox = query.get('bbox')?.replace(/\s+/g, '') || undefined;
  const rawZoom = query.get('zoom')?.trim() || undefined;
  if (rawBbox !== undefined) filters.set('bbox', rawBbox);

  let parsed: SearchParams | undefined;
  const errors: FieldError[] = [];
  try {
    parsed = parseSearchParams(filters);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.errors);
  }
  const viewport = {
    ...(rawBbox === undefined ? {} : { bbox: rawBbox }),
    ...(rawZoom === undefined ? {} : { zoom: ZOOM.test(rawZoom) ? Number(rawZoom) : rawZoom }),
  };
  for (const e of schemaErrors(MapViewport, viewport))
    if (!errors.some((o) => o.path === e.path)) errors.push(e);
  if (errors.length > 0 || !parsed?.bbox) throw new ValidationError(errors);
  const { sort: _sort, page: _page, limit: _limit, bbox, ...rest } = parsed;
  return { ...rest, bbox, zoom: viewport.zoom as number };
};
