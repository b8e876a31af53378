import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import type { SearchAudience } from '@rentals/projections/queries/criteria';
import {
  cellDegrees,
  clusterPoints,
  MAP_POINT_LIMIT,
  type MapResult,
} from '@rentals/projections/queries/mapGrid';
import { mapPointsInMeili } from '@rentals/projections/queries/mapInMeili';
import {
  mapClustersInPostgres,
  mapPointsInPostgres,
  type MapCriteria,
} from '@rentals/projections/queries/mapInPostgres';
import {
  createMeili,
  isMeiliRefusal,
  isMeiliUnavailable,
} from '@rentals/projections/queries/meili';
import type { AppDeps } from '../deps.ts';
import { meiliUrlsOf, SEARCH_TIMEOUT_MS } from './propertySearch.ts';

export type MapAnswer = MapResult & { engine: 'meilisearch' | 'postgres' };

/** Free-text map searches with more matches than this are counted by Postgres (see below). */
export const MEILI_CLUSTER_LIMIT = 20_000;

/**
 * The map search: every match of the list's filters in a viewport.
 *
 * Without free text, Postgres answers: its filters are exactly Meilisearch's
 * (resolved city and area keys, types, rent and room ranges, the viewport),
 * and its covering index (migration 0120) reads positions index-only, while
 * Meilisearch needs ~50 µs a hit to return stored fields. Measured on the 200k
 * seed (docs/PERFORMANCE.md): 3,000 points from Meilisearch p50 150–250 ms,
 * from Postgres 18–40 ms. Above MAP_POINT_LIMIT matches Postgres counts them
 * per grid cell.
 *
 * Free text is where the engines differ (only Meilisearch forgives typos), so
 * it goes to Meilisearch, like the list: the first of MEILI_URL's list that
 * answers within the search time budget, and the Postgres read model when
 * none does or when the list search is already answering from Postgres
 * (`degraded`). Up to MEILI_CLUSTER_LIMIT matches are clustered here from
 * Meilisearch's positions; above, returning them would take seconds, and
 * Postgres counts the cells (its word-prefix matching).
 */
export const createMapSearch = (deps: {
  sql: Sql;
  meili: AppDeps['meili'];
  log: Logger;
  /** True while the list search answers from Postgres: the map then does not wait for Meilisearch either. */
  degraded: () => boolean;
  /** MAP_POINT_LIMIT; tests lower it to see clusters without thousands of listings. */
  pointLimit?: number;
}) => {
  const pointLimit = deps.pointLimit ?? MAP_POINT_LIMIT;
  const clients = meiliUrlsOf(deps.meili).map((url) =>
    createMeili({ url, key: deps.meili.key }, SEARCH_TIMEOUT_MS),
  );
  const options = (signal: AbortSignal) => ({
    signal,
    ...(deps.meili.index ? { index: deps.meili.index } : {}),
  });

  /** Points (or the total) from the first Meilisearch that answers; undefined when none does. */
  const fromMeili = async (audience: SearchAudience, c: MapCriteria, limit: number) => {
    const deadline = Date.now() + SEARCH_TIMEOUT_MS;
    for (const [i, client] of clients.entries()) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      try {
        const share = Math.max(1, Math.floor(left / (clients.length - i)));
        return {
          client,
          found: await mapPointsInMeili(
            client,
            audience,
            c,
            limit,
            options(AbortSignal.timeout(share)),
          ),
        };
      } catch (error) {
        if (!isMeiliUnavailable(error) && !isMeiliRefusal(error)) throw error;
        deps.log.warn('map search: a Meilisearch did not answer', { reason: error.message });
      }
    }
    return undefined;
  };

  return async (audience: SearchAudience, c: MapCriteria, zoom: number): Promise<MapAnswer> => {
    // Free text within a drawn area goes to Postgres too: Meilisearch 1.21 has no polygon filter.
    const text = c.q?.trim() && !c.polygon ? c : undefined;
    const meili =
      text && !deps.degraded() ? await fromMeili(audience, text, pointLimit) : undefined;
    const engine = meili ? 'meilisearch' : 'postgres';
    const found = meili?.found ?? (await mapPointsInPostgres(deps.sql, audience, c, pointLimit));
    if (found.points) return { engine, total: found.total, clustered: false, points: found.points };

    const cell = cellDegrees(zoom, c.bbox);
    const clusters =
      meili && meili.found.total <= MEILI_CLUSTER_LIMIT
        ? clusterPoints(
            (
              await mapPointsInMeili(
                meili.client,
                audience,
                c,
                MEILI_CLUSTER_LIMIT,
                options(AbortSignal.timeout(SEARCH_TIMEOUT_MS)),
              )
            ).points ?? [],
            cell,
          )
        : await mapClustersInPostgres(deps.sql, audience, c, cell);
    const total = clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    return { engine, total, clustered: true, cellDegrees: cell, clusters };
  };
};
