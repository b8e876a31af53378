/**
 * Saved searches as the site sees them, and the one translation between the
 * URL's filters (lib/filters.ts) and the API's (core's search filters).
 */
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { FILTERED_TERMS } from '@rentals/core/listings/termCatalogue';
import { polygonParam } from './drawnArea.ts';
import { text } from './i18n.ts';
import { cleanFilters, filtersToSearch, type FilterKey, type Filters } from './filters.ts';

export const ALERT_OPTIONS: { value: AlertChoice; label: MessageId }[] = [
  { value: 'instant', label: 'common.alert.instant' },
  { value: 'daily', label: 'common.alert.daily' },
  { value: 'off', label: 'common.alert.off' },
];

/** A saved search and an alert as the API answers them (core/src/contract/savedSearch.ts). */
export type SavedSearch = ApiResponse<'GET /saved-searches'>['savedSearches'][number];
export type AlertChoice = SavedSearch['alert'];
export type SearchAlert = ApiResponse<'GET /saved-searches/alerts'>['alerts'][number];
/** The API's filters: numbers as numbers, yes/no as booleans, the type and facing as lists. */
export type ApiFilters = SavedSearch['filters'];
/** The map area kept with a search (GeoJSON order), or an area drawn through the API. */
export type SearchArea = NonNullable<SavedSearch['area']>;

/** The terms' filters by how the API types them (termCatalogue.ts). */
const termParams = (...matches: string[]) =>
  FILTERED_TERMS.filter(({ filter }) => matches.includes(filter.match)).map(
    ({ filter }) => filter.param,
  ) as FilterKey[];
const NUMBERS: FilterKey[] = [
  'minRent',
  'maxRent',
  'bedrooms',
  'bathrooms',
  ...termParams('atMost'),
];
const TEXTS: FilterKey[] = [
  'q',
  'city',
  'area',
  ...termParams('equal', 'welcomes', 'atLeast', 'onOrBefore'),
];
/** 'Owners only' (ownersOnly) is a yes/no filter too, though no tenancy term. */
const YES_NO: FilterKey[] = ['ownersOnly', ...termParams('yesNo')];
const LISTS = termParams('anyOf');
type Loose = Record<string, string | number | boolean | string[] | undefined>;

/** The URL's filters → the API's. */
export const apiFiltersOf = (filters: Filters): ApiFilters => {
  const f = cleanFilters(filters);
  const out: Loose = {};
  for (const key of TEXTS) if (f[key]) out[key] = f[key];
  if (f.propertyType) out.propertyType = [f.propertyType];
  for (const key of NUMBERS) if (f[key] !== undefined) out[key] = Number(f[key]);
  for (const key of YES_NO)
    if (f[key] === 'true' || f[key] === 'false') out[key] = f[key] === 'true';
  for (const key of LISTS) if (f[key]) out[key] = f[key].split(',').filter(Boolean);
  return out;
};

/** The API's filters → the URL's (a saved search reopened on the search page). */
export const filtersOf = (filters: ApiFilters): Filters => {
  const given = filters as Loose;
  const out: Filters = {};
  for (const key of TEXTS) if (given[key]) out[key] = String(given[key]);
  if (filters.propertyType?.length === 1) out.propertyType = filters.propertyType[0];
  for (const key of [...NUMBERS, ...YES_NO])
    if (given[key] !== undefined) out[key] = String(given[key]);
  for (const key of LISTS) {
    const list = given[key];
    if (Array.isArray(list) && list.length > 0) out[key] = list.join(',');
  }
  return cleanFilters(out);
};

/** The map's bounds → the area a saved search keeps. */
export const bboxArea = ([west, south, east, north]: [number, number, number, number]) =>
  ({ kind: 'bbox', west, south, east, north }) as const;

/** The search page with the search's filters; with an area, the map view on that area. */
export const searchPageOf = (search: SavedSearch) => {
  const query = filtersToSearch(filtersOf(search.filters));
  const area = search.area;
  if (!area) return `/properties${query}`;
  const params = new URLSearchParams(query);
  params.set('view', 'map');
  if (area.kind === 'bbox')
    params.set('bbox', [area.west, area.south, area.east, area.north].join(','));
  else params.set('polygon', polygonParam(area.points));
  return `/properties?${params.toString()}`;
};

/** How the page says where a search looks, besides its filters. */
export const areaLabel = (area: SearchArea | null) =>
  area?.kind === 'bbox'
    ? text('savedSearches.area.map')
    : area?.kind === 'polygon'
      ? text('savedSearches.area.drawn')
      : '';
