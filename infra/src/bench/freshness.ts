// `npm run bench:freshness`: at 50 writes/s, the time from an append (committed) until the change is visible in the
// listing read model, in the Meilisearch index, and through the API's search (GET /api/properties, which merges
// listings changed since the index's checkpoint from the read model). Bars (DESIGN §12): p50 ≤ 100 ms, p99 ≤ 500 ms.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { freePort } from '../services/ports.ts';
import { fmt, percentile } from './support/stats.ts';
import { startBenchStack } from './support/stack.ts';
import { startApiProcess } from './support/apiProcess.ts';

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
const api = await startApiProcess(stack, await freePort());
try {
  const store = createEventStore(stack.sql);
  const targets = (
    await stack.sql<
      { id: string; rent: number }[]
    >`SELECT id, rent FROM listing_read WHERE is_available ORDER BY random() LIMIT ${RATE * SECONDS}`
  ).map((r) => r.id);
  type Write = {
    id: string;
    rent: number;
    at: number;
    readModel?: number;
    search?: number;
    api?: number;
  };
  const pending: Write[] = [];
  const done: Write[] = [];
  let writing = true;
  const settle = (w: Write) => {
    if (w.readModel === undefined || w.search === undefined || w.api === undefined) return;
    pending.splice(pending.indexOf(w), 1);
    done.push(w);
  };

  /**
   * Polls every 5 ms for pending writes becoming visible in one place; each place has its own loop, so a slow
   * answer from one (Meilisearch while it indexes) never delays the observation of another.
   */
  const watch = (
    field: 'readModel' | 'search' | 'api',
    visible: (waiting: Write[]) => Promise<Map<string, number>>,
  ) =>
    (async () => {
      while (writing || pending.length > 0) {
        const waiting = pending.filter((w) => w[field] === undefined);
        if (waiting.length > 0) {
          const seen = await visible(waiting);
          const now = performance.now();
          for (const w of waiting) {
            if (seen.get(w.id) === w.rent) w[field] = now - w.at;
            settle(w);
          }
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

  const readModelWatcher = watch('readModel', async (waiting) => {
    const rows = await stack.sql<{ id: string; rent: number }[]>`
      SELECT id, rent FROM listing_read WHERE id = ANY(${waiting.map((w) => w.id)}::text[])`;
    return new Map(rows.map((r) => [r.id, r.rent]));
  });
  const indexWatcher = watch('search', async (waiting) => {
    const docs = await stack.meili
      .index<{ id: string; rent: number }>(LISTINGS_INDEX)
      .getDocuments({
        ids: waiting.map((w) => w.id),
        fields: ['id', 'rent'],
        limit: waiting.length,
      });
    return new Map(docs.results.map((d) => [d.id, d.rent]));
  });
  // Through the API, as a tenant would search: rents from the oldest write not yet seen there, cheapest first,
  // as many pages (of 50) as there are unseen writes, asked together — each write is on one of them once visible.
  const apiRequestMs: number[] = [];
  const apiWatcher = watch('api', async (waiting) => {
    const lowest = Math.min(...waiting.map((w) => w.rent));
    const pages = Math.min(20, Math.ceil(waiting.length / 50));
    const found = await Promise.all(
      Array.from({ length: pages }, async (_, i) => {
        const sent = performance.now();
        const response = await fetch(
          `${api.base}/api/properties?minRent=${lowest}&sort=rent_asc&limit=50&page=${i + 1}`,
          { headers: { authorization: `Bearer ${api.token}` } },
        );
        const body = (await response.json()) as { properties: { _id: string; rent: number }[] };
        apiRequestMs.push(performance.now() - sent);
        return body.properties;
      }),
    );
    return new Map(found.flat().map((p) => [p._id, p.rent]));
  });

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
  await Promise.all([readModelWatcher, indexWatcher, apiWatcher]);

  const rm = done.map((w) => w.readModel!);
  const ix = done.map((w) => w.search!);
  const viaApi = done.map((w) => w.api!);
  const row = (label: string, v: number[]) =>
    `| ${label} | ${fmt(percentile(v, 50), 0)} | ${fmt(percentile(v, 99), 0)} | ${fmt(Math.max(...v), 0)} |`;
  console.log(
    `\n${done.length} writes (ListingRentChanged) at ${fmt(achieved, 1)} writes/s for ${SECONDS} s over ${targets.length} listings\n`,
  );
  console.log('| Visible in | p50 ms | p99 ms | max ms |\n|---|---|---|---|');
  console.log(row('listing read model (Postgres)', rm));
  console.log(row('search index (Meilisearch)', ix));
  console.log(row('search through the API (GET /api/properties)', viaApi));
  // How long one of the watcher's API searches took: a slow answer delays the API's observations by as much.
  console.log(
    `\n${apiRequestMs.length} API searches by the watcher: p50 ${fmt(percentile(apiRequestMs, 50), 0)} ms, p99 ${fmt(percentile(apiRequestMs, 99), 0)} ms`,
  );
} finally {
  api.stop();
  projections.kill('SIGTERM');
  await stack.stop();
}
