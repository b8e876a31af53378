import type { Sql } from 'postgres';
import type { Meilisearch, MultiSearchParams } from 'meilisearch';
import { listingStreamId, LISTING_EVENT_TYPES } from '@rentals/core/listings/events';
import { APPENDED_CHANNEL, mayConcern } from '@rentals/core/eventStore/appendedNotice';
import type { SearchAudience, SearchCriteria, SearchResult } from './criteria.ts';
import { mergePage, windowFor, type IndexWindow } from './freshMerge.ts';
import {
  meiliSearchBody,
  quoteFilterValue,
  searchInMeili,
  type IndexQuery,
} from './searchInMeili.ts';
import { criteriaSql } from './searchInPostgres.ts';
import {
  LISTING_READ_MODEL,
  LISTINGS_INDEX,
  PUBLIC_LISTING_MODEL,
} from '@rentals/core/readSide/names';

/**
 * The most listing events between the index's checkpoint and the read
 * model's that a search merges: the newest ones. When the index is further
 * behind (a bulk import, a rebuild, an index that stopped), older changes are
 * served as the index has them, so that no search has to merge thousands of
 * listings; the newest changes stay visible at once.
 */
export const FRESH_EVENTS_LIMIT = 250;

/** Listings changed since the index's checkpoint: all of them, and those that match the criteria now, in the chosen order. */
export type FreshChanges = { changed: string[]; matching: string[] };

const STREAM_PREFIX = listingStreamId('');
const LISTING_TYPES: ReadonlySet<string> = new Set(LISTING_EVENT_TYPES);

/**
 * The listings whose read-model rows changed after the index's checkpoint
 * (the oldest of the search projections', so every replica is covered): the
 * listing events in (index checkpoint, read model checkpoint]. Their rows
 * hold at least that state (the checkpoint commits with the rows), so each
 * is at least as new as the index's copy; events the read model has not
 * applied yet are in neither. Which of them match is decided by the
 * fallback's own criteria (criteriaSql). One round trip; a backward range
 * scan of the events' (transaction_id, position) index, the newest
 * FRESH_EVENTS_LIMIT events at most. `atHead`: the index has every listing
 * event in the log.
 *
 * The checkpoints enter the range conditions as scalar subqueries (computed
 * once, then index bounds), and `atHead` looks for the first later event
 * with ORDER BY … LIMIT 1 rather than EXISTS (whose LIMIT the planner drops):
 * joined as rows, the planner scanned the whole log for both, 1.5 s per
 * search on the 200k seed's 260k events while writes were coming in.
 */
export const changesSinceIndex = async (
  db: Sql,
  audience: SearchAudience,
  c: SearchCriteria,
  searchProjections: readonly string[],
): Promise<{ changes: FreshChanges; atHead: boolean }> => {
  const model = audience === 'full' ? LISTING_READ_MODEL : PUBLIC_LISTING_MODEL;
  const types = LISTING_EVENT_TYPES as string[];
  const { table, where, order } = criteriaSql(db, audience, c);
  const [row] = await db<{ at_head: boolean; changed: string[]; matching: string[] }[]>`
    WITH idx AS (SELECT transaction_id, position FROM projection_checkpoints
                 WHERE name = ANY(${searchProjections as string[]}::text[])
                 ORDER BY transaction_id, position LIMIT 1),
         model AS (SELECT transaction_id, position FROM projection_checkpoints WHERE name = ${model}),
         recent AS (SELECT e.stream_id FROM events e
                    WHERE (e.transaction_id, e.position) > ((SELECT transaction_id FROM idx), (SELECT position FROM idx))
                      AND (e.transaction_id, e.position) <= ((SELECT transaction_id FROM model), (SELECT position FROM model))
                      AND e.type = ANY(${types}::text[])
                    ORDER BY e.transaction_id DESC, e.position DESC
                    LIMIT ${FRESH_EVENTS_LIMIT}),
         changed AS (SELECT DISTINCT substr(stream_id, ${STREAM_PREFIX.length + 1}) AS id FROM recent)
    SELECT EXISTS (SELECT 1 FROM idx) AND (
             SELECT e.position FROM events e
             WHERE (e.transaction_id, e.position) > ((SELECT transaction_id FROM idx), (SELECT position FROM idx))
               AND e.type = ANY(${types}::text[])
             ORDER BY e.transaction_id, e.position LIMIT 1) IS NULL AS at_head,
           ARRAY(SELECT id FROM changed) AS changed,
           ARRAY(SELECT id FROM ${table} ${where} AND id IN (SELECT id FROM changed) ORDER BY ${order}) AS matching`;
  if (!row) throw new Error('changesSinceIndex: no row');
  return { atHead: row.at_head, changes: { changed: row.changed, matching: row.matching } };
};

/**
 * Spares the per-search query above while nothing can have changed: once a
 * search found the index holding every listing event, searches skip it until
 * the next append of a listing event is announced (the event store's NOTIFY) or the LISTEN
 * connection is made again (announcements may have been missed meanwhile).
 * A search that started before an announcement never closes the gate.
 */
