import type { Sql } from 'postgres';
import type { PropertyType } from '@rentals/core/listings/listing';
import type { BoundingBox, SearchAudience, SearchCriteria } from './criteria.ts';
import { roundDegrees, type MapCluster, type MapPoint } from './mapGrid.ts';
import { searchWhere } from './searchInPostgres.ts';

/** A map search: the list's filters, and always a viewport. */
export type MapCriteria = Omit<SearchCriteria, 'sort' | 'page' | 'limit' | 'bbox'> & {
  bbox: BoundingBox;
};

const noPlace = (c: MapCriteria) => c.cities?.length === 0 || c.areas?.length === 0;

/**
 * The rows a map may show: the search's filters (searchWhere) on the model of
 * the audience, and only listings whose owner shows them on the map (SPEC §2).
 * The last condition is the predicate of the map indexes (migrations 0120, 0189),
 * written the same way so that the planner uses them, index-only.
 */
const mapWhere = (db: Sql, audience: SearchAudience, c: MapCriteria) =>
  db`${searchWhere(db, audience, c)} AND show_on_map`;

/** The model's table and its position columns for an audience (visitors: the visitor position). */
const model = (db: Sql, audience: SearchAudience) =>
  audience === 'full'
    ? { table: db`listing_read`, lat: db`latitude`, lng: db`longitude` }
    : { table: db`listing_public`, lat: db`coarse_lat`, lng: db`coarse_lng` };

/**
 * Every match in the viewport as a point, when there are at most `limit`;
 * otherwise `points` is undefined and the caller clusters (whose counts give
 * the total: counting here as well would read every match twice).
 */
export const mapPointsInPostgres = async (
  db: Sql,
  audience: SearchAudience,
  c: MapCriteria,
  limit: number,
): Promise<{ total: number; points: MapPoint[] } | { total?: undefined; points: undefined }> => {
  if (noPlace(c)) return { total: 0, points: [] };
  const { table, lat, lng } = model(db, audience);
  const rent = audience === 'full' ? db`, rent` : db``;
  const rows = await db<
    { id: string; lat: number; lng: number; type: PropertyType; rent?: number }[]
  >`SELECT id, ${lat} AS lat, ${lng} AS lng, property_type AS type ${rent}
    FROM ${table} ${mapWhere(db, audience, c)} LIMIT ${limit + 1}`;
  if (rows.length <= limit)
    return {
      total: rows.length,
      points: rows.map((r) => ({
        id: r.id,
        lat: roundDegrees(r.lat),
        lng: roundDegrees(r.lng),
        type: r.type,
        ...(r.rent === undefined ? {} : { rent: r.rent }),
      })),
    };
  return { points: undefined };
};

/**
 * Every match in the viewport counted per grid cell of `cell` degrees, at the
 * cell's average position: the same cells as clusterPoints (mapGrid.ts).
 */
export const mapClustersInPostgres = async (
  db: Sql,
  audience: SearchAudience,
  c: MapCriteria,
  cell: number,
): Promise<MapCluster[]> => {
  if (noPlace(c)) return [];
  const { table, lat, lng } = model(db, audience);
  // sum / count rather than avg, which also accumulates squares: Postgres CPU for the whole-India view
  // 97 → 82 ms in one (noisy) run.
  // The planner cannot estimate how many cells there are (it guesses one per few rows) and, over the
  // whole country, chose sorting 160k rows on disk over hashing a few hundred cells: 1.8× slower.
  const rows = await db.begin(async (tx) => {
    await tx`SET LOCAL enable_sort = off`;
    return tx<MapCluster[]>`
      SELECT sum(${lat}) / count(*) AS lat, sum(${lng}) / count(*) AS lng, count(*)::int AS count
      FROM ${table} ${mapWhere(db, audience, c)}
      GROUP BY floor(${lat} / ${cell}::float8), floor(${lng} / ${cell}::float8)`;
  });
  return rows.map((r) => ({
    lat: roundDegrees(Number(r.lat)),
    lng: roundDegrees(Number(r.lng)),
    count: r.count,
  }));
};
