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
 * parameter (`$n IS NULL OR …`), not a missing line. postgres.js keeps a
 * prepared statement per query text on each connection for the
 * connection's life, so a text per combination of filters kept hundreds
 * of statements per connection alive in the web process (tens of MB,
 * growing for an hour; docs/PERFORMANCE.md). Postgres then plans each
 * execution with its values (the web pool's `customPlans`, core/src/db.ts),
 * folding the null tests away, so the indexes are used as before.
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
    db`AND (${box?.south ?? null}::float8 IS NULL
      OR (${lat} BETWEEN ${box?.south ?? null}::float8 AND ${box?.north ?? null}::float8
          AND ${lng} BETWEEN ${box?.west ?? null}::float8 AND ${box?.east ?? null}::float8))`;
  const polygon = c.polygon ? polygonLiteral(c.polygon) : null;
  const placed = c.bbox !== undefined || c.polygon !== undefined;
  const anyOf = (column: Fragment, values: readonly string[] | undefined) =>
    db`AND (${(values as string[] | undefined) ?? null}::text[] IS NULL
      OR ${column} = ANY(${(values as string[] | undefined) ?? null}::text[]))`;
  // Counts are integers, rents doubles: each compared in its column's type, as the indexes are.
  const atLeast = (column: Fragment, value: number | undefined) =>
    db`AND (${value ?? null}::int IS NULL OR ${column} >= ${value ?? null}::int)`;
  const rentFrom = (value: number | undefined) =>
    db`AND (${value ?? null}::float8 IS NULL OR rent >= ${value ?? null}::float8)`;
  const rentUpTo = (value: number | undefined) =>
    db`AND (${value ?? null}::float8 IS NULL OR rent <= ${value ?? null}::float8)`;
  const tsquery = words.length > 0 ? prefixQuery(words) : null;
  return db`
    WHERE ${full ? db`is_available` : db`listed`}
    ${anyOf(db`city_key`, c.cities)}
    ${anyOf(db`property_type`, c.propertyTypes)}
    ${atLeast(db`bedrooms`, c.bedrooms)}
    ${atLeast(db`bathrooms`, c.bathrooms)}
    ${
      full
        ? db`${anyOf(db`area_key`, c.areas)}
          ${rentFrom(c.minRent)}
          ${rentUpTo(c.maxRent)}
          ${tenancySqlWhere(db, c.tenancy)}`
        : db`AND (NOT ${placed} OR show_on_map)`
    }
    ${within(c.bbox)}
    ${within(c.polygon ? polygonBounds(c.polygon) : undefined)}
    AND (${polygon}::polygon IS NULL OR ${polygon}::polygon @> point(${lng}, ${lat}))
    AND (${tsquery}::text IS NULL OR ${text} @@ to_tsquery('simple', ${tsquery}::text))`;
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
