import type { PropertyType } from '@rentals/core/listings/listing';
import type { TenancyFilters } from '@rentals/core/listings/tenancyFilters';
import type { LngLat } from '@rentals/core/geo/polygon';

export type SortOrder = 'newest' | 'rent_asc' | 'rent_desc' | 'recently_confirmed';
export const SORT_ORDERS: readonly SortOrder[] = [
  'newest',
  'rent_asc',
  'rent_desc',
  'recently_confirmed',
];

/** A map viewport in degrees (GeoJSON order: west, south, east, north). */
export type BoundingBox = { west: number; south: number; east: number; north: number };

/**
 * A validated search over listed listings, the same for both engines
 * (Meilisearch and the Postgres fallback), so they answer with the same
 * semantics. `cities`/`areas` are already resolved by the locality matcher to
 * the spellings stored in the listings (compared case-insensitively); an empty
 * list is "no such place" and matches nothing.
 */
export type SearchCriteria = {
  cities?: string[];
  areas?: string[];
  propertyTypes?: PropertyType[];
  minRent?: number;
  maxRent?: number;
  /** At least this many ('4' in the form means 4 or more). */
  bedrooms?: number;
  bathrooms?: number;
  /** Only listings an owner lists, not a broker (signed-in users). */
  ownersOnly?: boolean;
  /** Filters on the tenancy terms (signed-in users only: visitors' model does not hold them). */
  tenancy?: TenancyFilters;
  q?: string;
  bbox?: BoundingBox;
  /**
   * An area drawn on the map (3 or more vertices). Only the Postgres read
   * models answer it: Meilisearch 1.21 has no polygon filter (`_geoPolygon`
   * came in 1.22).
   */
  polygon?: LngLat[];
  sort: SortOrder;
  page: number;
  limit: number;
};

/** Which model a search runs over: all fields (signed in) or the visitor fields only. */
export type SearchAudience = 'full' | 'public';

export type SearchResult = {
  ids: string[];
  total: number;
  /**
   * Those of `ids` taken from the read model because they changed after the
   * index's checkpoint: their documents must be read from the read model too,
   * not from a cache that may not have heard of the change yet.
   */
  changed?: string[];
};

/** Splits free text into lower-case words (letters and digits of any script). */
export const queryWords = (q: string | undefined): string[] =>
  (q ?? '')
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 10);

/**
 * The most hits a search can count and page through. Exact `totalCount`
 * needs exhaustive counting (page/hitsPerPage) and Meilisearch never counts
 * past this, so it is set above the largest result a filter can produce on
 * our data (a whole metro: tens of thousands of listings).
 */
export const MAX_TOTAL_HITS = 250_000;
