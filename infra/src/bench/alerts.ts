// `npm run bench:alerts [-- --listings N --searches N --events N --rate N --seconds N]`: saved-search
// alerts (issue 17) on the bench stack (BENCH_LISTINGS listings, default 200k) with --searches saved
// searches (default 100k) shaped like the listings: each around one listing's city, most also with its
// type (70%), a rent ceiling (80%) and floor (40%), its locality (60%) and rooms (50%), some with a
// word (10%) or a map area (10%):
// 1. matching rate: --events listing events (default 20k: creations and rent changes) appended as a
//    backlog, then the matching projection alone catches up; listing events per second once the matcher
//    has loaded its searches, as a running one has (bar ≥ 2,000; the load is reported beside it);
// 2. listing created → in-app alert visible: tenants with a live stream (GET /api/conversations/stream)
//    and a saved search each; listings that match one of them created at --rate per second (default 20)
//    for --seconds (default 20) while the projections process runs everything; from the append until the
//    tenant's stream has the `alert` (bar p99 ≤ 5 s).
// Between the two, the alert mailer's read of what the backlogs announced into its queue, and a round
// with nothing new (alertMailer.ts: each announcement is read once); and the bell of three searchers
// with thousands of announcements each (its unread count, its newest 20, its searches' new-match counts).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { ListingEvent } from '@rentals/core/listings/events';
import type { SavedSearchEvent } from '@rentals/core/savedSearches/events';
import type { SqlProjection } from '@rentals/projections/runner/projection';
import { stopChild } from '../services/childServer.ts';

const { values: flags } = parseArgs({
  options: {
    listings: { type: 'string' },
    searches: { type: 'string', default: '100000' },
    events: { type: 'string', default: '20000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    tenants: { type: 'string', default: '20' },
    // Which matching paths to time (a profile of one path needs only that one).
    paths: { type: 'string', default: 'sql,batched,memory' },
  },
});
const PATHS = new Set(flags.paths.split(','));
// The stack reads its size when it loads.
if (flags.listings) process.env.BENCH_LISTINGS = flags.listings;
const SEARCHES = Number(flags.searches);
const EVENTS = Number(flags.events);
const RATE = Number(flags.rate);
const SECONDS = Number(flags.seconds);
const TENANTS = Number(flags.tenants);

const { createAccounts } = await import('@rentals/api/auth/accounts');
const { createSql } = await import('@rentals/core/db');
const { createEventStore } = await import('@rentals/core/eventStore/eventStore');
const { normaliseLocality } = await import('@rentals/core/gazetteer/normalise');
const { LISTING_STREAM_TYPE, listingStreamId } = await import('@rentals/core/listings/events');
const { MAX_SAVED_SEARCHES, SAVED_SEARCH_STREAM_TYPE, savedSearchStreamId } =
  await import('@rentals/core/savedSearches/events');
const { alertsProjection } = await import('@rentals/projections/alerts/alertsProjection');
// The three ways the projection can apply a backlog: event by event in SQL (the baseline), batched in
// SQL (evolveBatch: rebuilds) and the live runner's in-memory matching (inMemory).
const { evolveBatch: _batched, inMemory: _memory, ...perEvent } = alertsProjection;
const { inMemory: _sqlOnly, ...sqlBatched } = alertsProjection;
const { queueAnnouncements } = await import('@rentals/projections/alerts/alertMailer');
const { notificationState } = await import('@rentals/projections/queries/notificationQueries');
const { newMatchCounts, recentAlerts } =
  await import('@rentals/projections/queries/savedSearchQueries');
const { startAnnouncementIndexMerger } =
  await import('@rentals/projections/alerts/announcementIndex');
const { startProjection } = await import('@rentals/projections/runner/runner');
const { postgresReadModels } = await import('@rentals/projections/registry');
const { LISTINGS_SEARCH_PROJECTION } = await import('@rentals/projections/search/searchProjection');
const { recordArrivals } = await import('./support/liveArrivals.ts');
const { benchAppDeps, serveInProcess } = await import('./support/inProcessApi.ts');
const { generatedListing } = await import('./support/listingGenerator.ts');
const { fmt, percentile } = await import('./support/stats.ts');
const { atSteadyRate } = await import('./support/steadyRate.ts');
const { startProjectionsProcess } = await import('./support/startProjections.ts');
const { startBenchStack } = await import('./support/stack.ts');

const log = (line: string) => console.log(`[bench] ${line}`);
const stack = await startBenchStack();
const fast = createSql(stack.databaseUrl, { max: 16 });
await fast`SELECT 1`;
const store = createEventStore(fast);

/** Runs `count` jobs on 16 connections. */
const inParallel = async (count: number, job: (i: number) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < count; i = next++) await job(i);
    }),
  );
};

