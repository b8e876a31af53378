/**
 * Saved searches as the site sees them, and the one translation between the
 * URL's filters (lib/filters.ts) and the API's (core's search filters).
 */
import { cleanFilters, filtersToSearch, type Filters } from './filters.ts';

export type AlertChoice = 'instant' | 'daily' | 'off';

export const ALERT_OPTIONS: { value: AlertChoice; label: string }[] = [
  { value: 'instant', label: 'Instant alerts' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'off', label: 'No alerts' },
];

/** The API's filters: numbers as numbers, the type as a list. */
export type ApiFilters = {
  city?: string;
  area?: string;
  propertyType?: string[];
  minRent?: number;
  maxRent?: number;
  bedrooms?: number;
  bathrooms?: number;
};

export type SavedSearch = {
  id: string;
  name: string;
  filters: ApiFilters;
  area: unknown;
  alert: AlertChoice;
  paused: boolean;
  newMatches: number;
};

export type SearchAlert = {
  id: number;
  searchId: string;
  searchName: string;
  listingId: string;
  title: string;
  city: string;
  area: string;
  rent: number;
  at: string;
  isNew: boolean;
};

const NUMBERS = ['minRent', 'maxRent', 'bedrooms', 'bathrooms'] as const;

/** The URL's filters → the API's. */
export const apiFiltersOf = (filters: Filters): ApiFilters => {
  const f = cleanFilters(filters);
  const out: ApiFilters = {};
  if (f.city) out.city = f.city;
  if (f.area) out.area = f.area;
  if (f.propertyType) out.propertyType = [f.propertyType];
  for (const key of NUMBERS) if (f[key] !== undefined) out[key] = Number(f[key]);
  return out;
};

/** The API's filters → the URL's (a saved search reopened on the search page). */
export const filtersOf = (filters: ApiFilters): Filters => {
  const out: Filters = {};
  if (filters.city) out.city = filters.city;
  if (filters.area) out.area = filters.area;
  if (filters.propertyType?.length === 1) out.propertyType = filters.propertyType[0];
  for (const key of NUMBERS) if (filters[key] !== undefined) out[key] = String(filters[key]);
  return cleanFilters(out);
};

export const searchPageOf = (search: SavedSearch) =>
  `/properties${filtersToSearch(filtersOf(search.filters))}`;
