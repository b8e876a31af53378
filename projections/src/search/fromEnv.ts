import { createSql } from '@rentals/core/db';
import { createConsoleLogger } from '@rentals/core/logger';
import { loadConfig, requireResolved } from '@rentals/core/config/env';
import type { Sql } from 'postgres';
import { createMeili } from '../queries/meili.ts';
import {
  createSearchProjection,
  searchProjectionName,
  type SearchProjectionDeps,
} from './searchProjection.ts';

/**
 * How many Meilisearch servers MEILI_URL lists (at least one: the CLI starts
 * the bundled one when it is unset). Counted at import, so the registry
 * knows its projections' names before any connection is opened; the URLs
 * themselves are validated on first use (loadConfig).
 */
const replicaCount = () =>
  Math.max(1, (process.env.MEILI_URL ?? '').split(',').filter((u) => u.trim() !== '').length);

let sql: Sql | undefined;
const byReplica = new Map<number, SearchProjectionDeps>();

const depsFor = (replica: number): SearchProjectionDeps => {
  let deps = byReplica.get(replica);
  if (!deps) {
    const config = requireResolved(loadConfig(process.env));
    const url = config.meiliUrls[replica] ?? config.meiliUrl;
    // One connection holds the swap lock while a batch is applied (runner/swapLock.ts); the
    // replicas' projections share the pool.
    sql ??= createSql(config.databaseUrl, { max: 2 + replicaCount() });
    deps = {
      sql,
      meili: createMeili({ url, key: config.meiliMasterKey }, 30_000),
      log: createConsoleLogger(config.logFormat),
    };
    byReplica.set(replica, deps);
  }
  return deps;
};

/**
 * The search projections as the projections process runs them, one per
 * Meilisearch in MEILI_URL (searchProjectionName): their Postgres pool and
 * Meilisearch clients come from the environment (DATABASE_URL, MEILI_URL,
 * MEILI_MASTER_KEY) on first use, so registering them costs nothing at import.
 */
export const listingsSearchProjections = Array.from({ length: replicaCount() }, (_, replica) =>
  createSearchProjection(() => depsFor(replica), searchProjectionName(replica)),
);
