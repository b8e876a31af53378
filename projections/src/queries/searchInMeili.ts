import type { SearchAudience, SearchCriteria, SearchResult } from './criteria.ts';
import { LISTINGS_INDEX } from '@rentals/core/readSide/names';
import type { Meilisearch } from 'meilisearch';
import { tenancyMeiliFilter } from './tenancyFilter.ts';
import { searchIndex } from './meili.ts';

/** A Meilisearch string literal: the value quoted, with backslashes and quotes escaped. */
export const quoteFilterValue = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

const number = (value: number) => {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number in a filter: ${value}`);
  return String(value);
};

const inList = (attribute: string, values: readonly string[]) =>
  `${attribute} IN [${values.map(quoteFilterValue).join(', ')}]`;

/**
 * The Meilisearch filter for validated criteria. Built only from numbers,
 * enum members and quoted strings, never from raw input, so a crafted value
 * cannot change the filter's structure.
 */
export const meiliFilter = (audience: SearchAudience, c: SearchCriteria): string[] => {
  // The callers send drawn areas to Postgres; a filter without the area would find too much.
  if (c.polygon) throw new Error('Meilisearch 1.21 cannot filter by a drawn area (no _geoPolygon)');
  const full = audience === 'full';
  const filter = ['isAvailable = true'];
  if (c.cities) filter.push(inList('cityKey', c.cities));
  if (full && c.areas) filter.push(inList('areaKey', c.areas));
  if (c.propertyTypes) filter.push(inList('propertyType', c.propertyTypes));
  if (full && c.minRent !== undefined) filter.push(`rent >= ${number(c.minRent)}`);
  if (full && c.maxRent !== undefined) filter.push(`rent <= ${number(c.maxRent)}`);
  if (c.bedrooms !== undefined) filter.push(`bedrooms >= ${number(c.bedrooms)}`);
  if (c.bathrooms !== undefined) filter.push(`bathrooms >= ${number(c.bathrooms)}`);
  if (full) filter.push(...tenancyMeiliFilter(c.tenancy));
  // '!=' also keeps documents indexed before the field existed (all listed by their owners' roles then).
  if (full && c.ownersOnly) filter.push("ownerRole != 'broker'");
  if (c.bbox) {
    const { west, south, east, north } = c.bbox;
    const [lat, lng] = full ? ['lat', 'lng'] : ['coarseLat', 'coarseLng'];
    filter.push(
      `${lat} >= ${number(south)} AND ${lat} <= ${number(north)} AND ${lng} >= ${number(west)} AND ${lng} <= ${number(east)}`,
    );
  }
  return filter;
};

const SORTS = {
  newest: ['createdAt:desc'],
  rent_asc: ['rent:asc', 'createdAt:desc'],
  rent_desc: ['rent:desc', 'createdAt:desc'],
  recently_confirmed: ['lastConfirmedAt:desc', 'createdAt:desc'],
} as const;

/** The search request body for criteria; the benchmark sends exactly this straight to Meilisearch. */
export const meiliSearchBody = (audience: SearchAudience, c: SearchCriteria) => ({
  ...(c.q && c.q.trim() !== '' ? { q: c.q } : {}),
  filter: meiliFilter(audience, c),
  sort: [...SORTS[audience === 'full' ? c.sort : 'newest']],
  page: c.page,
  hitsPerPage: c.limit,
  attributesToRetrieve: ['id'],
  // Every word must match, as in the Postgres fallback; visitors' text search never looks at address or area.
  matchingStrategy: 'all' as const,
  ...(audience === 'public' ? { attributesToSearchOn: ['title', 'description', 'city'] } : {}),
});

/**
 * One query of the criteria on one Meilisearch client (searchInMeili, or a variant of it); `signal`
 * ends the request early (a replica's share of the search's time budget).
 */
export type IndexQuery<T> = (
  meili: Meilisearch,
  audience: SearchAudience,
  criteria: SearchCriteria,
  index?: string,
  signal?: AbortSignal,
) => Promise<T>;

/** Runs a search; `page`/`hitsPerPage` make Meilisearch count exhaustively, so `total` is exact. */
export const searchInMeili: IndexQuery<SearchResult> = async (
  meili,
  audience,
  c,
  index = LISTINGS_INDEX,
  signal,
) => {
  if (c.cities?.length === 0 || c.areas?.length === 0) return { ids: [], total: 0 };
  const result = await searchIndex<{ hits: { id: string }[]; totalHits?: number }>(
    meili,
    index,
    meiliSearchBody(audience, c),
    signal,
  );
  return { ids: result.hits.map((h) => h.id), total: result.totalHits ?? 0 };
};
