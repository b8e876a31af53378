// `npm run bench:rebuild`: rebuilds the Postgres read models (and the search index) from the log of the
// 200k-listing seed and reports events per second. Bar (DESIGN §12): ≥ 20,000 events/s into Postgres read models.
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { ownerListingStats } from '@rentals/projections/readModels/ownerStats';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { rentTrendsProjection } from '@rentals/projections/readModels/rentTrends';
import { rebuildProjection, rebuildProjections } from '@rentals/projections/runner/rebuild';
import { rebuildSearchIndex } from '@rentals/projections/search/rebuildSearchIndex';
import { rebuildFloor, type RebuildFloor } from './support/rebuildFloor.ts';
import { fmt } from './support/stats.ts';
import { startBenchStack } from './support/stack.ts';

// The rebuild's own batch size unless BENCH_BATCH says otherwise.
const BATCH = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
const options = { batchSize: BATCH, log: (line: string) => console.log(`  ${line}`) };
// BENCH_ONLY=rent-trends,one-pass runs only those rows (keys: the models' names, all-three, one-pass, search).
const ONLY = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());
const wanted = (key: string) => !ONLY || ONLY.includes(key);
const stack = await startBenchStack();
try {
  const [{ events } = { events: 0 }] = await stack.sql<
    { events: number }[]
  >`SELECT count(*)::int AS events FROM events`;
  const rows: string[] = [];
  const timed = async (
    label: string,
    work: () => Promise<unknown>,
    key = label,
    units = events,
    unit = 'events',
  ) => {
    if (!wanted(key)) return undefined;
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    rows.push(
      `| ${label} | ${units.toLocaleString('en-US')} ${unit} | ${fmt(seconds, 1)} s | ${fmt(units / seconds, 0)} ${unit}/s |`,
    );
    console.log(rows.at(-1));
    return seconds;
  };
  // A model's rate is over the events it reads (the types it handles), not the whole log: saved searches,
  // messages and the like in the bench's log would otherwise count as replayed by the listing models.
  const handled = async (types: readonly string[]) =>
    (
      await stack.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM events WHERE type = ANY(${[...types]}::text[])`
    )[0]!.n;
  const models = [listingReadModel, publicListingModel, ownerListingStats];
  // Each model's floor, after its rebuild: the rebuilt tables loaded from a file (support/rebuildFloor.ts).
  const floors: string[] = [];
  const floorRow = (name: string, input: number, rebuilt: number, floor: RebuildFloor) =>
    `| ${name} | ${fmt(floor.seconds, 1)} s (load ${fmt(floor.load, 1)}, indexes ${fmt(floor.indexes, 1)}, vacuum + analyse ${fmt(floor.vacuum, 1)}) | ${fmt(input / floor.seconds, 0)} events/s | ${fmt(rebuilt / floor.seconds, 2)}× |`;
  for (const projection of [...models, rentTrendsProjection]) {
    const input = await handled(projection.canHandle);
    // Rent trends (issue 18): folded listing streams, months and medians set-based at the end.
    const rebuilt = await timed(
      projection.name,
      () => rebuildProjection(stack.sql, projection, undefined, options),
      projection.name,
      input,
    );
    if (rebuilt === undefined || !projection.tables) continue;
    const floor = await rebuildFloor(stack.sql, projection.name, projection.tables);
    floors.push(floorRow(projection.name, input, rebuilt, floor));
    console.log(floors.at(-1));
  }
  const union = (projections: readonly { canHandle: readonly string[] }[]) =>
    handled([...new Set(projections.flatMap((p) => p.canHandle))]);
  await timed(
    'all three in one pass',
    () => rebuildProjections(stack.sql, models, undefined, options),
    'all-three',
    await union(models),
  );
  // The three models that fold listing streams: the log read once for all three.
  await timed(
    'listing + public + rent trends in one pass',
    () =>
      rebuildProjections(
        stack.sql,
        [listingReadModel, publicListingModel, rentTrendsProjection],
        undefined,
        options,
      ),
    'one-pass',
    await union([listingReadModel, publicListingModel, rentTrendsProjection]),
  );
  let documents = 0;
  await timed(
    'search index (fresh index + swap)',
    async () => {
      documents = (await rebuildSearchIndex(stack.sql, stack.meili)).documents;
    },
    'search',
  );
  console.log(
    `\n${events.toLocaleString('en-US')} events in the log (each row's input: the events of the types it reads); search index holds ${documents.toLocaleString('en-US')} documents; batch ${BATCH ?? 'default'}\n`,
  );
  console.log('| Rebuild | Input | Time | Rate |\n|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (floors.length > 0) {
    console.log(
      '\nFloor: the same tables loaded from a file of their finished rows, then the same index builds and vacuum\n',
    );
    console.log('| Model | Floor | Floor rate | Rebuild ÷ floor |\n|---|---|---|---|');
    for (const row of floors) console.log(row);
  }
} finally {
  await stack.stop();
}