/** A deterministic pseudo-random number in [0, 1) for (n, salt). */
const rand = (n: number, salt: number) => {
  const x = Math.sin(n * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/** Saved search number `n`, shaped like listing number `n`'s neighbourhood. */
const searchFrom = (n: number, userId: string, at: string): SavedSearchEvent => {
  const l = generatedListing(n, 'owner', at).data;
  const city = normaliseLocality(l.location.city);
  const pick = (p: number, salt: number) => rand(n, salt) < p;
  const word = l.title
    .toLowerCase()
    .split(/[^a-z]+/)
    .find((w) => w.length > 4);
  const c = l.location.coordinates;
  return {
    type: 'SavedSearchCreated',
    data: {
      searchId: `bench-search-${n}`,
      userId,
      name: `Search ${n}`,
      filters: {
        city: l.location.city,
        ...(pick(0.7, 1) ? { propertyType: [l.propertyType] } : {}),
        ...(pick(0.4, 9) ? { minRent: Math.round(l.rent * 0.6) } : {}),
        ...(pick(0.8, 2) ? { maxRent: Math.round(l.rent * (0.9 + rand(n, 3) * 0.6)) } : {}),
        ...(pick(0.6, 4) ? { area: l.location.area } : {}),
        ...(pick(0.5, 5) ? { bedrooms: l.propertyDetails.bedrooms ?? 1 } : {}),
        ...(word && pick(0.1, 6) ? { q: word } : {}),
      },
      places: {
        cities: [city],
        ...(pick(0.6, 4) ? { areas: [normaliseLocality(l.location.area)] } : {}),
        ...(word && pick(0.1, 6) ? { q: word } : {}),
      },
      ...(c && pick(0.1, 7)
        ? {
            area: {
              kind: 'bbox' as const,
              west: c.longitude - 0.05,
              south: c.latitude - 0.05,
              east: c.longitude + 0.05,
              north: c.latitude + 0.05,
            },
          }
        : {}),
      alert: pick(0.7, 8) ? 'instant' : 'daily',
      at,
    },
  };
};

/**
 * The matcher as the projections process runs it (with the loop that merges
 * its search index), from start until caught up; resolves with the seconds
 * that took (not its stop, which waits for a merge under way) and those it
 * spent loading its memory (the saved searches), which a running matcher has done.
 */
const catchUpAlerts = async (projection: SqlProjection = alertsProjection) => {
  const start = performance.now();
  const merger = startAnnouncementIndexMerger({ sql: stack.sql, log });
  let loadMs = 0;
  const runner = startProjection(stack.sql, projection, {
    batchSize: 500,
    pollIntervalMs: 20,
    log: (line) => {
      const loaded = /memory loaded in (\d+) ms/.exec(line);
      if (loaded) loadMs += Number(loaded[1]);
    },
  });
  await runner.whenCaughtUp(3_600_000);
  const seconds = (performance.now() - start) / 1000;
  await runner.stop();
  await merger.stop();
  return { seconds, loadSeconds: loadMs / 1000 };
};

let server: ReturnType<typeof Bun.serve> | undefined;
let projections: Awaited<ReturnType<typeof startProjectionsProcess>> | undefined;
const streams: AbortController[] = [];
try {
  // Saved searches: MAX_SAVED_SEARCHES per user, as the API would record them, once per bench stack.
  const [{ n: have } = { n: 0 }] = await stack.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM events WHERE type = 'SavedSearchCreated' AND data ->> 'searchId' LIKE 'bench-search-%'`;
  if (have < SEARCHES) {
    log(`saving searches ${have} → ${SEARCHES}`);
    const users = Math.ceil(SEARCHES / MAX_SAVED_SEARCHES);
    const at = new Date().toISOString();
    await inParallel(users, async (u) => {
      const from = u * MAX_SAVED_SEARCHES;
      const to = Math.min(SEARCHES, from + MAX_SAVED_SEARCHES);
      if (to <= have) return;
      const userId = `bench-searcher-${u}`;
      const events = Array.from({ length: to - Math.max(from, have) }, (_, i) =>
        searchFrom(Math.max(from, have) + i, userId, at),
      );
      await store.append(savedSearchStreamId(userId), SAVED_SEARCH_STREAM_TYPE, 'any', events, {
        userId,
      });
    });
  }
  log('indexing the saved searches (the matching projection catches up)');
  await catchUpAlerts();

  // 1. Matching rate: a backlog of listing events, then the projection alone; first a baseline backlog
  // through the projection event by event (`evolve`, a percolation statement per event), then an equal
  // one (other listings of the same shape) as it runs (`evolveBatch`, a percolation statement per round).
  // Listing numbers no earlier run used (a run takes at most 4 × 14,000 of them, runs are a minute apart).
  const base = 10_000_000 + Math.floor(Date.now() / 1000) * 1000;
  const created = Math.ceil(EVENTS * 0.7);
  const appendBacklog = async (from: number) => {
    const at = new Date().toISOString();
    await inParallel(created, async (i) => {
      const listing = generatedListing(from + i, `owner-${i % 2000}`, at);
      const events: ListingEvent[] = [listing];
      if (i < EVENTS - created)
        events.push({
          type: 'ListingRentChanged',
          data: {
            listingId: listing.data.listingId,
            at,
            rent: Math.max(1000, listing.data.rent - 3000),
            rentType: listing.data.rentType,
            previousRent: listing.data.rent,
            previousRentType: listing.data.rentType,
          },
        });
      await store.append(listingStreamId(listing.data.listingId), LISTING_STREAM_TYPE, 0, events, {
        userId: listing.data.ownerId,
      });
    });
  };
  const alertCount = async () => {
    const [{ n } = { n: 0 }] = await stack.sql<{ n: number }[]>`
      SELECT coalesce(sum(cardinality(search_nos)), 0)::int AS n FROM listing_search_alerts`;
    return n;
  };
  /** Appends a backlog of EVENTS listing events at listing number `from`, then times the catch-up. */
  const matchingRun = async (label: string, from: number, projection: SqlProjection) => {
    log(`matching rate (${label}): appending ${EVENTS} listing events`);
    await appendBacklog(from);
    const before = await alertCount();
    const takenAt = new Date().toISOString();
    const { seconds, loadSeconds } = await catchUpAlerts(projection);
    const alerts = (await alertCount()) - before;
    // The rate of a running matcher: without its one load of the searches at start.
    const rate = EVENTS / (seconds - loadSeconds);
    log(`  ${label}: ${fmt(rate, 0)} events/s once loaded (${takenAt})`);
    return { label, seconds, loadSeconds, rate, alerts, takenAt };
  };
  const matching = [];
  if (PATHS.has('sql'))
    matching.push(await matchingRun('event by event in SQL (baseline)', base, perEvent));
  if (PATHS.has('batched'))
    matching.push(await matchingRun('batched in SQL', base + created, sqlBatched));
  if (PATHS.has('memory'))
    matching.push(
      await matchingRun('in memory (the live runner)', base + 2 * created, alertsProjection),
    );

  // The alert mailer's read of the announcements into its queue (each once, after its cursor): what the
  // backlogs announced (after migration 0184, everything of the last two days), then a round with nothing new.
  const mailerRead = async () => {
    const start = performance.now();
    let rows = 0;
    for (let n; (n = await queueAnnouncements({ sql: stack.sql, clock: () => new Date() })) > 0;)
      rows += n;
    return { rows, ms: performance.now() - start };
  };
  const mailerCatchUp = await mailerRead();
  const mailerIdle = await mailerRead();
  log(`alert mailer: ${mailerCatchUp.rows} announcements queued in ${fmt(mailerCatchUp.ms, 0)} ms`);

  // The bell of a searcher with thousands of announcements (its unread count and its newest 20), each
  // read twice, the second timed; three searchers.
  const bell: {
    user: string;
    announcements: number;
    stateMs: number;
    listMs: number;
    countsMs: number;
  }[] = [];
  for (const user of ['bench-searcher-0', 'bench-searcher-1234', 'bench-searcher-4999']) {
    const timed = async (read: () => Promise<unknown>) => {
      await read();
      const start = performance.now();
      await read();
      return performance.now() - start;
    };
    const [{ n } = { n: 0 }] = await stack.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM listing_search_alerts
      WHERE search_nos && ARRAY(SELECT search_no FROM saved_search_filters WHERE user_id = ${user})`;
    bell.push({
      user,
      announcements: n,
      stateMs: await timed(() => notificationState(stack.sql, user)),
      listMs: await timed(() => recentAlerts(stack.sql, user, 20)),
      countsMs: await timed(() => newMatchCounts(stack.sql, user)),
    });
  }

  // 2. Latency: the whole projections process, the web process, tenants on their live streams.
  log('latency: starting the projections process and the web process');
  projections = await startProjectionsProcess(stack, {
    // When the matcher loads its searches (at start, and again only if its tables may have changed).
    onLine: (line) => {
      if (line.includes('memory loaded')) log(`projections: ${line.slice(0, 200)}`);
    },
  });
  // Its read models first work through the matching backlogs (otherwise the latency measures that).
  // Only the projections that process runs: a checkpoint of another (bench:bulk's dirty cities) never moves.
  const waitFor = [...postgresReadModels.map((p) => p.name), LISTINGS_SEARCH_PROJECTION];
  // The log's end in the projections' order (transaction, then position): a higher position can
  // belong to an earlier transaction, so max(position) may never be any checkpoint.
  const [head = { tx: '0', position: 0 }] = await stack.sql<{ tx: string; position: number }[]>`
    SELECT transaction_id::text AS tx, position::int FROM events
    ORDER BY transaction_id DESC, position DESC LIMIT 1`;
  for (const until = Date.now() + 600_000; ;) {
    const behind = await stack.sql<{ name: string }[]>`
      SELECT name FROM projection_checkpoints
      WHERE (transaction_id, position) < (${head.tx}::xid8, ${head.position})
        AND name = ANY(${waitFor}::text[])`;
    if (behind.length === 0) break;
    if (Date.now() > until) {
      log(
        `latency: still behind after 10 minutes, measuring anyway: ${behind.map((b) => b.name).join(', ')}`,
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const deps = benchAppDeps(stack.sql, { url: stack.meiliUrl, key: stack.meiliKey });
  const served = serveInProcess(deps);
  server = served.server;
  const { api } = served;
  const accounts = createAccounts(deps);
  const seen = new Map<string, number>();
  const run = randomUUID().slice(0, 8);
  const words: string[] = [];
  for (let k = 0; k < TENANTS; k++) {
    const record = await accounts.create({
      name: `Bench tenant ${k}`,
      email: `alerts-${run}-${k}@bench.test`,
      phone: '9876543210',
      password: 'bench-password',
      role: 'tenant',
    });
    const { token } = await accounts.signIn(record);
    const word = `benchalert${run}x${k}`.replace(/[^a-z0-9]/g, '');
    words.push(word);
    const saved = await fetch(`${api}/saved-searches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', filters: { q: word }, alert: 'instant' }),
    });
    if (!saved.ok) throw new Error(`saving a search: ${saved.status} ${await saved.text()}`);
    await recordArrivals({
      url: `${api}/conversations/stream`,
      token,
      kind: 'alert',
      keyOf: (data) => (data as { alert?: { listingId: string } }).alert?.listingId,
      arrivals: seen,
      streams,
    });
  }
  // The searches are indexed before the first listing (otherwise the first alerts measure that).
  await new Promise((r) => setTimeout(r, 2000));

  log(`latency: ${RATE} matching listings/s for ${SECONDS} s`);
  const appended: { id: string; at: number }[] = [];
  await atSteadyRate(RATE, SECONDS, (i) => {
    const listing = generatedListing(
      base + 3 * created + i,
      `owner-${i % 2000}`,
      new Date().toISOString(),
    );
    listing.data.title = `${words[i % TENANTS]} ${listing.data.title}`.slice(0, 100);
    const t0 = performance.now();
    return store
      .append(listingStreamId(listing.data.listingId), LISTING_STREAM_TYPE, 0, [listing], {
        userId: listing.data.ownerId,
      })
      .then(() => void appended.push({ id: listing.data.listingId, at: t0 }));
  });
  const deadline = performance.now() + 60_000;
  while (appended.some((a) => !seen.has(a.id)) && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const latencies = appended.filter((a) => seen.has(a.id)).map((a) => seen.get(a.id)! - a.at);

  console.log(
    `\n${SEARCHES} saved searches; each backlog ${EVENTS} listing events (${created} creations, ${EVENTS - created} rent changes):\n`,
  );
  console.log(
    '| matching a backlog | s | of which loading the searches | listing events/s once loaded | alerts recorded | alerts per event | taken at (UTC) |\n|---|---|---|---|---|---|---|',
  );
  for (const m of matching)
    console.log(
      `| ${m.label} | ${fmt(m.seconds, 1)} | ${fmt(m.loadSeconds, 1)} | ${fmt(m.rate, 0)} | ${m.alerts} | ${fmt(m.alerts / EVENTS, 0)} | ${m.takenAt.slice(11, 19)} |`,
    );
  if (matching.length === 3)
    console.log(
      `\nbatched in SQL ÷ event by event: ${fmt(matching[1]!.rate / matching[0]!.rate, 2)}×; in memory ÷ event by event: ${fmt(matching[2]!.rate / matching[0]!.rate, 2)}× (bar ≥ 2,000 listing events/s)\n`,
    );
  console.log(
    `The alert mailer read ${mailerCatchUp.rows} announcements into its queue in ${fmt(mailerCatchUp.ms, 0)} ms; ` +
      `a round with nothing new took ${fmt(mailerIdle.ms, 0)} ms.\n`,
  );
  console.log(
    "| the bell of | announcements to them | unread count ms | newest 20 ms | searches' new-match counts ms |\n|---|---|---|---|---|",
  );
  for (const b of bell)
    console.log(
      `| ${b.user} | ${b.announcements} | ${fmt(b.stateMs, 0)} | ${fmt(b.listMs, 0)} | ${fmt(b.countsMs, 0)} |`,
    );
  console.log('');
  console.log(
    `${appended.length} matching listings at ${RATE}/s for ${SECONDS} s, ${TENANTS} tenants on live streams ` +
      `(${appended.length - latencies.length} not delivered within 60 s):\n`,
  );
  console.log('| listing created → in-app alert | p50 ms | p99 ms | max ms |\n|---|---|---|---|');
  console.log(
    `| append → the tenant's SSE \`alert\` | ${fmt(percentile(latencies, 50), 0)} | ${fmt(percentile(latencies, 99), 0)} | ${fmt(Math.max(...latencies), 0)} |`,
  );
} finally {
  for (const s of streams) s.abort();
  await server?.stop(true);
  if (projections) await stopChild(projections, 'SIGTERM');
  await fast.end({ timeout: 5 });
  await stack.stop();
}
