import type { TransactionSql } from 'postgres';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { monthlyRent, type Tenancy } from '@rentals/core/listings/tenancy';
import type { TenancyRule, TenancyTerms } from '@rentals/core/listings/tenancyFilters';
import {
  SAVED_SEARCH_EVENT_TYPES,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import { INBOX_CHANNEL } from '../queries/conversations.ts';
import { asListingEvent, type ListingEvent } from '../readModels/listingEvents.ts';
import type { BatchMemory } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import {
  availableAfter,
  bboxOf,
  filterColumns,
  savedSearchStatements,
  termsOf,
} from './alertStatements.ts';
import { REALERT_AFTER_MS } from './percolate.ts';
import { NumberLists } from './numberLists.ts';
import { NumberMarks } from './numberMarks.ts';
import { SearchIndex, type IndexedSearch, type MatchedListing } from './searchIndex.ts';
import { prefixesOf, wordsOf } from './textMatch.ts';

const SAVED_SEARCH_TYPES = new Set<string>(SAVED_SEARCH_EVENT_TYPES);

/** A listing as alert_listings holds it: what the matcher tests and what its free text is made of. */
type ListingState = MatchedListing & {
  title: string;
  description: string;
  city: string;
  area: string;
  address: string;
  rentType: string;
  tenancy: Tenancy | null;
};

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
  textQuery: r.text_query,
  drawnArea: r.drawn_area,
});

/**
 * The deposit in months from rupees as refreshDepositMonths computes it in
 * SQL (the same doubles divided the same way), added to terms that exist.
 */
const withDepositMonths = (
  terms: TenancyTerms | null,
  tenancy: Tenancy | null,
  rent: number,
  rentType: string,
): TenancyTerms | null =>
  terms !== null && tenancy?.depositRupees !== undefined && tenancy.depositMonths === undefined
    ? { ...terms, depositMonths: tenancy.depositRupees / monthlyRent(rent, rentType) }
    : terms;

const termsFor = (tenancy: Tenancy, rent: number, rentType: string) =>
  withDepositMonths(JSON.parse(termsOf(tenancy)!) as TenancyTerms, tenancy, rent, rentType);

/**
 * A listing after `event`, as alertStatements.ts's listingStatements leaves
 * its row (null: no row); `percolates` whether the event tests it again.
 */
const evolveListing = (
  state: ListingState | null,
  event: ListingEvent,
): { state: ListingState | null; percolates: boolean } => {
  switch (event.type) {
    case 'ListingCreated': {
      if (state) return { state, percolates: true };
      const d = event.data;
      const { city, area, address, coordinates } = d.location;
      const tenancy = d.tenancy ?? null;
      return {
        percolates: true,
        state: {
          available: d.isAvailable,
          title: d.title,
          description: d.description,
          propertyType: d.propertyType,
          rent: d.rent,
          rentType: d.rentType,
          city,
          area,
          address,
          cityKey: normaliseLocality(city),
          areaKey: normaliseLocality(area),
          bedrooms: d.propertyDetails.bedrooms ?? null,
          bathrooms: d.propertyDetails.bathrooms ?? null,
          latitude: coordinates?.latitude ?? null,
          longitude: coordinates?.longitude ?? null,
          tenancy,
          terms: tenancy ? termsFor(tenancy, d.rent, d.rentType) : null,
        },
      };
    }
    case 'ListingDetailsRevised': {
      if (!state) return { state, percolates: true };
      const c = event.data;
      const next: ListingState = {
        ...state,
        title: c.title ?? state.title,
        description: c.description ?? state.description,
        propertyType: c.propertyType ?? state.propertyType,
        bedrooms: c.propertyDetails?.bedrooms ?? state.bedrooms,
        bathrooms: c.propertyDetails?.bathrooms ?? state.bathrooms,
      };
      if (c.tenancy) {
        next.tenancy = c.tenancy;
        next.terms = termsFor(c.tenancy, next.rent, next.rentType);
      }
      return { state: next, percolates: true };
    }
    case 'ListingRentChanged': {
      if (!state) return { state, percolates: true };
      const { rent, rentType } = event.data;
      return {
        state: {
          ...state,
          rent,
          rentType,
          terms: withDepositMonths(state.terms, state.tenancy, rent, rentType),
        },
        percolates: true,
      };
    }
    case 'ListingLocationChanged': {
      if (!state) return { state, percolates: true };
      const { city, area, address, coordinates } = event.data.location;
      return {
        state: {
          ...state,
          city,
          area,
          address,
          cityKey: normaliseLocality(city),
          areaKey: normaliseLocality(area),
          latitude: coordinates?.latitude ?? null,
          longitude: coordinates?.longitude ?? null,
        },
        percolates: true,
      };
    }
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingReviewCleared':
    case 'ListingRelisted':
      return { state: state && { ...state, available: availableAfter(event) }, percolates: true };
    case 'ListingDeleted':
      return { state: null, percolates: false };
    default:
      return { state, percolates: false };
  }
};

