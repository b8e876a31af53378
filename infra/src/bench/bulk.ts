// `npm run bench:bulk`: a bulk import on a running stack. Appends BENCH_LISTINGS listings (default 200,000) through
// the event store as the seed does (16 writers), then reports the time from the last append until the read models,
// the search index and the static pages have all caught up. Bar (issue 15): ≤ 60 s.
import { join } from 'node:path';
import { createSql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendOnce } from '@rentals/core/eventStore/appendOnce';
import { createConsoleLogger } from '@rentals/core/logger';
import { handleProcessFaults } from '@rentals/core/processFaults';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import {
  etaSeconds,
  projectionsBehind,
  projectionStates,
  publicSiteStatus,
} from '@rentals/projections/queries/readSideHealth';
import { generatedListing } from './support/listingGenerator.ts';
import { fmt } from './support/stats.ts';
import { BENCH_DIR, BENCH_LISTINGS, POSTGRES_LOG, startBenchStack } from './support/stack.ts';
import { startProjectionsProcess } from './support/startProjections.ts';
import { stopChild } from '../services/childServer.ts';

const WRITERS = 16;
const log = (line: string) => console.log(`[bulk] ${line}`);

// As the product's processes: a connection fault the client throws outside our promises is logged, not fatal.
handleProcessFaults(createConsoleLogger('plain'));
const stack = await startBenchStack();
log(`Postgres's log: ${POSTGRES_LOG}`);
const lines: { at: number; line: string }[] = [];
const projections = await startProjectionsProcess(stack, {
  env: { PUBLIC_SITE_DIR: join(BENCH_DIR, 'public-site') },
  // The regenerator's and the runners' own lines: where the time goes.
  onLine: (line) => {
    if (/public site|parked|failed/.test(line)) lines.push({ at: performance.now(), line });
  },
});

/** Every projection caught up with the events of its types up to `head`, and no page waiting to be rebuilt. */
const state = async (head: number) => {
  const states = (await projectionStates(stack.sql)).filter((s) => !s.name.includes('~'));
  const behind = await projectionsBehind(stack.sql, head);
  const site = await publicSiteStatus(stack.sql);
  return { states, behind: new Set(behind.map((r) => r.name)), site };
};
const head = async () =>
  Number(
    (await stack.sql<{ max: string }[]>`SELECT max(position)::text AS max FROM events`)[0]!.max,
  );

try {
  // Start from a quiet stack: everything (the first build of the pages included) caught up.
  log('waiting for the stack to settle (first run: dirty marks and the first build of the pages)');
  for (;;) {
    const s = await state(await head());
    if (
      s.behind.size === 0 &&
      s.site.pendingCities + s.site.pendingListings === 0 &&
      s.site.lastRunAt
    )
      break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const [{ n: before } = { n: 0 }] = await stack.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM streams WHERE stream_type = ${LISTING_STREAM_TYPE}`;
  log(`${before} listings; appending ${BENCH_LISTINGS} more with ${WRITERS} writers`);

  const writer = createSql(stack.databaseUrl, {
    max: WRITERS,
    applicationName: 'bench-bulk-writer',
  });
  await writer`SELECT 1`;
  const store = createEventStore(writer);
  // Numbers no earlier run used: ids stay new however often the bench runs on the same data.
  const base = 1_000_000 + before;
  let next = 0;
  // Appends a connection fault failed and were tried again (appendOnce: once each, whatever the fault).
  let retried = 0;
  const appendStarted = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < BENCH_LISTINGS; i = next++) {
        const n = base + i;
        const at = new Date(Date.UTC(2026, 6, 1) + i * 1000).toISOString();
        const created = generatedListing(n, `owner-${n % 2000}`, at);
        const { retries } = await appendOnce(store, {
          streamId: listingStreamId(created.data.listingId),
          streamType: LISTING_STREAM_TYPE,
          expectedVersion: 0,
          events: [created],
        });
        if (retries > 0) log(`  listing ${n} appended after ${retries} retries`);
        retried += retries > 0 ? 1 : 0;
        if (i > 0 && i % 25_000 === 0) log(`  ${i} appended`);
      }
    }),
  );
  const lastAppend = performance.now();
  await writer.end();
  const appendSeconds = (lastAppend - appendStarted) / 1000;
  const end = await head();
  log(
    `appended ${BENCH_LISTINGS} in ${fmt(appendSeconds, 1)} s (${fmt(BENCH_LISTINGS / appendSeconds, 0)}/s); log head #${end}`,
  );

  // Watch until everything has caught up: when each projection did, and what health estimated on the way.
  const caughtUpAt = new Map<string, number>();
  let siteAt: number | undefined;
  let lastReport = 0;
  for (;;) {
    const s = await state(end);
    const now = performance.now();
    for (const p of s.states)
      if (!s.behind.has(p.name) && !caughtUpAt.has(p.name)) caughtUpAt.set(p.name, now);
    const sourcesDone =
      !s.behind.has('public-site-dirty-cities') && !s.behind.has('public-listing-model');
    if (sourcesDone && s.site.pendingCities + s.site.pendingListings === 0) siteAt ??= now;
    if (now - lastReport > 5000) {
      lastReport = now;
      const lagging = s.states.filter((p) => s.behind.has(p.name));
      log(
        `+${fmt((now - lastAppend) / 1000, 0)} s: ` +
          (lagging
            .map(
              (p) =>
                `${p.name} lag ${p.lag} at ${fmt(p.eventsPerSecond ?? 0, 0)}/s, eta ${etaSeconds(p.lag, p.eventsPerSecond) ?? '?'} s`,
            )
            .join('; ') || 'projections caught up') +
          `; pages pending ${s.site.pendingCities} cities / ${s.site.pendingListings} listings`,
      );
    }
    if (siteAt !== undefined && s.behind.size === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const after = (t: number | undefined) =>
    t === undefined ? '—' : fmt((t - lastAppend) / 1000, 1);
  console.log(
    `\n${BENCH_LISTINGS} listings appended in ${fmt(appendSeconds, 1)} s on top of ${before}` +
      ` (${retried} after a connection fault)\n`,
  );
  console.log('| Caught up, seconds after the last append | s |\n|---|---|');
  for (const [name, t] of [...caughtUpAt].sort((a, b) => a[1] - b[1]))
    console.log(`| ${name} | ${after(t)} |`);
  console.log(`| static pages (no mark pending) | ${after(siteAt)} |`);
  const all = Math.max(siteAt ?? 0, ...caughtUpAt.values());
  console.log(`| **everything** | **${after(all)}** (bar ≤ 60) |`);
  console.log('\nPublic site runs during the catch-up:');
  for (const { at, line } of lines.filter((l) => l.at >= appendStarted))
    console.log(`  +${fmt((at - lastAppend) / 1000, 1)} s ${line}`);
} finally {
  await stopChild(projections, 'SIGTERM');
  await stack.stop();
}
