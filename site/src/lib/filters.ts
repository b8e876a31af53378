/**
 * Search filters live in the URL so a search can be shared and the back
 * button works. These helpers are the only translation between the two.
 */
import { formatRent, typeLabel } from './format.ts';
import {
  FILTERED_TERMS,
  SEARCH_FILTER_KEYS,
  filterOptions,
  TERM_FILTER_HINT,
  type FilterParam,
  type Option,
} from '@rentals/core/listings/termCatalogue';

/** SPEC §4's filters, then the tenancy terms' (core/src/listings/termCatalogue.ts). */
export const FILTER_KEYS = SEARCH_FILTER_KEYS;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export const PROPERTY_TYPE_OPTIONS = [
  { value: '', label: 'All Types' },
  { value: 'PG', label: 'PG' },
  { value: 'house', label: 'House' },
  { value: 'flat', label: 'Flat' },
] as const;

/** '4' stands for '4+'. */
export const ROOM_OPTIONS = [
  { value: '', label: 'Any' },
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4+' },
] as const;

/**
 * The filters on the tenancy terms that offer a choice, for the 'Tenancy
 * Terms' part of the form: query name, label, options (the move-in day is a
 * date field of its own).
 */
export const TERM_FILTERS: readonly (readonly [FilterParam, string, readonly Option[]])[] =
  FILTERED_TERMS.filter(({ filter }) => filter.match !== 'onOrBefore').map(
    ({ key, filter }) => [filter.param as FilterParam, filter.label, filterOptions(key)] as const,
  );

/** Shown with the term filters: a listing whose owner did not say is neither a yes nor a no. */
export { TERM_FILTER_HINT };

const numeric = new Set<FilterKey>(['minRent', 'maxRent', 'bedrooms', 'bathrooms']);

/**
 * Keeps only the known, non-blank fields (numbers must be whole and not
 * negative: the search form turns a rent typed as '1.5 lakh' into digits
 * before it sends it, so the URL and the API only ever see digits).
 */
export const cleanFilters = (input: Filters): Filters => {
  const out: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = input[key]?.trim();
    if (!value) continue;
    if (numeric.has(key) && !/^\d+$/.test(value)) continue;
    out[key] = value;
  }
  return out;
};

export const filtersFromSearch = (search: string): Filters => {
  const params = new URLSearchParams(search);
  const raw: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return cleanFilters(raw);
};

/** Only non-empty fields are sent; the order is fixed so equal searches share a URL. */
export const filtersToSearch = (filters: Filters): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanFilters(filters))) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const hasFilters = (filters: Filters): boolean =>
  Object.keys(cleanFilters(filters)).length > 0;

export const pageFromSearch = (search: string): number => {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** A search in a few words, for the dashboard's Recent Searches: 'Flat · Kothrud, Pune · ₹10,000–₹30,000 · 2+ beds'. */
export const describeFilters = (filters: Filters): string => {
  const f = cleanFilters(filters);
  const place = [f.area, f.city].filter(Boolean).join(', ');
  const rupees = (v: string) => formatRent(Number(v));
  const rent =
    f.minRent && f.maxRent
      ? `${rupees(f.minRent)}–${rupees(f.maxRent)}`
      : f.minRent
        ? `from ${rupees(f.minRent)}`
        : f.maxRent
          ? `up to ${rupees(f.maxRent)}`
          : '';
  const parts = [
    f.propertyType ? typeLabel(f.propertyType) : '',
    place,
    rent,
    f.bedrooms ? `${f.bedrooms}+ beds` : '',
    f.bathrooms ? `${f.bathrooms}+ baths` : '',
    f.ownersOnly === 'true' ? 'owners only' : '',
    ...TERM_FILTERS.map(([key, , options]) =>
      f[key] ? (options.find(([v]) => v === f[key])?.[1] ?? f[key]) : '',
    ),
    f.availableBy ? `move in by ${f.availableBy}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'All properties';
};
