import type { Fragment, Sql } from 'postgres';
import { meiliSynonyms } from '@rentals/core/gazetteer/cities';
import { polygonBounds, polygonLiteral } from '@rentals/core/geo/polygon';
import {
  queryWords,
  type BoundingBox,
  type SearchAudience,
  type SearchCriteria,
  type SearchResult,
} from './criteria.ts';
import { tenancySqlWhere } from './tenancyFilter.ts';
import { whenGiven } from './optionalFilter.ts';

const SYNONYMS = meiliSynonyms();

/** A word as a prefix, or any of its synonyms (Meilisearch's synonyms: 'bangalore' finds Bengaluru here too). */
const termOf = (word: string) => {
  const names = [word, ...(SYNONYMS[word] ?? [])].map((name) =>
    name
      .split(' ')
      .map((w) => `${w}:*`)
      .join(' <-> '),
  );
  return names.length === 1 ? names[0]! : `(${names.join(' | ')})`;
};

/** Every word as a prefix ('koram' finds Koramangala); words are letters and digits only (queryWords). */
export const prefixQuery = (words: string[]) => words.map(termOf).join(' & ');

/**
 * The WHERE clause of a search over the model of `audience` (listing_read or
 * listing_public): the criteria's filters, without paging or sort. The one
 * copy of the filter logic in SQL: the degraded search, the fresh-changes
 * merge (freshSearch.ts) and the map search (mapInPostgres.ts) all use it,
 * so all answer the same. City and area compare resolved keys; free text
 * requires every word, as a word prefix, in the searchable fields (no typo
 * tolerance here).
 *
 * Its text depends on the audience only: a filter not given is a null
 * parameter (whenGiven), not a missing line. postgres.js keeps a prepared
 * statement per query text on each connection for the connection's life,
 * so a text per combination of filters kept hundreds of statements alive
 * in the web process (234 after 6 minutes of load; docs/PERFORMANCE.md).
 * The web pool plans each execution with its values (`planWithValues`,
 * core/src/db.ts), folding the null tests away, so the indexes are used
 * as before.
 */
export const searchWhere = (
  db: Sql,
  audience: SearchAudience,
  c: Omit<SearchCriteria, 'sort' | 'page' | 'limit'>,
) => {
  const full = audience === 'full';
  // The same expressions as the word indexes (migration 0015), so the planner uses them.
  const text = full
    ? db`to_tsvector('simple', title || ' ' || description || ' ' || city || ' ' || area || ' ' || address)`
    : db`to_tsvector('simple', title || ' ' || description || ' ' || city)`;
  const words = queryWords(c.q);
  const lat = full ? db`latitude` : db`coarse_lat`;
  const lng = full ? db`longitude` : db`coarse_lng`;
  // A position test: within the viewport, and within the drawn area (its bounds first, for the index).
  const within = (box: BoundingBox | undefined) =>
    whenGiven(
      db,
      box?.south,
      db`float8`,
      (south) =>
        db`${lat} BETWEEN ${south} AND ${box?.north ?? null}::float8
          AND ${lng} BETWEEN ${box?.west ?? null}::float8 AND ${box?.east ?? null}::float8`,
    );
  const placed = c.bbox !== undefined || c.polygon !== undefined;
  const anyOf = (column: Fragment, values: readonly string[] | undefined) =>
    whenGiven(db, values, db`text[]`, (v) => db`${column} = ANY(${v})`);
  // Counts are integers, rents doubles: each compared in its column's type, as the indexes are.
  const atLeast = (column: Fragment, value: number | undefined) =>
    whenGiven(db, value, db`int`, (v) => db`${column} >= ${v}`);
  return db`
    WHERE ${full ? db`is_available` : db`listed`}
    ${anyOf(db`city_key`, c.cities)}
    ${anyOf(db`property_type`, c.propertyTypes)}
    ${atLeast(db`bedrooms`, c.bedrooms)}
    ${atLeast(db`bathrooms`, c.bathrooms)}
    ${
      full
        ? db`${anyOf(db`area_key`, c.areas)}
          ${whenGiven(db, c.minRent, db`float8`, (v) => db`rent >= ${v}`)}
          ${whenGiven(db, c.maxRent, db`float8`, (v) => db`rent <= ${v}`)}
          ${tenancySqlWhere(db, c.tenancy)}
          ${c.ownersOnly ? db`AND (doc -> 'owner' ->> 'role') <> 'broker'` : db``}`
        : db`AND (NOT ${placed} OR show_on_map)`
    }
    ${within(c.bbox)}
    ${within(c.polygon ? polygonBounds(c.polygon) : undefined)}
    ${whenGiven(db, c.polygon && polygonLiteral(c.polygon), db`polygon`, (v) => db`${v} @> point(${lng}, ${lat})`)}
    ${whenGiven(db, words.length > 0 ? prefixQuery(words) : undefined, db`text`, (v) => db`${text} @@ to_tsquery('simple', ${v})`)}`;
};

/**
 * The criteria over a Postgres read model, as SQL fragments: the table (the
 * full model for signed-in users, the public one for visitors), the WHERE
 * clause (searchWhere) and the ORDER BY.
 */
export const criteriaSql = (db: Sql, audience: SearchAudience, c: SearchCriteria) => {
  const full = audience === 'full';
  const table = full ? db`listing_read` : db`listing_public`;
  const order =
    full && c.sort === 'rent_asc'
      ? db`rent ASC, created_at DESC, id DESC`
      : full && c.sort === 'rent_desc'
        ? db`rent DESC, created_at DESC, id DESC`
        : full && c.sort === 'recently_confirmed'
          ? db`last_confirmed_at DESC, created_at DESC, id DESC`
          : db`created_at DESC, id DESC`;
  return { table, where: searchWhere(db, audience, c), order };
};

/**
 * The degraded search path: the same criteria as the Meilisearch query, over
 * the Postgres read models (criteriaSql).
 */
export const searchInPostgres = async (
  db: Sql,
  audience: SearchAudience,
  c: SearchCriteria,
): Promise<SearchResult> => {
  if (c.cities?.length === 0 || c.areas?.length === 0) return { ids: [], total: 0 };
  const { table, where, order } = criteriaSql(db, audience, c);
  const [rows, [count]] = await Promise.all([
    db<{ id: string }[]>`SELECT id FROM ${table} ${where} ORDER BY ${order}
      LIMIT ${c.limit} OFFSET ${(c.page - 1) * c.limit}`,
    db<{ total: number }[]>`SELECT count(*)::int AS total FROM ${table} ${where}`,
  ]);
  return { ids: rows.map((r) => r.id), total: count?.total ?? 0 };
};