/** The searchable text percolate.ts gives to_tsvector, made the same way. */
const textOf = (l: ListingState) => `${l.title} ${l.description} ${l.city} ${l.area} ${l.address}`;

/** One test of a listing against the searches, at the event that asked for it. */
type Percolation = {
  listingId: string;
  at: string;
  atMs: number;
  sure: IndexedSearch[];
  check: IndexedSearch[];
  /** Index of the listing's text and position among the batch's (for the checks in Postgres). */
  place: number;
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
 *    drawn area;
 * 4. diffs each outcome against what the listing matched before and was
 *    announced within REALERT_AFTER, exactly as percolate.ts does, and
 *    returns the table statements, the final matches, the announcements in
 *    log order and the users to wake.
 *
 * alertsBatch.int.test.ts runs the same logs through this and the SQL paths.
 */
export const alertsMemory = (): BatchMemory => {
  let searches = new SearchIndex();
  // A listing event's known searches, and the searches whose users a batch wakes (numberMarks.ts).
  const known = new NumberMarks();
  const woken = new NumberMarks();

  const load = async (tx: TransactionSql) => {
    const rows = await tx<SearchRow[]>`
      SELECT search_no, search_id, user_id, alert, paused, city_keys, area_keys, property_types, min_rent,
             max_rent, bedrooms, bathrooms, text_query, west, south, east, north, drawn_area::text AS drawn_area,
             terms
      FROM saved_search_filters`;
    searches = SearchIndex.of(rows.map(indexed));
  };

  const evolveBatch = async (tx: TransactionSql, events: RecordedEvent[]): Promise<Statement[]> => {
    const listingEvents = events.filter((e) => !SAVED_SEARCH_TYPES.has(e.type));
    const ids = [...new Set(listingEvents.map((e) => (e.data as { listingId: string }).listingId))];
    const earliest = Math.min(
      ...listingEvents.map((e) => Date.parse((e.data as { at: string }).at)),
    );
    const newSearches = new Set(
      events
        .filter((e) => e.type === 'SavedSearchCreated' || e.type === 'SavedSearchEdited')
        .map((e) => (e.data as { searchId: string }).searchId)
        .filter((id) => !searches.byId.has(id)),
    );

    // 1. What the batch starts from.
    const [rows, matchRowsBefore, recentRows, numbers] = await Promise.all([
      ids.length === 0
        ? []
        : tx<(Omit<ListingState, 'terms'> & { id: string; terms: TenancyTerms | null })[]>`
            SELECT id, available, title, description, property_type AS "propertyType", rent,
                   rent_type AS "rentType", city, area, address, city_key AS "cityKey", area_key AS "areaKey",
                   bedrooms, bathrooms, latitude, longitude, tenancy, terms
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
    const listings = new Map<string, ListingState | null>(
      rows.map(({ id, ...row }) => [id, row as ListingState]),
    );
    const matchesBefore = new Map(matchRowsBefore.map((r) => [r.listing_id, r.search_nos]));
    const announced = new Map<string, { atMs: number; nos: ArrayLike<number> }[]>();
    for (const r of recentRows)
      (announced.get(r.listing_id) ?? announced.set(r.listing_id, []).get(r.listing_id)!).push({
        atMs: r.at.getTime(),
        nos: r.search_nos,
      });
    const freeNumbers = numbers.map((r) => r.n);

    // 2. The events in log order.
    const statements: Statement[] = [];
    const percolations: Percolation[] = [];
    const places: { text: string; longitude: number | null; latitude: number | null }[] = [];
    const placeOf = new Map<string, number>();
    // Searches whose row the batch changes: their free text and drawn area are sent with the checks.
    const changed = new Set<number>();
    // Listings whose row the batch writes (as it leaves them), and those it deletes.
    const written = new Set<string>();
    const deleted = new Set<string>();
    for (const event of events) {
      if (SAVED_SEARCH_TYPES.has(event.type)) {
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
          changed.add(no);
        } else if (old && (e.type === 'SavedSearchPaused' || e.type === 'SavedSearchResumed')) {
          searches.put({ ...old, paused: e.type === 'SavedSearchPaused' });
        } else if (old && e.type === 'SavedSearchUnsubscribed') {
          searches.put({ ...old, quiet: true });
        } else if (old && e.type === 'SavedSearchDeleted') {
          searches.remove(old.searchId);
        }
        statements.push(...savedSearchStatements(e, old ? undefined : no));
        continue;
      }
      const listing = asListingEvent(event);
      const id = listing.data.listingId;
      const { state, percolates } = evolveListing(listings.get(id) ?? null, listing);
      listings.set(id, state);
      // The rows are written once each, as the batch leaves them (below).
      if (state !== null) written.add(id);
      else if (listing.type === 'ListingDeleted') deleted.add(id);
      if (!percolates) continue;
      const { sure, check } = state
        ? searches.match(state, () => {
            const words = wordsOf(textOf(state));
            return words && prefixesOf(words);
          })
        : { sure: [], check: [] };
      let place = -1;
      if (check.length > 0) {
        const text = textOf(state!);
        const key = `${state!.longitude},${state!.latitude},${text}`;
        place = placeOf.get(key) ?? -1;
        if (place < 0) {
          place = places.push({ text, longitude: state!.longitude, latitude: state!.latitude }) - 1;
          placeOf.set(key, place);
        }
      }
      const { at } = listing.data;
      percolations.push({ listingId: id, at, atMs: Date.parse(at), sure, check, place });
    }

    // 3. The free text and drawn areas, by Postgres.
    const passed = await checked(tx, percolations, places, changed);

    // 4. Each outcome against what was known, in log order.
    const matchesNow = new Map<string, Int32Array | number[]>();
    // The announcements, in log order: listing, time, and its searches (all, and those quiet then).
    const announcements = {
      ids: [] as string[],
      ats: [] as string[],
      nos: new NumberLists(),
      quiet: new NumberLists(),
    };
    const wake = new Set<string>();
    woken.clear();
    percolations.forEach((p, i) => {
      const ok = passed.get(i);
      const hit = ok ? p.sure.concat(p.check.filter((s) => ok.has(s.no))) : p.sure;
      const hitNos = sortedNumbers(hit);
      const before = matchesNow.get(p.listingId) ?? matchesBefore.get(p.listingId);
      matchesNow.set(p.listingId, hitNos);
      // What the listing already matched, and what it announced within a day, is not new.
      known.clear();
      let anyKnown = false;
      if (before && before.length > 0) {
        anyKnown = true;
        for (let k = 0; k < before.length; k++) known.mark(before[k]!);
      }
      for (const a of announced.get(p.listingId) ?? [])
        if (a.atMs > p.atMs - REALERT_AFTER_MS && a.nos.length > 0) {
          anyKnown = true;
          for (let k = 0; k < a.nos.length; k++) known.mark(a.nos[k]!);
        }
      // The searches as they were at the event (quiet: alerts off then).
      const added = anyKnown ? hit.filter((s) => !known.has(s.no)) : hit;
      if (added.length === 0) return;
      const nos = added.length === hit.length ? hitNos : sortedNumbers(added);
      (announced.get(p.listingId) ?? announced.set(p.listingId, []).get(p.listingId)!).push({
        atMs: p.atMs,
        nos,
      });
      const quiet: number[] = [];
      for (const s of added) {
        if (s.quiet) quiet.push(s.no);
        else if (woken.add(s.no)) wake.add(s.userId);
      }
      announcements.ids.push(p.listingId);
      announcements.ats.push(p.at);
      announcements.nos.add(nos);
      announcements.quiet.add(quiet.sort((a, b) => a - b));
    });
    // A deleted listing's row and matches go (as listingStatements deletes them).
    for (const id of deleted) {
      matchesNow.delete(id);
      written.delete(id);
    }
    const listingRows = [...written].map((id) => rowOf(id, listings.get(id)!));
    if (listingRows.length > 0)
      statements.push(sql`
        INSERT INTO alert_listings AS a (id, available, title, description, property_type, rent, city, area,
          address, city_key, area_key, bedrooms, bathrooms, latitude, longitude, rent_type, tenancy, terms)
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(listingRows)}::text::jsonb) AS r(id text, available boolean,
          title text, description text, property_type text, rent float8, city text, area text, address text,
          city_key text, area_key text, bedrooms int, bathrooms int, latitude float8, longitude float8,
          rent_type text, tenancy jsonb, terms jsonb)
        ON CONFLICT (id) DO UPDATE SET available = excluded.available, title = excluded.title,
          description = excluded.description, property_type = excluded.property_type, rent = excluded.rent,
          city = excluded.city, area = excluded.area, address = excluded.address, city_key = excluded.city_key,
          area_key = excluded.area_key, bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms,
          latitude = excluded.latitude, longitude = excluded.longitude, rent_type = excluded.rent_type,
          tenancy = excluded.tenancy, terms = excluded.terms`);
    if (deleted.size > 0)
      statements.push(
        sql`DELETE FROM alert_listings WHERE id = ANY(${[...deleted]}::text[])`,
        sql`DELETE FROM listing_search_matches WHERE listing_id = ANY(${[...deleted]}::text[])`,
      );

    const kept = { ids: [] as string[], nos: new NumberLists() };
    const cleared: string[] = [];
    for (const [id, nos] of matchesNow) {
      const before = matchesBefore.get(id) ?? [];
      if (sameNumbers(before, nos)) continue;
      if (nos.length > 0) {
        kept.ids.push(id);
        kept.nos.add(nos);
      } else cleared.push(id);
    }
    if (kept.ids.length > 0)
      statements.push(sql`
        INSERT INTO listing_search_matches AS m (listing_id, search_nos)
        SELECT u.listing_id, n.nos[u.s:u.e]
        FROM (SELECT ${kept.nos.literal()}::int4[] AS nos) n,
          unnest(${kept.ids}::text[], ${kept.nos.starts}::int4[], ${kept.nos.ends}::int4[]) AS u(listing_id, s, e)
        ON CONFLICT (listing_id) DO UPDATE SET search_nos = excluded.search_nos`);
    if (cleared.length > 0)
      statements.push(
        sql`DELETE FROM listing_search_matches WHERE listing_id = ANY(${cleared}::text[])`,
      );
    // In log order: the announcements' ids are the order the bell and the mailer read them in.
    const { nos, quiet } = announcements;
    if (announcements.ids.length > 0)
      statements.push(
        sql`
        INSERT INTO listing_search_alerts (listing_id, at, search_nos, quiet_nos)
        SELECT u.listing_id, u.at, n.nos[u.s:u.e], q.nos[u.qs:u.qe]
        FROM (SELECT ${nos.literal()}::int4[] AS nos) n, (SELECT ${quiet.literal()}::int4[] AS nos) q,
          unnest(${announcements.ids}::text[], ${announcements.ats}::timestamptz[], ${nos.starts}::int4[],
                 ${nos.ends}::int4[], ${quiet.starts}::int4[], ${quiet.ends}::int4[])
            WITH ORDINALITY AS u(listing_id, at, s, e, qs, qe, ord)
        ORDER BY u.ord`,
      );
    if (wake.size > 0)
      statements.push(
        sql`SELECT pg_notify(${INBOX_CHANNEL}, u) FROM unnest(${[...wake]}::text[]) AS u`,
      );
    return statements;
  };

  return { load, evolveBatch };
};

/** A listing's alert_listings row as the batch leaves it. */
const rowOf = (id: string, l: ListingState) => ({
  id,
  available: l.available,
  title: l.title,
  description: l.description,
  property_type: l.propertyType,
  rent: l.rent,
  city: l.city,
  area: l.area,
  address: l.address,
  city_key: l.cityKey,
  area_key: l.areaKey,
  bedrooms: l.bedrooms,
  bathrooms: l.bathrooms,
  latitude: l.latitude,
  longitude: l.longitude,
  rent_type: l.rentType,
  tenancy: l.tenancy,
  terms: l.terms,
});

const sameNumbers = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** The searches' numbers in order, as the stored arrays hold them. */
const sortedNumbers = (searches: readonly IndexedSearch[]) => {
  const nos = new Int32Array(searches.length);
  for (let i = 0; i < searches.length; i++) nos[i] = searches[i]!.no;
  return nos.sort();
};

/**
 * Which of each percolation's `check` searches pass their free text and drawn
 * area, tested by Postgres as percolate.ts tests them: the listing's text
 * through to_tsvector('simple') against the search's tsquery, its position
 * against the polygon. A search the batch did not change is read from its
 * row (its tsquery parsed once, when saved); one it changed is sent as it was
 * at the event (it may change twice in a batch), keyed below zero.
 */
const checked = async (
  tx: TransactionSql,
  percolations: readonly Percolation[],
  places: readonly { text: string; longitude: number | null; latitude: number | null }[],
  changed: ReadonlySet<number>,
): Promise<Map<number, Set<number>>> => {
  const pairs: { p: number[]; key: number[]; pl: number[] } = { p: [], key: [], pl: [] };
  const sent = new Map<IndexedSearch, number>();
  const stored = new Set<number>();
  percolations.forEach((perc, i) => {
    for (const s of perc.check) {
      let key = s.no;
      if (changed.has(s.no)) {
        key = sent.get(s) ?? -(sent.size + 1);
        sent.set(s, key);
      } else stored.add(s.no);
      pairs.p.push(i);
      pairs.key.push(key);
      pairs.pl.push(perc.place);
    }
  });
  const passed = new Map<number, Set<number>>();
  if (pairs.p.length === 0) return passed;
  const versions = [...sent.entries()];
  const rows = await tx<{ p: number; n: number }[]>`
    WITH place AS MATERIALIZED (
      SELECT i::int - 1 AS pl, to_tsvector('simple', body) AS words, point(lon, lat) AS pt
      FROM unnest(${places.map((x) => x.text)}::text[], ${places.map((x) => x.longitude)}::float8[],
                  ${places.map((x) => x.latitude)}::float8[]) WITH ORDINALITY AS u(body, lon, lat, i)
    ),
    q AS MATERIALIZED (
      SELECT search_no AS key, search_no AS n, text_tsquery AS tq, drawn_area AS area FROM saved_search_filters
      WHERE search_no = ANY(${[...stored]}::int4[])
      UNION ALL
      SELECT key, n, to_tsquery('simple', tq), area::polygon
      FROM unnest(${versions.map(([, key]) => key)}::int4[], ${versions.map(([s]) => s.no)}::int4[],
                  ${versions.map(([s]) => s.textQuery)}::text[], ${versions.map(([s]) => s.drawnArea)}::text[])
        AS s(key, n, tq, area)
    )
    SELECT c.p, q.n
    FROM unnest(${pairs.p}::int4[], ${pairs.key}::int4[], ${pairs.pl}::int4[]) AS c(p, key, pl)
    JOIN q USING (key) JOIN place USING (pl)
    WHERE (q.area IS NULL OR q.area @> place.pt) AND (q.tq IS NULL OR place.words @@ q.tq)`;
  for (const { p, n } of rows) (passed.get(p) ?? passed.set(p, new Set()).get(p)!).add(n);
  return passed;
};
