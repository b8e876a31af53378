// The read side's projections in their own process, as the projections entry runs them, for the freshness benchmark;
// with PUBLIC_SITE_DIR also the dirty-cities projection and the static-site regenerator (bench:bulk).
import { createSql } from '@rentals/core/db';
import { createConsoleLogger } from '@rentals/core/logger';
import { handleProcessFaults } from '@rentals/core/processFaults';
import { readSideProjections } from '@rentals/projections/registry';
import { startProjection } from '@rentals/projections/runner/runner';
import { createMeili } from '@rentals/projections/queries/meili';
import { createSearchProjection } from '@rentals/projections/search/searchProjection';
import { dirtyCitiesProjection } from '@rentals/projections/dirtyCities/dirtyCities';
import { startRegenerator } from '@rentals/projections/publicSite/regenerator';

// As the projections entry: a connection fault the client throws outside our promises is logged, not fatal.
handleProcessFaults(createConsoleLogger('plain'));
const sql = createSql(process.env.DATABASE_URL!, { max: 12 });
const meili = createMeili(
  { url: process.env.MEILI_URL!, key: process.env.MEILI_MASTER_KEY! },
  30_000,
);
const pollIntervalMs = Number(process.env.PROJECTION_POLL_MS ?? 1000);
const siteDir = process.env.PUBLIC_SITE_DIR;
const projections = [
  ...(siteDir ? [dirtyCitiesProjection] : []),
  ...readSideProjections(createSearchProjection(() => ({ sql, meili }))),
];
const running = projections.map((p) =>
  startProjection(sql, p, { pollIntervalMs, log: (l) => console.log(l) }),
);
const regenerator = siteDir
  ? startRegenerator({
      sql,
      outDir: siteDir,
      siteUrl: 'https://rentals.example.in',
      log: (l) => console.log(l),
    })
  : undefined;
process.on('SIGTERM', () => {
  void Promise.all([...running.map((r) => r.stop()), regenerator?.stop()]).then(() =>
    process.exit(0),
  );
});
console.log('projections running');
