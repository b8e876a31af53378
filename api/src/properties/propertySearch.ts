import type { Sql } from 'postgres';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import type {
  SearchAudience,
  SearchCriteria,
  SearchResult,
} from '@rentals/projections/queries/criteria';
import {
  createMeili,
  isMeiliRefusal,
  isMeiliUnavailable,
  refusalCode,
} from '@rentals/projections/queries/meili';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import type { Logger } from '@rentals/core/logger';

/** Which engine answered the last searches; /api/health shows it. */
export type SearchStatus =
  { engine: 'meilisearch' } | { engine: 'postgres-fallback'; since: string; reason: string };

/** After a failure, Meilisearch is tried again only after this pause, so a dead server costs no request a timeout. */
const RETRY_AFTER_MS = 2000;
/** The longest a search waits for Meilisearch (dead, paused or swamped) before Postgres answers. */
export const SEARCH_TIMEOUT_MS = 1500;

/**
 * Search with a degraded mode: Meilisearch when it answers, otherwise the
 * Postgres read model with the same criteria (same filter semantics). The
 * switch is logged once each way and visible in `status()`.
 */
export const createPropertySearch = (deps: {
  sql: Sql;
  meili: { url: string; key: string; index?: string };
  log: Logger;
  clock: () => Date;
}) => {
  const meili = createMeili(deps.meili, SEARCH_TIMEOUT_MS);
  let status: SearchStatus = { engine: 'meilisearch' };
  let retryAt = 0;

  const degrade = (reason: string) => {
    retryAt = Date.now() + RETRY_AFTER_MS;
    if (status.engine === 'meilisearch') {
      status = { engine: 'postgres-fallback', since: deps.clock().toISOString(), reason };
      deps.log.warn('search degraded: answering from the Postgres read model', { reason });
    }
  };

  const search = async (
    audience: SearchAudience,
    criteria: SearchCriteria,
  ): Promise<SearchResult> => {
    if (status.engine === 'meilisearch' || Date.now() >= retryAt) {
      try {
        const result = await searchInMeili(meili, audience, criteria, deps.meili.index);
        if (status.engine !== 'meilisearch') {
          deps.log.info('search recovered: Meilisearch answers again', {
            degradedSince: status.since,
          });
          status = { engine: 'meilisearch' };
        }
        return result;
      } catch (error) {
        // Input is validated before it reaches here, so an error Meilisearch answers with is a
        // state of the index (missing, or its settings still being applied after a rebuild),
        // not of the request: the read model answers instead, and the reason is logged.
        if (isMeiliRefusal(error)) degrade(`${refusalCode(error)}: ${error.message}`);
        else if (isMeiliUnavailable(error)) degrade(`Meilisearch unreachable: ${error.message}`);
        else throw error;
      }
    }
    return searchInPostgres(deps.sql, audience, criteria);
  };

  return { search, status: (): SearchStatus => status };
};
