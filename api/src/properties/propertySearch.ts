import type { Sql } from 'postgres';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import type {
  SearchAudience,
  SearchCriteria,
  SearchResult,
} from '@rentals/projections/queries/criteria';
import {
  createSearchReplicas,
  NoReplicaAnswered,
  searchProjectionName,
  type ReplicaState,
} from '@rentals/projections/queries/searchReplicas';
import { createFreshSearch } from '@rentals/projections/queries/freshSearch';
import type { Logger } from '@rentals/core/logger';
import type { AppDeps } from '../deps.ts';

/** Which engine answered the last searches, and each Meilisearch's state; /api/health shows it. */
export type SearchStatus = (
  { engine: 'meilisearch' } | { engine: 'postgres-fallback'; since: string; reason: string }
) & { replicas: ReplicaState[] };

/** The longest a search waits for Meilisearch (all replicas together: dead, paused or swamped) before Postgres answers. */
export const SEARCH_TIMEOUT_MS = 1500;

/** Every Meilisearch with the listings index: `url` first, then the replicas. */
export const meiliUrlsOf = (meili: AppDeps['meili']) => [meili.url, ...(meili.replicas ?? [])];

/**
 * Search with a degraded mode: a Meilisearch replica when one answers
 * (searchReplicas.ts: round robin, failover, back-off), with the listings
 * changed since the index's checkpoint merged in from the read model
 * (freshSearch.ts), otherwise the
 * Postgres read model with the same criteria (same filter semantics). The
 * switch is logged once each way and visible in `status()`.
 */
export const createPropertySearch = (deps: {
  sql: Sql;
  meili: AppDeps['meili'];
  log: Logger;
  clock: () => Date;
}) => {
  const replicas = createSearchReplicas({
    sql: deps.sql,
    urls: meiliUrlsOf(deps.meili),
    key: deps.meili.key,
    index: deps.meili.index,
    timeoutMs: SEARCH_TIMEOUT_MS,
    log: deps.log,
    clock: deps.clock,
  });
  // Read-your-writes for everyone: listings changed since the index's checkpoint come from the read model.
  const freshSearch = createFreshSearch({
    sql: deps.sql,
    searchProjections: meiliUrlsOf(deps.meili).map((_, i) => searchProjectionName(i)),
    searchIndexWith: replicas.searchWith,
  });
  let fallback: { since: string; reason: string } | undefined;

  const search = async (
    audience: SearchAudience,
    criteria: SearchCriteria,
  ): Promise<SearchResult> => {
    // A drawn area is the read model's to answer (Meilisearch 1.21 has no polygon filter); it is
    // not a degradation, and the read model is as fresh as search gets.
    if (criteria.polygon) return searchInPostgres(deps.sql, audience, criteria);
    try {
      const result = await freshSearch(audience, criteria);
      if (fallback) {
        deps.log.info('search recovered: Meilisearch answers again', {
          degradedSince: fallback.since,
        });
        fallback = undefined;
      }
      return result;
    } catch (error) {
      if (!(error instanceof NoReplicaAnswered)) throw error;
      if (!fallback) {
        fallback = { since: deps.clock().toISOString(), reason: error.message };
        deps.log.warn('search degraded: answering from the Postgres read model', {
          reason: error.message,
        });
      }
    }
    return searchInPostgres(deps.sql, audience, criteria);
  };

  const status = (): SearchStatus =>
    fallback
      ? { engine: 'postgres-fallback', ...fallback, replicas: replicas.states() }
      : { engine: 'meilisearch', replicas: replicas.states() };

  return { search, status };
};
