// `npm run bench:trust [-- --plants N --honest N]` (issue 41, docs/TRUST.md): plants a labelled corpus
// into the bench stack's seed (BENCH_LISTINGS listings, default 200k) — per signal, --plants true cases
// (default 200) — and counts, per signal, how many the product's rule catches (recall) and how many of
// --honest seeded listings (default 2,000) it flags (false alarms). Bars: recall ≥ 90 % for recycled photos
// and duplicates, ≥ 80 % for brokers posing as owners and too-cheap listings; false alarms ≤ 2 % of honest
// listings. Planting is idempotent (fixed ids): a second run measures the same corpus.
import { parseArgs } from 'node:util';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { BENCH_LISTINGS, catchUp, startBenchStack } from './support/stack.ts';
import { resultTable, type SignalResult } from './trust/corpus.ts';
import { brigadeLines } from './trust/brigades.ts';
import { measureBrokers, plantBrokers } from './trust/brokers.ts';
import { measureTooCheap, plantTooCheap } from './trust/tooCheap.ts';
import {
  measureDuplicateListings,
  measureRecycledPhotos,
  plantDuplicateListings,
  plantRecycledPhotos,
} from './trust/duplicates.ts';

const { values: flags } = parseArgs({
  options: {
    plants: { type: 'string', default: '200' },
    honest: { type: 'string', default: '2000' },
    // Honest listings with photos of their own (each a generated photo through the photo worker).
    'honest-photos': { type: 'string', default: '500' },
    // Honest homeowner accounts (one or two listings each in one city).
    'honest-owners': { type: 'string', default: '1000' },
  },
});
const PLANTS = Number(flags.plants);
const HONEST = Number(flags.honest);
const HONEST_PHOTOS = Number(flags['honest-photos']);
const HONEST_OWNERS = Number(flags['honest-owners']);

const log = (line: string) => console.log(`[bench] ${line}`);
const stack = await startBenchStack();
try {
  const store = createEventStore(stack.sql);
  // Planted listings come a second apart just after the seed's last one (a minute apart from 1 Jan
  // 2026), so they fall in the seed's last month, the one the rent trends call 'this month'.
  const seedEnd = Date.UTC(2026, 0, 1) + BENCH_LISTINGS * 60_000;
  const plantAt = (i: number) => new Date(seedEnd + (i + 1) * 1000).toISOString();

  log(`planting ${PLANTS} listings per signal`);
  // Each signal's plants in a window of their own, so the times never collide.
  const window = (k: number) => (i: number) => plantAt(k * 100_000 + i);
  const tooCheap = await plantTooCheap(store, stack.sql, BENCH_LISTINGS, PLANTS, window(0));
  const photos = await plantRecycledPhotos(
    store,
    stack.sql,
    BENCH_LISTINGS,
    { plants: PLANTS, honest: HONEST_PHOTOS },
    window(1),
  );
  const duplicates = await plantDuplicateListings(
    store,
    stack.sql,
    BENCH_LISTINGS,
    PLANTS,
    window(2),
  );
  const brokers = await plantBrokers(
    store,
    stack.sql,
    BENCH_LISTINGS,
    { plants: PLANTS, honest: HONEST_OWNERS },
    window(3),
  );
  log('bringing the read models up to date');
  await catchUp(stack.sql, stack.meili);

  log(`measuring on the planted cases and ${HONEST} honest listings`);
  const results: SignalResult[] = [
    await measureTooCheap(stack.sql, BENCH_LISTINGS, tooCheap, HONEST),
    await measureRecycledPhotos(stack.sql, photos),
    await measureDuplicateListings(stack.sql, duplicates),
    await measureBrokers(stack.sql, brokers),
  ];
  console.log(`\n${resultTable(results)}\n`);
  const brigades = brigadeLines();
  console.log(
    `brigades ('Fake or scam' reports on one listing; bar: a brigade of 10 new accounts hides nothing → ${brigades.newAccountsHideNothing ? 'met' : 'MISSED'}):`,
  );
  for (const line of brigades.lines) console.log(`  ${line}`);
} finally {
  await stack.stop();
}
// The photo worker (a child process) would keep the process alive.
process.exit(0);
