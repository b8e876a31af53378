import {
  matchesTenancy,
  type TenancyRule,
  type TenancyTerms,
} from '@rentals/core/listings/tenancyFilters';
import { matchesTerms, queryTermsOf } from './textMatch.ts';

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
  /** 'Owners only': no listing of a broker's. */
  ownersOnly: boolean;
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
  /** A broker lists it. */
  broker: boolean;
};

/**
 * A listing's matches: `sure` pass every filter; `check` pass all but a free
 * text or drawn area that Postgres must test. The searches as they are now (a
 * later change puts a new object), in no particular order.
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
 * Everything but the place, type, free text and drawn area, as percolate.ts
 * tests it in SQL (NULL as "no filter"; a listing without bedrooms or a
 * position fails a filter on them, as NULL does). The place and type need no
 * test: a search is filed only under keys its own places and types make, so
 * one found under the listing's keys has them.
 */
const passes = (s: Filed, l: MatchedListing, beds: number, baths: number): boolean =>
  l.rent >= s.minRent &&
  l.rent <= s.maxRent &&
  beds >= s.bedrooms &&
  baths >= s.bathrooms &&
  (s.search.bbox === null ||
    (l.latitude !== null &&
      l.longitude !== null &&
      l.latitude >= s.search.bbox.south &&
      l.latitude <= s.search.bbox.north &&
      l.longitude >= s.search.bbox.west &&
      l.longitude <= s.search.bbox.east)) &&
  (s.search.terms === null || matchesTenancy(l.terms ?? {}, s.search.terms)) &&
  (!s.search.ownersOnly || !l.broker);

/** A search as filed: its number filters with "none" as an infinity, so each is one comparison. */
type Filed = {
  search: IndexedSearch;
  minRent: number;
  maxRent: number;
  bedrooms: number;
  bathrooms: number;
  /** The free text as JS can test it (textMatch.ts); null: none, or Postgres' to test. */
  terms: string[][] | null;
  /** The free text when it is one word without synonyms (most are): one lookup. */
  word: string | null;
  /** A drawn area, or free text JS cannot test: Postgres decides. */
  checked: boolean;
};

const filed = (search: IndexedSearch): Filed => {
  const terms = search.textQuery === null ? null : queryTermsOf(search.textQuery);
  return {
    search,
    minRent: search.minRent ?? -Infinity,
    maxRent: search.maxRent ?? Infinity,
    bedrooms: search.bedrooms ?? -Infinity,
    bathrooms: search.bathrooms ?? -Infinity,
    terms,
    word: terms?.length === 1 && terms[0]!.length === 1 ? terms[0]![0]! : null,
    checked: search.drawnArea !== null || (search.textQuery !== null && terms === null),
  };
};

/** A bucket's order: the highest rent ceiling first (none first of all), so a scan stops below the rent. */
const byCeiling = (a: Filed, b: Filed) => b.maxRent - a.maxRent || 0;

/**
 * The saved searches in memory, filed by (city, area, type) as
 * saved_search_keys files them, so that a listing is tested only against
 * the searches under its 8 keys (its city or any × its area or any × its
 * type or any): percolation, not a scan. Each key's searches are held by
 * rent ceiling, highest first: a listing's scan ends at the first search
 * whose ceiling is below its rent (most searches have one).
 */
export class SearchIndex {
  readonly byNo = new Map<number, IndexedSearch>();
  readonly byId = new Map<string, IndexedSearch>();
  private readonly buckets = new Map<string, Filed[]>();

  /** An index of `searches` (filed in one sort per key, not an insertion each). */
  static of(searches: Iterable<IndexedSearch>): SearchIndex {
    const index = new SearchIndex();
    for (const search of searches) index.file(search, (bucket, entry) => bucket.push(entry));
    for (const bucket of index.buckets.values()) bucket.sort(byCeiling);
    return index;
  }

  get size() {
    return this.byNo.size;
  }

  /** Adds or replaces the search (by id; it keeps its number). */
  put(search: IndexedSearch) {
    this.remove(search.searchId);
    this.file(search, (bucket, entry) => {
      // After every search with a ceiling at least as high: the order `of` sorts into.
      let lo = 0;
      let hi = bucket.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (bucket[mid]!.maxRent >= entry.maxRent) lo = mid + 1;
        else hi = mid;
      }
      bucket.splice(lo, 0, entry);
    });
  }

  private file(search: IndexedSearch, into: (bucket: Filed[], entry: Filed) => void) {
    this.byNo.set(search.no, search);
    this.byId.set(search.searchId, search);
    const entry = filed(search);
    for (const key of keysOf(search)) {
      const bucket = this.buckets.get(key);
      if (bucket) into(bucket, entry);
      else this.buckets.set(key, [entry]);
    }
  }

  remove(searchId: string) {
    const old = this.byId.get(searchId);
    if (!old) return;
    this.byId.delete(searchId);
    this.byNo.delete(old.no);
    for (const key of keysOf(old)) {
      const bucket = this.buckets.get(key)!.filter((s) => s.search !== old);
      if (bucket.length > 0) this.buckets.set(key, bucket);
      else this.buckets.delete(key);
    }
  }

  /**
   * The searches `listing` matches; an unavailable listing matches none.
   * `prefixes`: the prefixes of the listing text's words as textMatch.ts
   * makes them (null when only Postgres can), asked for only when a search
   * has free text.
   */
  match(l: MatchedListing, prefixes: () => ReadonlySet<string> | null): Candidates {
    const sure: IndexedSearch[] = [];
    const check: IndexedSearch[] = [];
    if (!l.available) return { sure, check };
    // A set: a listing whose key is '' has fewer distinct keys than 8.
    const keys = new Set<string>();
    for (const city of [l.cityKey, ''])
      for (const area of [l.areaKey, ''])
        for (const type of [l.propertyType, '']) keys.add(keyOf(city, area, type));
    // A listing without bedrooms (bathrooms) fails a filter on them: -Infinity only passes "none".
    let w: ReadonlySet<string> | null | undefined;
    const beds = l.bedrooms ?? -Infinity;
    const baths = l.bathrooms ?? -Infinity;
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (!bucket) continue;
      for (let i = 0; i < bucket.length; i++) {
        const s = bucket[i]!;
        // Every later search's ceiling is lower still.
        if (s.maxRent < l.rent) break;
        if (!passes(s, l, beds, baths)) continue;
        if (s.checked) check.push(s.search);
        else if (s.terms === null) sure.push(s.search);
        else {
          if (w === undefined) w = prefixes();
          if (w === null) check.push(s.search);
          else if (s.word !== null ? w.has(s.word) : matchesTerms(w, s.terms)) sure.push(s.search);
        }
      }
    }
    // A search is filed once per key it covers and a listing has one city, area and type, so no
    // search is met twice.
    return { sure, check };
  }
}
