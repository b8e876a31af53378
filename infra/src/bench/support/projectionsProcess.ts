// The read side's projections in their own process, as the projections entry runs them, for the freshness benchmark.
import { createSql } from '@rentals/core/db';
import { readSideProjections } from '@rentals/projections/registry';
import { startProjection } from '@rentals/projections/runner/runner';
import { createMeili } from '@rentals/projections/queries/meili';
import { createSearchProjection } from '@rentals/projections/search/searchProjection';

const sql = createSql(process.env.DATABASE_URL!, { max: 12 });
const meili = createMeili(
  { url: process.env.MEILI_URL!, key: process.env.MEILI_MASTER_KEY! },
  30_000,
);
const pollIntervalMs = Number(process.env.PROJECTION_POLL_MS ?? 1000);
const projections = readSideProjections(createSearchProjection(() => ({ sql, meili })));
const running = projections.map((p) =>
  startProjection(sql, p, { pollIntervalMs, log: (l) => console.log(l) }),
);
process.on('SIGTERM', () => {
  void Promise.all(running.map((r) => r.stop())).then(() => process.exit(0));
});
console.log('projections running');
