import type { Sql } from 'postgres';
import { postgresReadModels, readSideProjections } from '@rentals/projections/registry';
import { startProjection } from '@rentals/projections/runner/runner';
import { createMeili } from '@rentals/projections/queries/meili';
import {
  createSearchProjection,
  searchProjectionName,
} from '@rentals/projections/search/searchProjection';
import { deleteIndex } from '@rentals/projections/search/listingsIndex';

/**
 * The projections the read endpoints need, running against a test's own
 * database and Meilisearch index, exactly as the projections process runs
 * them. `caughtUp()` waits until every committed event is applied (never sleep).
 * `replicas`: more Meilisearch servers, each fed by its own search projection
 * (named as the projections process names them).
 */
export const startReadSide = (
  db: Sql,
  meili: { url: string; key: string; index: string; replicas?: string[] },
) => {
  const clients = [meili.url, ...(meili.replicas ?? [])].map((url) =>
    createMeili({ url, key: meili.key }),
  );
  const searches = clients.map((http, i) =>
    createSearchProjection(
      () => ({ sql: db, meili: http, index: meili.index }),
      searchProjectionName(i),
    ),
  );
  const start = (p: (typeof searches)[number] | (typeof postgresReadModels)[number]) =>
    startProjection(db, p, { batchSize: 200, pollIntervalMs: 20 });
  let runners = readSideProjections(...searches).map(start);
  const searchNames = new Set(searches.map((s) => s.name));
  return {
    /** `except`: projections not to wait for (e.g. one whose Meilisearch a test has killed). */
    caughtUp: (options: { timeoutMs?: number; except?: string[] } = {}) =>
      Promise.all(
        runners
          .filter((r) => !options.except?.includes(r.name))
          .map((r) => r.whenCaughtUp(options.timeoutMs)),
      ).then(() => undefined),
    /**
     * Stops the search projections (the index keeps its state) while the read
     * models run on, so a test can tell the two apart without racing them.
     */
    holdSearchIndex: async () => {
      const held = runners.filter((r) => searchNames.has(r.name));
      runners = runners.filter((r) => !searchNames.has(r.name));
      await Promise.all(held.map((r) => r.stop()));
    },
    /** Runs the search projections again after holdSearchIndex. */
    releaseSearchIndex: () => {
      runners = [...runners.filter((r) => !searchNames.has(r.name)), ...searches.map(start)];
    },
    /**
     * Stops the Postgres read models while the search projections run on: the index gets ahead
     * of them, as while they catch up after a bulk import or a rebuild.
     */
    holdReadModels: async () => {
      const held = runners.filter((r) => !searchNames.has(r.name));
      runners = runners.filter((r) => searchNames.has(r.name));
      await Promise.all(held.map((r) => r.stop()));
    },
    /** Runs the read models again after holdReadModels. */
    releaseReadModels: () => {
      runners = [...runners, ...postgresReadModels.map(start)];
    },
    /** The names of the search projections (for `caughtUp`'s `except`). */
    searchProjections: [...searchNames],
    stop: async () => {
      for (const search of searches) search.close();
      await Promise.all(runners.map((r) => r.stop()));
      await Promise.all(clients.map((http) => deleteIndex(http, meili.index)));
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
