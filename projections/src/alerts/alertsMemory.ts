import type { TransactionSql } from 'postgres';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { TenancyRule, TenancyTerms } from '@rentals/core/listings/tenancyFilters';
import {
  SAVED_SEARCH_EVENT_TYPES,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import { asListingEvent } from '../readModels/listingEvents.ts';
import type { BatchMemory } from '../runner/projection.ts';
import type { Statement } from '../runner/statement.ts';
import { checked, newPlaces, placeIndex, type Percolation, type Places } from './alertChecks.ts';
import {
  evolveListing,
  listingRowStatements,
  textOf,
  type ListingState,
} from './alertListingState.ts';
import {
  announcementStatements,
  matchStatements,
  outcomeOf,
  pushAnnounced,
  type Before,
  type Marks,
} from './alertOutcome.ts';
import {
  bboxOf,
  filterColumns,
  isRelistAfterLet,
  savedSearchStatements,
} from './alertStatements.ts';
import { REALERT_AFTER_MS } from './percolate.ts';
import { NumberMarks } from './numberMarks.ts';
import { SearchIndex, type IndexedSearch } from './searchIndex.ts';
import { prefixesOf, wordsOf } from './textMatch.ts';

const SAVED_SEARCH_TYPES = new Set<string>(SAVED_SEARCH_EVENT_TYPES);

type SearchRow = {
  search_no: number;
  search_id: string;
  user_id: string;
  alert: string;
  paused: boolean;
  city_keys: string[] | null;
  area_keys: string[] | null;
  property_types: string[] | null;
  min_rent: number | null;
  max_rent: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  text_query: string | null;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  drawn_area: string | null;
  terms: TenancyRule[] | null;
  owners_only: boolean;
};

const indexed = (r: SearchRow): IndexedSearch => ({
  no: r.search_no,
  searchId: r.search_id,
  userId: r.user_id,
  quiet: r.alert === 'off',
  paused: r.paused,
  cityKeys: r.city_keys,
  areaKeys: r.area_keys,
  propertyTypes: r.property_types,
  minRent: r.min_rent,
  maxRent: r.max_rent,
  bedrooms: r.bedrooms,
  bathrooms: r.bathrooms,
  bbox: bboxOf(r),
  terms: r.terms,
  ownersOnly: r.owners_only,
  textQuery: r.text_query,
  drawnArea: r.drawn_area,
});

/** What the in-memory path keeps between batches: every saved search, and reused number sets. */
type MemoryState = Marks & { searches: SearchIndex };

/** What a batch starts from (step 1): its listings' rows, what they matched and announced, new numbers. */
type BatchStart = {
  listings: Map<string, ListingState | null>;
  before: Before;
  freeNumbers: number[];
};

/** What going through the batch's events leaves (step 2). */
type Walk = {
  statements: Statement[];
  percolations: Percolation[];
  places: Places;
  /** Searches whose row the batch changes: their free text and drawn area are sent with the checks. */
  changed: Set<number>;
  /** Listings whose row the batch writes (as it leaves them), and those it deletes. */
  written: Set<string>;
  deleted: Set<string>;
};

const load = async (state: MemoryState, tx: TransactionSql) => {
  const rows = await tx<SearchRow[]>`
    SELECT search_no, search_id, user_id, alert, paused, city_keys, area_keys, property_types, min_rent,
           max_rent, bedrooms, bathrooms, text_query, west, south, east, north, drawn_area::text AS drawn_area,
           terms, owners_only
    FROM saved_search_filters`;
  state.searches = SearchIndex.of(rows.map(indexed));
};

/** Step 1: reads what the batch needs of the tables before it and takes numbers for the searches it creates. */
const readBatchStart = async (
  tx: TransactionSql,
  events: readonly RecordedEvent[],
  searches: SearchIndex,
): Promise<BatchStart> => {
  const listingEvents = events.filter((e) => !SAVED_SEARCH_TYPES.has(e.type));
  const ids = [...new Set(listingEvents.map((e) => (e.data as { listingId: string }).listingId))];
  const earliest = Math.min(...listingEvents.map((e) => Date.parse((e.data as { at: string }).at)));
  const newSearches = new Set(
    events
      .filter((e) => e.type === 'SavedSearchCreated' || e.type === 'SavedSearchEdited')
      .map((e) => (e.data as { searchId: string }).searchId)
      .filter((id) => !searches.byId.has(id)),
  );
  const [rows, matchRowsBefore, recentRows, numbers] = await Promise.all([
    ids.length === 0
      ? []
      : tx<(Omit<ListingState, 'terms'> & { id: string; terms: TenancyTerms | null })[]>`
          SELECT id, available, title, description, property_type AS "propertyType", rent,
                 rent_type AS "rentType", city, area, address, city_key AS "cityKey", area_key AS "areaKey",
                 bedrooms, bathrooms, latitude, longitude, tenancy, terms, broker
          FROM alert_listings WHERE id = ANY(${ids}::text[])`,
    ids.length === 0
      ? []
      : tx<{ listing_id: string; search_nos: number[] }[]>`
          SELECT listing_id, search_nos FROM listing_search_matches WHERE listing_id = ANY(${ids}::text[])`,
    ids.length === 0
      ? []
      : tx<{ listing_id: string; at: Date; search_nos: number[] }[]>`
          SELECT listing_id, at, search_nos FROM listing_search_alerts
          WHERE listing_id = ANY(${ids}::text[]) AND at > ${new Date(earliest - REALERT_AFTER_MS)}`,
    newSearches.size === 0
      ? []
      : tx<
          { n: number }[]
        >`SELECT nextval('saved_search_no')::int AS n FROM generate_series(1, ${newSearches.size})`,
  ]);
  const before: Before = {
    matches: new Map(matchRowsBefore.map((r) => [r.listing_id, r.search_nos])),
    announced: new Map(),
  };
  for (const r of recentRows)
    pushAnnounced(before.announced, r.listing_id, r.at.getTime(), r.search_nos);
  return {
    listings: new Map(rows.map(({ id, ...row }) => [id, row as ListingState])),
    before,
    freeNumbers: numbers.map((r) => r.n),
  };
};

/** A saved-search event: the search evolves in the index as its statements evolve its row. */
const applySearchEvent = (
  searches: SearchIndex,
  walk: Walk,
  freeNumbers: number[],
  event: RecordedEvent,
) => {
  const e = { type: event.type, data: event.data } as SavedSearchEvent;
  const old = searches.byId.get(e.data.searchId);
  let no: number | undefined;
  if (e.type === 'SavedSearchCreated' || e.type === 'SavedSearchEdited') {
    no = old?.no ?? freeNumbers.shift()!;
    searches.put(
      indexed({
        ...filterColumns(e.data),
        search_no: no,
        search_id: e.data.searchId,
        user_id: old?.userId ?? e.data.userId,
        alert: e.data.alert,
        paused: old?.paused ?? false,
      }),
    );
    walk.changed.add(no);
  } else if (old && (e.type === 'SavedSearchPaused' || e.type === 'SavedSearchResumed')) {
    searches.put({ ...old, paused: e.type === 'SavedSearchPaused' });
  } else if (old && e.type === 'SavedSearchUnsubscribed') {
    searches.put({ ...old, quiet: true });
  } else if (old && e.type === 'SavedSearchDeleted') {
    searches.remove(old.searchId);
  }
  walk.statements.push(...savedSearchStatements(e, old ? undefined : no));
};

/**
 * A listing event: the listing evolves as its row will, and when the event
 * asks it is tested against the searches under its keys (searchIndex.ts);
 * the free text and a drawn area are left for Postgres to check.
 */
const applyListingEvent = (
  searches: SearchIndex,
  walk: Walk,
  listings: Map<string, ListingState | null>,
  event: RecordedEvent,
) => {
  const listing = asListingEvent(event);
  const id = listing.data.listingId;
  const { state, percolates } = evolveListing(listings.get(id) ?? null, listing);
  listings.set(id, state);
  // The rows are written once each, as the batch leaves them (listingRowStatements).
  if (state !== null) walk.written.add(id);
  else if (listing.type === 'ListingDeleted') walk.deleted.add(id);
  if (!percolates) return;
  const { sure, check } = state
    ? searches.match(state, () => {
        const words = wordsOf(textOf(state));
        return words && prefixesOf(words);
      })
    : { sure: [], check: [] };
  const place =
    check.length > 0
      ? placeIndex(walk.places, {
          text: textOf(state!),
          longitude: state!.longitude,
          latitude: state!.latitude,
        })
      : -1;
  const { at } = listing.data;
  const silent = isRelistAfterLet(listing);
  walk.percolations.push({ listingId: id, at, atMs: Date.parse(at), sure, check, place, silent });
};

const evolveBatch = async (
  state: MemoryState,
  tx: TransactionSql,
  events: RecordedEvent[],
): Promise<Statement[]> => {
  // 1. What the batch starts from.
  const start = await readBatchStart(tx, events, state.searches);
  // 2. The events in log order.
  const walk: Walk = {
    statements: [],
    percolations: [],
    places: newPlaces(),
    changed: new Set(),
    written: new Set(),
    deleted: new Set(),
  };
  for (const event of events)
    if (SAVED_SEARCH_TYPES.has(event.type))
      applySearchEvent(state.searches, walk, start.freeNumbers, event);
    else applyListingEvent(state.searches, walk, start.listings, event);
  // 3. The free text and drawn areas, by Postgres.
  const passed = await checked(tx, walk.percolations, walk.places.list, walk.changed);
  // 4. Each outcome against what was known, in log order.
  const outcome = outcomeOf(walk.percolations, passed, start.before, state);
  // A deleted listing's row and matches go (as listingStatements deletes them).
  for (const id of walk.deleted) {
    outcome.matchesNow.delete(id);
    walk.written.delete(id);
  }
  return [
    ...walk.statements,
    ...listingRowStatements(start.listings, walk.written, walk.deleted),
    ...matchStatements(outcome.matchesNow, start.before.matches),
    ...announcementStatements(outcome),
  ];
};

/**
 * The alerts projection's in-memory path (issue 17's matching rate): every
 * saved search in a SearchIndex, loaded from saved_search_filters and kept
 * current from the batch's saved-search events, so a listing event is tested
 * in JS against its candidates instead of in SQL. A batch:
 *
 * 1. reads what it needs of the tables before it (the batch's listings'
 *    rows, current matches and last day's announcements) and takes numbers
 *    for the searches it creates;
 * 2. goes through its events in log order, the listings' rows and the
 *    searches evolving as the statements will evolve the tables, testing each
 *    listing against the searches under its keys (searchIndex.ts) when its
 *    event asks (everything but the free text and a drawn area);
 * 3. asks Postgres, in one query, which of the searches left to check pass
 *    their free text (its parser: `to_tsvector @@ tsquery`, as search) and
 *    drawn area (alertChecks.ts);
 * 4. diffs each outcome against what the listing matched before and was
 *    announced within REALERT_AFTER, exactly as percolate.ts does, and
 *    returns the table statements, the final matches, the announcements in
 *    log order and the users to wake (alertOutcome.ts).
 *
 * alertsBatch.int.test.ts runs the same logs through this and the SQL paths.
 */
export const alertsMemory = (): BatchMemory => {
  const state: MemoryState = {
    searches: new SearchIndex(),
    known: new NumberMarks(),
    woken: new NumberMarks(),
  };
  return {
    load: (tx) => load(state, tx),
    evolveBatch: (tx, events) => evolveBatch(state, tx, events),
  };
};
