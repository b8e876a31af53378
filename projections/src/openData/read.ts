import type { Sql, TransactionSql } from 'postgres';
import type { Cell, PlaceNames } from './shape.ts';

/**
 * What the open rent data is made of, read from the read models as they
 * stand: the rent trends' medians (projections/src/readModels/rentTrends.ts)
 * and the lets (listing_lets). A locality whose name folds to nothing ('')
 * is only in its city's row: it has no name to publish.
 */

type Db = Sql | TransactionSql;

/** Asked rents: every bucket of rent_trend (listings on the market that month, at the rent they last had in it). */
const askedCells = (sql: Db) =>
  sql<Cell[]>`
    SELECT scope, city_key AS "cityKey", area_key AS "areaKey", property_type AS "propertyType", bedrooms,
      to_char(month, 'YYYY-MM-DD') AS month, median, sample AS count
    FROM rent_trend WHERE scope = 'city' OR area_key <> ''`;

/**
 * Let rents: lets by the Indian calendar month of `let_at` (as the trends
 * place events, rentMarket.ts monthOf), per locality and per city, with the
 * trends' median (percentile_cont).
 */
const letCells = (sql: Db) =>
  sql<Cell[]>`
    WITH l AS (
      SELECT city_key, area_key, property_type, bedrooms, rent,
        to_char(date_trunc('month', let_at AT TIME ZONE 'Asia/Kolkata'), 'YYYY-MM-DD') AS month
      FROM listing_lets)
    SELECT 'locality' AS scope, city_key AS "cityKey", area_key AS "areaKey", property_type AS "propertyType",
      bedrooms, month, percentile_cont(0.5) WITHIN GROUP (ORDER BY rent) AS median, count(*)::int AS count
    FROM l WHERE area_key <> '' GROUP BY city_key, area_key, property_type, bedrooms, month
    UNION ALL
    SELECT 'city', city_key, '', property_type, bedrooms, month,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY rent), count(*)::int
    FROM l GROUP BY city_key, property_type, bedrooms, month`;

/**
 * Each city's and locality's display name: the spelling (trimmed) most of
 * its live listings and lets carry, ties to the first in code point order,
 * so the same data always names a place the same way.
 */
const placeNames = async (sql: Db): Promise<PlaceNames> => {
  const rows = await sql<{ cityKey: string; areaKey: string | null; name: string }[]>`
    WITH spellings AS (
      SELECT city_key, area_key, trim(city) AS city, trim(area) AS area FROM rent_listing
      UNION ALL SELECT city_key, area_key, trim(city), trim(area) FROM listing_lets),
    ranked AS (
      SELECT city_key, NULL::text AS area_key, city AS name, count(*) AS n FROM spellings GROUP BY 1, 2, 3
      UNION ALL
      SELECT city_key, area_key, area, count(*) FROM spellings GROUP BY 1, 2, 3)
    SELECT DISTINCT ON (city_key, area_key) city_key AS "cityKey", area_key AS "areaKey", name
    FROM ranked WHERE name <> ''
    ORDER BY city_key, area_key, n DESC, name COLLATE "C"`;
  const cities = new Map<string, string>();
  const areas = new Map<string, string>();
  for (const r of rows)
    if (r.areaKey === null) cities.set(r.cityKey, r.name);
    else areas.set(`${r.cityKey}\u0000${r.areaKey}`, r.name);
  return { cities, areas };
};

/** The latest month the rent trends have reached ('YYYY-MM-01'), null before any listing. */
const throughMonth = async (sql: Db) => {
  const [clock] = await sql<{ month: string }[]>`
    SELECT to_char(month, 'YYYY-MM-DD') AS month FROM rent_trend_clock`;
  return clock?.month ?? null;
};

/** Everything the files are shaped from, in one repeatable-read snapshot. */
export const readOpenData = (sql: Sql) =>
  sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
    const [asked, lets, names, month] = [
      await askedCells(tx),
      await letCells(tx),
      await placeNames(tx),
      await throughMonth(tx),
    ];
    return { asked, lets, names, month };
  });
