import {
  matchesTenancy,
  type TenancyRule,
  type TenancyTerms,
} from '@rentals/core/listings/tenancyFilters';

/** A saved search as the in-memory matcher holds it: the columns of saved_search_filters that percolate.ts tests. */
export type IndexedSearch = {
  no: number;
  searchId: string;
  userId: string;
  quiet: boolean;
  paused: boolean;
  cityKeys: readonly string[] | null;
  areaKeys: readonly string[] | null;
  propertyTypes: readonly string[] | null;
  minRent: number | null;
  maxRent: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  bbox: { west: number; south: number; east: number; north: number } | null;
  terms: readonly TenancyRule[] | null;
  /**
   * The free text as a tsquery's text (prefixQuery) and the drawn area as a
   * polygon's text: tested by Postgres itself (`words @@ text_tsquery`,
   * `drawn_area @> point`) once everything else passes, so its parser and its
   * polygon arithmetic decide them, as in search.
   */
  textQuery: string | null;
  drawnArea: string | null;
};

/** What the matcher reads of a listing (alert_listings' columns, with the terms as the index holds them). */
export type MatchedListing = {
  available: boolean;
  propertyType: string;
  rent: number;
  cityKey: string;
  areaKey: string;
  bedrooms: number | null;
  bathrooms: number | null;
  latitude: number | null;
  longitude: number | null;
  terms: TenancyTerms | null;
};

/**
 * A listing's matches: `sure` pass every filter; `check` pass all but the
 * free text or drawn area. The searches as they are now (a later change puts
 * a new object), sorted by number.
 */
export type Candidates = { sure: IndexedSearch[]; check: IndexedSearch[] };

const keyOf = (city: string, area: string, type: string) => `${city}\u0000${area}\u0000${type}`;

/** The keys a search is filed under, as saved_search_keys holds them ('' for any); none while paused. */
const keysOf = (s: IndexedSearch): string[] => {
  if (s.paused) return [];
  const keys: string[] = [];
  for (const c of s.cityKeys ?? [''])
    for (const a of s.areaKeys ?? [''])
      for (const t of s.propertyTypes ?? ['']) keys.push(keyOf(c, a, t));
  return [...new Set(keys)];
};

/**
 * Everything but the free text and the drawn area, as percolate.ts tests it
 * in SQL (its conditions in the same order, NULL as "no filter"; a listing
 * without bedrooms or a position fails a filter on them, as NULL does).
 */
const passes = (s: IndexedSearch, l: MatchedListing): boolean =>
  (s.cityKeys === null || s.cityKeys.includes(l.cityKey)) &&
  (s.areaKeys === null || s.areaKeys.includes(l.areaKey)) &&
  (s.propertyTypes === null || s.propertyTypes.includes(l.propertyType)) &&
  (s.minRent === null || l.rent >= s.minRent) &&
  (s.maxRent === null || l.rent <= s.maxRent) &&
  (s.bedrooms === null || (l.bedrooms !== null && l.bedrooms >= s.bedrooms)) &&
  (s.bathrooms === null || (l.bathrooms !== null && l.bathrooms >= s.bathrooms)) &&
  (s.bbox === null ||
    (l.latitude !== null &&
      l.longitude !== null &&
      l.latitude >= s.bbox.south &&
      l.latitude <= s.bbox.north &&
      l.longitude >= s.bbox.west &&
      l.longitude <= s.bbox.east)) &&
  (s.terms === null || matchesTenancy(l.terms ?? {}, s.terms));

/**
 * The saved searches in memory, filed by (city, area, type) as
 * saved_search_keys files them, so that a listing is tested only against
 * the searches under its 8 keys (its city or any × its area or any × its
 * type or any): percolation, not a scan.
 */
export class SearchIndex {
  readonly byNo = new Map<number, IndexedSearch>();
  readonly byId = new Map<string, IndexedSearch>();
  private readonly buckets = new Map<string, IndexedSearch[]>();

  get size() {
    return this.byNo.size;
  }

  /** Adds or replaces the search (by id; it keeps its number). */
  put(search: IndexedSearch) {
    this.remove(search.searchId);
    this.byNo.set(search.no, search);
    this.byId.set(search.searchId, search);
    for (const key of keysOf(search)) {
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(search);
      else this.buckets.set(key, [search]);
    }
  }

  remove(searchId: string) {
    const old = this.byId.get(searchId);
    if (!old) return;
    this.byId.delete(searchId);
    this.byNo.delete(old.no);
    for (const key of keysOf(old)) {
      const bucket = this.buckets.get(key)!.filter((s) => s !== old);
      if (bucket.length > 0) this.buckets.set(key, bucket);
      else this.buckets.delete(key);
    }
  }

  /** The searches `listing` matches; an unavailable listing matches none. */
  match(l: MatchedListing): Candidates {
    const sure: IndexedSearch[] = [];
    const check: IndexedSearch[] = [];
    if (!l.available) return { sure, check };
    // A set: a listing whose key is '' has fewer distinct keys than 8.
    const keys = new Set<string>();
    for (const city of [l.cityKey, ''])
      for (const area of [l.areaKey, ''])
        for (const type of [l.propertyType, '']) keys.add(keyOf(city, area, type));
    for (const key of keys)
      for (const s of this.buckets.get(key) ?? []) {
        if (!passes(s, l)) continue;
        (s.textQuery !== null || s.drawnArea !== null ? check : sure).push(s);
      }
    // A search is filed once per key it covers and a listing has one city, area and type, so no
    // search is met twice; sorted as the stored arrays are.
    sure.sort((a, b) => a.no - b.no);
    check.sort((a, b) => a.no - b.no);
    return { sure, check };
  }
}