const createQuietGate = (db: Sql) => {
  let listening = false;
  let quiet = false;
  let announced = 0;
  let started: Promise<unknown> | undefined;
  const listen = () => {
    started ??= db
      .listen(
        APPENDED_CHANNEL,
        (payload) => {
          // Messages, favourites and the like leave the index at the head for listings.
          if (!mayConcern(payload, LISTING_TYPES)) return;
          announced++;
          quiet = false;
        },
        () => {
          announced++;
          quiet = false;
          listening = true;
        },
      )
      .catch(() => {
        // Postgres unreachable: no gate (every search asks), try again with the next search.
        started = undefined;
        listening = false;
      });
  };
  return {
    isQuiet: () => {
      listen();
      return quiet;
    },
    /** The announcement count before a query; pass it to `atHead` if that query found the index at the head. */
    mark: () => announced,
    atHead: (mark: number) => {
      if (listening && mark === announced) quiet = true;
    },
  };
};

/**
 * The index's answer without the changed listings (whatever state of them it
 * holds): a window of its ranking (`offset`/`limit`) and, in the same
 * request, the exact size of that reduced result. Needs `id` filterable.
 */
const searchIndexWithout =
  (
    changed: readonly string[],
    window: { offset: number; limit: number },
  ): IndexQuery<IndexWindow> =>
  async (meili, audience, c, index = LISTINGS_INDEX, signal) => {
    const { page: _page, hitsPerPage: _hitsPerPage, ...body } = meiliSearchBody(audience, c);
    const filter = [...body.filter, `NOT id IN [${changed.map(quoteFilterValue).join(', ')}]`];
    const query = { ...body, indexUid: index, filter };
    const params: MultiSearchParams = {
      queries: [
        { ...query, ...window },
        { ...query, page: 1, hitsPerPage: 0 },
      ],
    };
    const { results } = await meili.multiSearch<MultiSearchParams, { id: string }>(
      params,
      signal ? { signal } : undefined,
    );
    const [hits, count] = results;
    return {
      ids: (hits?.hits ?? []).map((h) => h.id),
      offset: window.offset,
      total: count?.totalHits ?? 0,
    };
  };

/** Runs a Meilisearch query on whichever replica answers (searchReplicas' `searchWith`). */
export type SearchIndexWith = <T>(
  audience: SearchAudience,
  criteria: SearchCriteria,
  run: (
    meili: Meilisearch,
    audience: SearchAudience,
    c: SearchCriteria,
    index?: string,
    signal?: AbortSignal,
  ) => Promise<T>,
) => Promise<T>;

/**
 * Read-your-writes search for everyone: the index's answer with every
 * listing changed since its checkpoint taken from the read model instead
 * (the public model for visitors). A changed listing that matches now is
 * placed where the read model's order puts it; one that no longer matches,
 * or is gone, is left out; the total counts both. A change is searchable as
 * soon as the read model has it, whatever Meilisearch's batch time.
 *
 * Exact for the sorted orders (newest, rent): page boundaries included
 * (freshMerge.ts). For a free-text query, ranked by relevance that only
 * the index knows, matching changed listings come first on page 1 (in the
 * chosen sort order) and every later page is shifted by them, so no listing
 * is shown twice or skipped between pages; changed listings are matched by
 * the fallback's text rule (every word as a prefix, no typos). With no
 * changes pending the index's answer is returned untouched, and while the
 * index holds the whole log searches cost no Postgres query (createQuietGate).
 */
export const createFreshSearch = (deps: {
  sql: Sql;
  /** The search projections of the replicas (searchProjectionName of each). */
  searchProjections: readonly string[];
  searchIndexWith: SearchIndexWith;
}) => {
  const gate = createQuietGate(deps.sql);
  return async (audience: SearchAudience, c: SearchCriteria): Promise<SearchResult> => {
    if (c.cities?.length === 0 || c.areas?.length === 0) return { ids: [], total: 0 };
    if (gate.isQuiet()) return deps.searchIndexWith(audience, c, searchInMeili);
    const mark = gate.mark();
    const { changes, atHead } = await changesSinceIndex(
      deps.sql,
      audience,
      c,
      deps.searchProjections,
    );
    if (atHead) gate.atHead(mark);
    if (changes.changed.length === 0) return deps.searchIndexWith(audience, c, searchInMeili);
    const fresh = changes.matching;
    const range = windowFor(c.page, c.limit, fresh.length);
    const window = await deps.searchIndexWith(
      audience,
      c,
      searchIndexWithout(changes.changed, range),
    );
    const relevance = meiliSearchBody(audience, c).q !== undefined;
    const order =
      relevance || fresh.length === 0
        ? undefined
        : await orderedByCriteria(deps.sql, audience, c, [...window.ids, ...fresh]);
    const page = mergePage({ window, fresh, order, page: c.page, limit: c.limit });
    const changed = new Set(changes.changed);
    return { ...page, changed: page.ids.filter((id) => changed.has(id)) };
  };
};

/** Listings by id in the read model's order for the criteria (the fallback's ORDER BY). */
const orderedByCriteria = async (
  db: Sql,
  audience: SearchAudience,
  c: SearchCriteria,
  ids: string[],
) => {
  const { table, order } = criteriaSql(db, audience, c);
  const rows = await db<{ id: string }[]>`
    SELECT id FROM ${table} WHERE id = ANY(${ids}::text[]) ORDER BY ${order}`;
  return rows.map((r) => r.id);
};
