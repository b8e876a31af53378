/**
 * Search filters live in the URL so a search can be shared and the back
 * button works. These helpers are the only translation between the two.
 */
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { filterOptionLabel } from '@rentals/core/i18n/terms';
import {
  FILTERED_TERMS,
  SEARCH_FILTER_KEYS,
  filterOptions,
  type FilterParam,
  type TermKey,
} from '@rentals/core/listings/termCatalogue';
import { formatRent } from './format.ts';
import { fill, text } from './i18n.ts';
import { pageLabels, typeLabel } from './labels.ts';

/** SPEC §4's filters, then the tenancy terms' (core/src/listings/termCatalogue.ts). */
/**
 * The search page's URL keys: the free text first (`q`: what a tenant types as
 * they would say it, 'कोरमंगला 2 BHK 25 हज़ार तक'; the API reads places and a
 * budget out of it), then the filters in the order a search is kept and shown.
 */
export const FILTER_KEYS = ['q', ...SEARCH_FILTER_KEYS] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** The property types a search offers, '' for all (labels: `typeLabel`, 'search.type.all'). */
export const PROPERTY_TYPES = ['', 'PG', 'house', 'flat'] as const;

/** The type select's options in the page's language (the page lists `search` and `terms`). */
export const propertyTypeOptions = (): [string, string][] =>
  PROPERTY_TYPES.map((type) => [type, type ? typeLabel(type) : text('search.type.all')]);

/** '4' stands for '4+'. */
export const roomOptions = (): [string, string][] => [
  ['', text('search.any')],
  ['1', '1'],
  ['2', '2'],
  ['3', '3'],
  ['4', '4+'],
];

/**
 * The filters on the tenancy terms that offer a choice, for the 'Tenancy
 * Terms' part of the form: query name, term, the values offered (the move-in
 * day is a date field of its own). Labels: core/src/i18n/terms.ts.
 */
export const TERM_FILTERS: readonly (readonly [FilterParam, TermKey, readonly string[]])[] =
  FILTERED_TERMS.filter(({ filter }) => filter.match !== 'onOrBefore').map(
    ({ key, filter }) =>
      [filter.param as FilterParam, key, filterOptions(key).map(([value]) => value)] as const,
  );

/** The filters that must be whole numbers (cleanFilters). */
export const NUMERIC_FILTERS: readonly FilterKey[] = [
  'minRent',
  'maxRent',
  'bedrooms',
  'bathrooms',
];
const numeric = new Set<FilterKey>(NUMERIC_FILTERS);

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

/**
 * A search in a few words, in the page's language (the page lists `search`
 * and `terms`), for the dashboard's Recent Searches and saved searches:
 * 'Flat · Kothrud, Pune · ₹10,000–₹30,000 · 2+ beds'.
 */
export const describeFilters = (filters: Filters): string => {
  const f = cleanFilters(filters);
  const place = [f.area, f.city].filter(Boolean).join(', ');
  const min = f.minRent && formatRent(Number(f.minRent));
  const max = f.maxRent && formatRent(Number(f.maxRent));
  const said = (id: MessageId, values: Record<string, string>) => fill(id, values);
  const rent =
    min && max
      ? said('search.describe.rentBetween', { min, max })
      : min
        ? said('search.describe.rentFrom', { min })
        : max
          ? said('search.describe.rentUpTo', { max })
          : '';
  const parts = [
    f.q ? said('search.describe.text', { text: f.q }) : '',
    f.propertyType ? typeLabel(f.propertyType) : '',
    place,
    rent,
    f.bedrooms ? said('search.describe.beds', { n: f.bedrooms }) : '',
    f.bathrooms ? said('search.describe.baths', { n: f.bathrooms }) : '',
    f.ownersOnly === 'true' ? text('search.describe.ownersOnly') : '',
    ...TERM_FILTERS.map(([param, key]) => {
      const value = f[param];
      return value ? filterOptionLabel(pageLabels, key, value) : '';
    }),
    f.availableBy ? said('search.describe.moveInBy', { date: f.availableBy }) : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : text('search.describe.all');
};
