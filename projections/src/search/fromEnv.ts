import { createSql } from '@rentals/core/db';
import { consoleLogger } from '@rentals/core/logger';
import { loadConfig, requireResolved } from '@rentals/core/config/env';
import { createMeili } from '../queries/meili.ts';
import { createSearchProjection, type SearchProjectionDeps } from './searchProjection.ts';

let deps: SearchProjectionDeps | undefined;

/**
 * The search projection as the projections process runs it: its Postgres pool
 * and Meilisearch client come from the environment (DATABASE_URL, MEILI_URL,
 * MEILI_MASTER_KEY) on first use, so registering it costs nothing at import.
 */
export const listingsSearchProjection = createSearchProjection(() => {
  if (!deps) {
    const config = requireResolved(loadConfig(process.env));
    deps = {
      // One connection holds the swap lock while a batch is applied (runner/swapLock.ts).
      sql: createSql(config.databaseUrl, { max: 3 }),
      meili: createMeili({ url: config.meiliUrl, key: config.meiliMasterKey }, 30_000),
      log: consoleLogger,
    };
  }
  return deps;
});
