import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import { listingJsonById, listingJsonByIds } from '@rentals/projections/queries/listingQueries';
import { liveListener } from '../shared/liveListener.ts';
import { onePerClient } from '../shared/onePerClient.ts';

/**
 * Where the database announces document changes (migration 0101): a listing
 * id when its `listing_read` row or view count changed, `*` when a table was
 * emptied. A rebuild's table swap says the table's name on
 * `read_model_swapped` (projections/src/runner/shadowTables.ts).
 */
const CHANNELS = ['listing_changes', 'read_model_swapped'];
const SWAPPED_TABLES = new Set(['listing_read', 'listing_view_counts']);

/** Documents kept per process (~1 KB of JSON each); the least recently served go first. */
const MAX_CACHED_DOCUMENTS = 50_000;
/** Changed ids remembered for reads in flight; past this the memory is dropped and every read in flight is discarded. */
const MAX_REMEMBERED_CHANGES = 10_000;

/** One process's cached documents and the announcements reads in flight must respect. */
type CacheState = {
  sql: Sql;
  maxDocuments: number;
  documents: Map<string, string>;
  /** Numbers every announcement; a read remembers the number it began at. */
  changes: number;
  /** A read that began before this may have missed an announcement no longer remembered. */
  floor: number;
  changedAt: Map<string, number>;
};

const forgetAll = (cache: CacheState) => {
  cache.floor = ++cache.changes;
  cache.documents.clear();
  cache.changedAt.clear();
};
const forget = (cache: CacheState, id: string) => {
  cache.documents.delete(id);
  cache.changedAt.set(id, ++cache.changes);
  if (cache.changedAt.size > MAX_REMEMBERED_CHANGES) {
    cache.changedAt.clear();
    cache.floor = cache.changes;
  }
};
const remember = ({ documents, maxDocuments }: CacheState, id: string, json: string) => {
  documents.delete(id);
  documents.set(id, json);
  if (documents.size > maxDocuments) documents.delete(documents.keys().next().value!);
};

const onNotify = (cache: CacheState, payload: string, channel: string) => {
  if (channel === 'read_model_swapped') {
    if (SWAPPED_TABLES.has(payload)) forgetAll(cache);
  } else if (payload === '*') forgetAll(cache);
  else forget(cache, payload);
};

/**
 * The documents for a search's ids, in its order, as JSON text; ids
 * without a row drop out. `changed`: ids the search knows changed in the
 * read model after the index's checkpoint (freshSearch), read from
 * Postgres whatever the cache holds: the announcement of a change arrives
 * after its commit, so for a moment the cache may still hold the document
 * from before it, and a search that merged the new row must not show the
 * old document.
 */
const byIds = async (
  cache: CacheState,
  listener: ReturnType<typeof liveListener>,
  ids: readonly string[],
  changed: readonly string[],
): Promise<string[]> => {
  const { sql } = cache;
  if (!listener.isLive()) {
    void listener.start();
    return listingJsonByIds(sql, ids);
  }
  const found = new Map<string, string>();
  const missing: string[] = [];
  const readAnyway = new Set(changed);
  for (const id of ids) {
    const json = readAnyway.has(id) ? undefined : cache.documents.get(id);
    if (json === undefined) missing.push(id);
    else {
      remember(cache, id, json);
      found.set(id, json);
    }
  }
  if (missing.length > 0) {
    const before = cache.changes;
    const read = await listingJsonById(sql, missing);
    const fill = listener.isLive() && before >= cache.floor;
    for (const [id, json] of read) {
      found.set(id, json);
      if (fill && (cache.changedAt.get(id) ?? 0) <= before) remember(cache, id, json);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
};

/**
 * The signed-in search's documents (the full listing as JSON text, view
 * count included), kept in memory per web process so a page of hits from
 * Meilisearch costs no read-model query once its listings were served before.
 * A LISTEN (liveListener.ts) evicts a listing when its row or view count
 * changes; each (re)connection and a rebuild's reset or swap empties it.
 * Until it is listening (at start, after the connection was cut) every page
 * reads Postgres, as before this cache, and fills nothing.
 *
 * Missing ids cost one query, which fills the cache unless one of them was
 * announced as changed meanwhile: that read might predate the change.
 */
export const createDocumentCache = (deps: { sql: Sql; log?: Logger; maxDocuments?: number }) => {
  const cache: CacheState = {
    sql: deps.sql,
    maxDocuments: deps.maxDocuments ?? MAX_CACHED_DOCUMENTS,
    documents: new Map(),
    changes: 0,
    floor: 0,
    changedAt: new Map(),
  };
  const listener = liveListener({
    sql: deps.sql,
    channels: CHANNELS,
    what: 'document cache',
    log: deps.log,
    onNotify: (payload, channel) => onNotify(cache, payload, channel),
    onConnect: () => {
      forgetAll(cache);
      return Promise.resolve();
    },
  });

  return {
    byIds: (ids: readonly string[], changed: readonly string[] = []) =>
      byIds(cache, listener, ids, changed),
    /** What it holds, for the memory census (core/src/memoryLog.ts): documents and their text in MB of characters. */
    held: () => {
      let chars = 0;
      for (const json of cache.documents.values()) chars += json.length;
      return {
        documentsCached: cache.documents.size,
        documentTextMb: Math.round(chars / 1024 / 1024),
      };
    },
    // isLive: pages are served from memory, not Postgres; start: listen now, not at the first page.
    ...listener,
  };
};

/** One cache per database client (per web process). */
export const documentCacheFor = onePerClient(createDocumentCache);
