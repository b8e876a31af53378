// `npm run bench:freshness`: at 50 writes/s, the time from an append (committed) until the change is visible in the
// listing read model, in the Meilisearch index, and through the API's search (GET /api/properties, which merges
// listings changed since the index's checkpoint from the read model). Bars (DESIGN §12): p50 ≤ 100 ms, p99 ≤ 500 ms.
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { freePort } from '../services/ports.ts';
import { fmt, percentile } from './support/stats.ts';
import { startProjectionsProcess } from './support/startProjections.ts';
import { BENCH_DIR, startBenchStack } from './support/stack.ts';
import { startApiProcess } from './support/apiProcess.ts';
import { stopChild } from '../services/childServer.ts';

const RATE = Number(process.env.BENCH_WRITES_PER_SECOND ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 15);

const stack = await startBenchStack();
/** Set when the measured writes begin: from then on the projections process's lines (retries, lost sessions) are printed. */
let measuring: number | undefined;
const projections = await startProjectionsProcess(stack, {
  onLine: (line) => {
    if (measuring !== undefined)
      console.log(`[projections +${fmt((performance.now() - measuring) / 1000, 1)} s] ${line}`);
  },
});
const api = await startApiProcess(stack, await freePort());
try {
  const store = createEventStore(stack.sql);
  const targets = (
    await stack.sql<
      { id: string; rent: number }[]
    >`SELECT id, rent FROM listing_read WHERE is_available ORDER BY random() LIMIT ${RATE * SECONDS}`
  ).map((r) => r.id);
  /** Appends `count` rent changes at RATE a second, the i-th as `write(i)` says. */
  const writeRents = async (
    count: number,
    write: (i: number) => { id: string; rent: number; written?: () => void },
  ) => {
    const from = performance.now();
    for (let i = 0; i < count; i++) {
      const wait = from + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { id, rent, written } = write(i);
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
      written?.();
    }
  };

  // Warm-up, not measured: a Meilisearch just started takes seconds over its first batches (2–9 s for one
  // document on the 200k index, then ~0.1–0.3 s), which a running service has long put behind it. Other
  // listings, ordinary rents; then until the index has the last of them.
  const warmUps = await stack.sql<{ id: string; rent: number }[]>`
    SELECT id, rent FROM listing_read WHERE is_available AND rent < 100000
    ORDER BY random() LIMIT ${RATE * WARM_UP_SECONDS}`;
  await writeRents(warmUps.length, (i) => ({ id: warmUps[i]!.id, rent: warmUps[i]!.rent + 1 }));
  const last = warmUps.at(-1);
  for (let seen = last === undefined; !seen; await new Promise((r) => setTimeout(r, 50))) {
    const docs = await stack.meili
      .index<{ id: string; rent: number }>(LISTINGS_INDEX)
      .getDocuments({ ids: [last!.id], fields: ['id', 'rent'] });
    seen = docs.results[0]?.rent === last!.rent + 1;
  }

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
  // Through the API, as a tenant would search: one page of 50 for the oldest writes not yet seen there and one for
  // the newest (each write's rent is unique and rising), cheapest first. A fixed two requests per poll: asking for
  // every unseen write (pages in proportion to the backlog) loaded Meilisearch so that its indexing starved, which
  // grew the backlog further (single-document batches took 5–10 s).
  const apiRequestMs: number[] = [];
  const apiWatcher = watch('api', async (waiting) => {
    const rents = waiting.map((w) => w.rent).sort((a, b) => a - b);
    const ranges = [[rents[0]!, rents[Math.min(49, rents.length - 1)]!]];
    if (rents.length > 50) ranges.push([rents[Math.max(50, rents.length - 50)]!, rents.at(-1)!]);
    const found = await Promise.all(
      ranges.map(async ([min, max]) => {
        const sent = performance.now();
        const response = await fetch(
          `${api.base}/api/properties?minRent=${min}&maxRent=${max}&sort=rent_asc&limit=50`,
          { headers: { authorization: `Bearer ${api.token}` } },
        );
        const body = (await response.json()) as { properties: { _id: string; rent: number }[] };
        apiRequestMs.push(performance.now() - sent);
        return body.properties;
      }),
    );
    return new Map(found.flat().map((p) => [p._id, p.rent]));
  });

  // Rents no listing has yet (the seed's are far lower; each run starts above every earlier run's), so that
  // the API watcher's rent ranges find this run's writes only.
  const [highest] = await stack.sql<
    { rent: number }[]
  >`SELECT max(rent)::int AS rent FROM listing_read`;
  const firstRent = Math.max(1_000_000, (highest?.rent ?? 0) + 1);
  if (firstRent + RATE * SECONDS > 10_000_000)
    throw new Error(`earlier runs used the rents up to ${firstRent}: reseed (rm -rf ${BENCH_DIR})`);
  const started = performance.now();
  measuring = started;
  await writeRents(RATE * SECONDS, (i) => {
    const id = targets[i % targets.length]!;
    const rent = firstRent + i;
    return { id, rent, written: () => pending.push({ id, rent, at: performance.now() }) };
  });
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
  // When the slowest changes were written: one stall (a burst of neighbours) or slowness spread over the run.
  const slowest = [...done].sort((a, b) => b.readModel! - a.readModel!).slice(0, 5);
  console.log(
    `\nslowest to the read model: ${slowest.map((w) => `${fmt(w.readModel!, 0)} ms (written at +${fmt((w.at - started) / 1000, 1)} s)`).join(', ')}`,
  );
  // How long one of the watcher's API searches took: a slow answer delays the API's observations by as much.
  console.log(
    `\n${apiRequestMs.length} API searches by the watcher: p50 ${fmt(percentile(apiRequestMs, 50), 0)} ms, p99 ${fmt(percentile(apiRequestMs, 99), 0)} ms`,
  );
} finally {
  await api.stop();
  await stopChild(projections, 'SIGTERM');
  await stack.stop();
}
