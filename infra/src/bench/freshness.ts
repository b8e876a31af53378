// `npm run bench:freshness`: at 50 writes/s, the time from an append (committed) until the change is visible in the
// listing read model and in the Meilisearch index. Bars (DESIGN §12): p50 ≤ 100 ms, p99 ≤ 500 ms.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { fmt, percentile } from './support/stats.ts';
import { startBenchStack } from './support/stack.ts';

const RATE = Number(process.env.BENCH_WRITES_PER_SECOND ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

const stack = await startBenchStack();
const projections = spawn(
  process.execPath,
  [fileURLToPath(new URL('./support/projectionsProcess.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      MEILI_URL: stack.meiliUrl,
      MEILI_MASTER_KEY: stack.meiliKey,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve) =>
  projections.stdout.on(
    'data',
    (b: Buffer) => b.toString().includes('projections running') && resolve(),
  ),
);
try {
  const store = createEventStore(stack.sql);
  const targets = (
    await stack.sql<
      { id: string; rent: number }[]
    >`SELECT id, rent FROM listing_read WHERE is_available ORDER BY random() LIMIT ${RATE * SECONDS}`
  ).map((r) => r.id);
  type Write = { id: string; rent: number; at: number; readModel?: number; search?: number };
  const pending: Write[] = [];
  const done: Write[] = [];
  let writing = true;

  // Watches every 5 ms for pending writes becoming visible in either place.
  const watcher = (async () => {
    while (writing || pending.length > 0) {
      const waiting = [...pending];
      if (waiting.length > 0) {
        const [rows, docs] = await Promise.all([
          stack.sql<
            { id: string; rent: number }[]
          >`SELECT id, rent FROM listing_read WHERE id = ANY(${waiting.map((w) => w.id)}::text[])`,
          stack.meili.index<{ id: string; rent: number }>(LISTINGS_INDEX).getDocuments({
            ids: waiting.map((w) => w.id),
            fields: ['id', 'rent'],
            limit: waiting.length,
          }),
        ]);
        const now = performance.now();
        const rm = new Map(rows.map((r) => [r.id, r.rent]));
        const ix = new Map(docs.results.map((d) => [d.id, d.rent]));
        for (const w of waiting) {
          if (w.readModel === undefined && rm.get(w.id) === w.rent) w.readModel = now - w.at;
          if (w.search === undefined && ix.get(w.id) === w.rent) w.search = now - w.at;
          if (w.readModel !== undefined && w.search !== undefined) {
            pending.splice(pending.indexOf(w), 1);
            done.push(w);
          }
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = targets[i % targets.length]!;
    const rent = 1_000_000 + i;
    await store.append(listingStreamId(id), LISTING_STREAM_TYPE, 'any', [
      {
        type: 'ListingRentChanged',
        data: {
          listingId: id,
          at: new Date().toISOString(),
          rent,
          rentType: 'monthly',
          previousRent: 0,
          previousRentType: 'monthly',
        },
      },
    ]);
    pending.push({ id, rent, at: performance.now() });
  }
  const achieved = (RATE * SECONDS) / ((performance.now() - started) / 1000);
  writing = false;
  await watcher;

  const rm = done.map((w) => w.readModel!);
  const ix = done.map((w) => w.search!);
  const row = (label: string, v: number[]) =>
    `| ${label} | ${fmt(percentile(v, 50), 0)} | ${fmt(percentile(v, 99), 0)} | ${fmt(Math.max(...v), 0)} |`;
  console.log(
    `\n${done.length} writes (ListingRentChanged) at ${fmt(achieved, 1)} writes/s for ${SECONDS} s over ${targets.length} listings\n`,
  );
  console.log('| Visible in | p50 ms | p99 ms | max ms |\n|---|---|---|---|');
  console.log(row('listing read model (Postgres)', rm));
  console.log(row('search index (Meilisearch)', ix));
} finally {
  projections.kill('SIGTERM');
  await stack.stop();
}
