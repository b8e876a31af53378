// `npm run bench:rebuild`: rebuilds the Postgres read models (and the search index) from the log of the
// 200k-listing seed and reports events per second. Bar (DESIGN §12): ≥ 20,000 events/s into Postgres read models.
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { ownerListingStats } from '@rentals/projections/readModels/ownerStats';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { rebuildProjection } from '@rentals/projections/runner/rebuild';
import { rebuildSearchIndex } from '@rentals/projections/search/rebuildSearchIndex';
import { fmt } from './support/stats.ts';
import { startBenchStack } from './support/stack.ts';

const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const stack = await startBenchStack();
try {
  const [{ events } = { events: 0 }] = await stack.sql<
    { events: number }[]
  >`SELECT count(*)::int AS events FROM events`;
  const rows: string[] = [];
  const timed = async (
    label: string,
    work: () => Promise<unknown>,
    units = events,
    unit = 'events',
  ) => {
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    rows.push(
      `| ${label} | ${units.toLocaleString('en-US')} ${unit} | ${fmt(seconds, 1)} s | ${fmt(units / seconds, 0)} ${unit}/s |`,
    );
    console.log(rows.at(-1));
  };
  for (const projection of [listingReadModel, publicListingModel, ownerListingStats])
    await timed(projection.name, () =>
      rebuildProjection(stack.sql, projection, undefined, { batchSize: BATCH }),
    );
  await timed('all three at once', () =>
    Promise.all(
      [listingReadModel, publicListingModel, ownerListingStats].map((p) =>
        rebuildProjection(stack.sql, p, undefined, { batchSize: BATCH }),
      ),
    ),
  );
  let documents = 0;
  await timed('search index (fresh index + swap)', async () => {
    documents = (await rebuildSearchIndex(stack.sql, stack.meili)).documents;
  });
  console.log(
    `\n${events.toLocaleString('en-US')} events in the log; search index holds ${documents.toLocaleString('en-US')} documents; batch ${BATCH}\n`,
  );
  console.log('| Rebuild | Input | Time | Rate |\n|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stack.stop();
}
