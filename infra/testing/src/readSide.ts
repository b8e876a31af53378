import type { Sql } from 'postgres';
import { postgresReadModels, readSideProjections } from '@rentals/projections/registry';
import { startProjection } from '@rentals/projections/runner/runner';
import { createMeili } from '@rentals/projections/queries/meili';
import { createSearchProjection } from '@rentals/projections/search/searchProjection';
import { deleteIndex } from '@rentals/projections/search/listingsIndex';

/**
 * The projections the read endpoints need, running against a test's own
 * database and Meilisearch index, exactly as the projections process runs
 * them. `caughtUp()` waits until every committed event is applied (never sleep).
 */
export const startReadSide = (db: Sql, meili: { url: string; key: string; index: string }) => {
  const http = createMeili(meili);
  const search = createSearchProjection(() => ({ sql: db, meili: http, index: meili.index }));
  const runners = readSideProjections(search).map((p) =>
    startProjection(db, p, { batchSize: 200, pollIntervalMs: 20 }),
  );
  return {
    caughtUp: () => Promise.all(runners.map((r) => r.whenCaughtUp())).then(() => undefined),
    stop: async () => {
      search.close();
      await Promise.all(runners.map((r) => r.stop()));
      await deleteIndex(http, meili.index);
    },
  };
};

/** Runs the Postgres read models until they have applied every committed event, then stops them. */
export const catchUpReadModels = async (db: Sql) => {
  for (const projection of postgresReadModels) {
    const runner = startProjection(db, projection, { batchSize: 50, pollIntervalMs: 5 });
    await runner.whenCaughtUp();
    await runner.stop();
  }
};
