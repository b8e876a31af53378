import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { sessionClient } from '@rentals/core/db';
import { DIRTY_CHANNEL, DIRTY_CITIES } from '../dirtyCities/dirtyCities.ts';
import type { BucketMirror } from './bucketMirror.ts';
import { buildPublicSite, type BuildReport, type CityPages } from './build.ts';
import { marksUpTo, PAGE_SOURCES, pagesFence } from './fence.ts';
import { fullBuild, fullBuildLocked } from './fullBuild.ts';
import { CITIES_PATH, pageFile } from './paths.ts';
import { cityCounts, type CityCounts } from './queries.ts';
import { recordRun } from './status.ts';
import { withSiteLock } from './siteLock.ts';
import { sleepUnlessWoken, wakeUp, type Waker } from '../runner/waker.ts';
import { OPEN_DATA_EVERY_MINUTES } from './templates/openDataPage.ts';

export type RegeneratorOptions = {
  sql: Sql;
  outDir: string;
  siteUrl: string;
  log?: (line: string) => void;
  /** After the first mark of a burst, wait this long so one run takes the whole burst. */
  batchWindowMs?: number;
  /** Safety net when a notification is missed. */
  pollMs?: number;
  /** Also publish to the pages' bucket (PAGES_S3_*), when configured. */
  mirror?: BucketMirror | undefined;
  /**
   * A bulk import: while the models the pages are built from are further
   * behind the log than this, runs are held until they have caught up with
   * the log as it stood when the hold began, so one run takes the whole
   * backlog instead of one run per batch.
   */
  bulkLagEvents?: number;
  /** …but a hold never lasts longer than this. */
  maxHoldMs?: number;
  /** Fewer marked listings than this never make a full build (see wantsFullBuild). */
  fullBuildMinListings?: number;
  /** The open rent data's schedule (OPEN_DATA_EVERY_MS): at most this often after a rebuilt city. */
  openDataEveryMs?: number;
};

/** Ready marks against the site's size: what decides between an incremental run and a full build. */
export type Backlog = {
  readyCities: number;
  readyListings: number;
  /** Cities with listed listings, and those listings. */
  cities: number;
  listed: number;
};

/**
 * A full build writes every page (without comparing, many files in flight);
 * an incremental run reads, renders and compares the marked listing pages one
 * by one, at about half that rate per page, plus each marked city. So a full
 * build wins once most cities and at least half the listings are marked (the
 * issue's case: 200k imported into a site of 8k), and an import that adds a
 * quarter to the site stays incremental.
 */
export const wantsFullBuild = (b: Backlog, minListings = FULL_BUILD_MIN_LISTINGS) =>
  b.readyListings >= minListings &&
  b.readyCities * 2 >= b.cities &&
  b.readyListings * 2 >= b.listed;

/** Below this many marked listings an incremental run takes a second or two whatever the site's size. */
const FULL_BUILD_MIN_LISTINGS = 1000;

export type RegenerationResult = {
  /** What was rebuilt (`full`: everything), or null when nothing was ready (or another builder held the lock). */
  report: (BuildReport & { ms: number; full: boolean }) | null;
  /** Marks still waiting for the pages' models (public model, rent trends) to apply their events. */
  waiting: number;
};

type Mark = { key: string; city_slug: string; generation: number };

/**
 * One incremental run: take the marks whose events the pages' models have
 * already applied (so the pages show them), rebuild those cities and listing
 * pages, then clear exactly the marks that were taken; a mark that moved on
 * meanwhile (a newer change) stays for the next run.
 */
export const regenerateOnce = async (
  options: RegeneratorOptions & {
    countsCache?: Map<string, CityCounts>;
    pagesCache?: Map<string, CityPages>;
    /** Make the open rent data again in this run, even with nothing marked (the loop's schedule). */
    openData?: boolean;
  },
): Promise<RegenerationResult> => {
  const { sql } = options;
  const result = await withSiteLock(sql, 'try', async () => {
    const ready = marksUpTo(sql, await pagesFence(sql));
    const cities = await sql<Mark[]>`
      SELECT city_slug AS key, city_slug, generation FROM public_site_dirty_cities WHERE ${ready}`;
    const listings = await sql<Mark[]>`
      SELECT listing_id AS key, city_slug, generation FROM public_site_dirty_listings WHERE ${ready}`;
    const [{ waiting } = { waiting: 0 }] = await sql<{ waiting: number }[]>`
      SELECT (SELECT count(*) FROM public_site_dirty_cities WHERE NOT ${ready})::int
           + (SELECT count(*) FROM public_site_dirty_listings WHERE NOT ${ready})::int AS waiting`;
    if (cities.length === 0 && listings.length === 0 && !options.openData)
      return { report: null, waiting };

    const startedAt = new Date();
    const cache = options.countsCache ?? new Map<string, CityCounts>();
    if (cache.size === 0) for (const c of await cityCounts(sql, 'all')) cache.set(c.slug, c);
    const backlog = {
      readyCities: cities.length,
      readyListings: listings.length,
      cities: cache.size,
      listed: [...cache.values()].reduce((n, c) => n + c.total, 0),
    };
    if (wantsFullBuild(backlog, options.fullBuildMinListings)) {
      const report = await fullBuildLocked({ ...options, countsCache: cache });
      options.pagesCache?.clear();
      // A full build rewrote every file: the bucket gets all of them.
      await options.mirror?.syncAll();
      return { report: { ...report, ms: Date.now() - startedAt.getTime(), full: true }, waiting };
    }
    const report = await buildPublicSite({
      sql,
      outDir: options.outDir,
      siteUrl: options.siteUrl,
      cities: cities.map((c) => c.city_slug),
      listings: listings.map((l) => ({ id: l.key, citySlug: l.city_slug })),
      skipUnchanged: true,
      countsCache: cache,
      openData: options.openData === true,
      ...(options.pagesCache ? { pagesCache: options.pagesCache } : {}),
    });
    await sql.begin(async (tx) => {
      await tx`DELETE FROM public_site_dirty_cities d USING unnest(${cities.map((c) => c.key)}::text[], ${cities.map((c) => c.generation)}::bigint[]) AS t(k, g)
               WHERE d.city_slug = t.k AND d.generation = t.g`;
      await tx`DELETE FROM public_site_dirty_listings d USING unnest(${listings.map((l) => l.key)}::text[], ${listings.map((l) => l.generation)}::bigint[]) AS t(k, g)
               WHERE d.listing_id = t.k AND d.generation = t.g`;
      await recordRun(tx, 'incremental', startedAt, report);
      await options.mirror?.queue(tx, report.paths);
    });
    return { report: { ...report, ms: Date.now() - startedAt.getTime(), full: false }, waiting };
  });
  return result ?? { report: null, waiting: 0 };
};

/**
 * The open rent data is made again at most this often after a run rebuilt a
 * city: it reads every month of every bucket (it grows with the site's
 * history), which a run for one new listing must not pay each time.
 */
const OPEN_DATA_EVERY_MS = OPEN_DATA_EVERY_MINUTES * 60_000;
/**
 * …and at least this often whatever happened: the models it reads may apply
 * an event after the run its mark caused (the lets' projection is not one of
 * the pages' sources; the trends settle up to 20 s later under load). With
 * nothing changed, nothing is written.
 */
const OPEN_DATA_AT_LEAST_MS = 10 * 60_000;

/** The models the pages are built from: the public model, the rent trends and the dirty marks. */
const SOURCES = [...PAGE_SOURCES, DIRTY_CITIES];

/**
 * The log's highest position, and how many events the slowest source has still to pass (up to
 * `cap`), in the log's order (transaction, position): when appends overlap, a checkpoint that has
 * passed everything stands below the highest position, so positions alone are no measure.
 */
const sourcesBacklog = async (sql: Sql, cap: number) => {
  const [row] = await sql<{ head: number; behind: number | null }[]>`
    SELECT (SELECT coalesce(max(position), 0) FROM events)::bigint AS head,
           (SELECT max(pending.n) FROM projection_checkpoints c,
              LATERAL (SELECT count(*)::int AS n FROM (
                SELECT 1 FROM events e WHERE (e.transaction_id, e.position) > (c.transaction_id, c.position)
                ORDER BY e.transaction_id, e.position LIMIT ${cap}) b) pending
            WHERE c.name IN ${sql(SOURCES)}) AS behind`;
  return { head: Number(row?.head ?? 0), behind: row?.behind ?? null };
};

/** Whether a source has still to apply an event of its types at or before position `until`. */
const sourcesBehind = async (sql: Sql, until: number) =>
  (
    await sql`
      SELECT 1 FROM projection_checkpoints c WHERE c.name IN ${sql(SOURCES)} AND EXISTS (
        SELECT 1 FROM events e WHERE e.position <= ${until}
          AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
          AND (c.handles IS NULL OR e.type = ANY(c.handles)))
      LIMIT 1`
  ).length > 0;

const describe = (report: BuildReport & { ms: number; full: boolean }, listingPages: number) => {
  if (report.full)
    return `public site: full build of the backlog, ${report.written} files for ${report.cities.length} cities in ${report.ms} ms ${JSON.stringify(report.timings)}`;
  const names = report.cities.slice(0, 10).join(', ') + (report.cities.length > 10 ? ', …' : '');
  return `public site: rebuilt ${report.cities.length} ${report.cities.length === 1 ? 'city' : 'cities'} (${names || 'none'}) and ${listingPages} listing page(s)${report.openData ? ' and the open rent data' : ''}: ${report.written} files written, ${report.unchanged} unchanged in ${report.ms} ms ${JSON.stringify(report.timings)}`;
};

/**
 * The regenerator loop that runs inside the product (the projections
 * process): woken by the dirty-cities projection's NOTIFY, it waits a short
 * window to batch a burst, then runs `regenerateOnce` until nothing is ready.
 */
export const startRegenerator = (options: RegeneratorOptions) => {
  const log = options.log ?? (() => {});
  const batchWindowMs = options.batchWindowMs ?? 100;
  const pollMs = options.pollMs ?? 5000;
  const bulkLagEvents = options.bulkLagEvents ?? 5000;
  const maxHoldMs = options.maxHoldMs ?? 180_000;
  // While set, runs wait until the pages' models reach `until` (the log's head when the hold began).
  let hold: { until: number; since: number } | undefined;
  let stopped = false;
  const waker: Waker = {};
  const sleep = (ms: number) => (stopped ? Promise.resolve() : sleepUnlessWoken(ms, waker));
  let failures = 0;
  // Every city's counts, refreshed per run only for the cities rebuilt (see BuildRequest.countsCache).
  const countsCache = new Map<string, CityCounts>();
  // What each city's numbered pages showed at the last run: unchanged pages are not rendered again.
  const pagesCache = new Map<string, CityPages>();

  // Its own connection for LISTEN: when the database restarts, the next LISTEN on it opens a new one.
  let listening = false;
  const listener = sessionClient(options.sql, {
    onnotify: () => wakeUp(waker),
    onclose: () => {
      listening = false;
    },
  });
  let published = false;
  let synced = false;
  // The open rent data: made at the first run after a start, then after runs that rebuilt a city, on its schedule.
  let openDataPending = true;
  let openDataAt = -Infinity;

  /** Every failure, the first build and LISTEN included, is retried with backoff: the loop never ends by itself. */
  const loop = async () => {
    log('public site: regenerator running');
    try {
      while (!stopped) {
        try {
          if (!listening) {
            await listener.unsafe(`LISTEN ${DIRTY_CHANNEL}`);
            listening = true;
          }
          if (!published && !existsSync(join(options.outDir, pageFile(CITIES_PATH)))) {
            // Nothing published yet (first start, or the output was wiped): build everything once.
            const report = await fullBuild(options);
            log(
              `public site: first build, ${report.written} files for ${report.cities.length} cities`,
            );
          }
          published = true;
          if (options.mirror && !synced && (await options.mirror.isEmpty())) {
            const uploaded = await options.mirror.syncAll();
            log(`public site: ${uploaded} files uploaded to the pages' bucket`);
          }
          synced = true;
          if (!hold) {
            const { head, behind } = await sourcesBacklog(options.sql, bulkLagEvents + 1);
            if (behind !== null && behind > bulkLagEvents) {
              hold = { until: head, since: Date.now() };
              log(
                `public site: the models the pages come from are over ${bulkLagEvents} events behind; holding runs until they reach #${head}, to take the backlog in one run`,
              );
            }
          }
          if (
            hold &&
            Date.now() - hold.since < maxHoldMs &&
            (await sourcesBehind(options.sql, hold.until))
          ) {
            await new Promise((r) => setTimeout(r, Math.min(pollMs, 500)));
            continue;
          }
          hold = undefined;
          const sinceOpenData = Date.now() - openDataAt;
          const openData =
            (openDataPending && sinceOpenData >= (options.openDataEveryMs ?? OPEN_DATA_EVERY_MS)) ||
            sinceOpenData >= OPEN_DATA_AT_LEAST_MS;
          const { report, waiting } = await regenerateOnce({
            ...options,
            countsCache,
            pagesCache,
            openData,
          });
          if (report?.openData) {
            openDataPending = false;
            openDataAt = Date.now();
          } else if (report && report.cities.length > 0) openDataPending = true;
          // Before anything else: what an earlier run queued and could not upload goes first.
          const uploaded = (await options.mirror?.drain()) ?? 0;
          if (uploaded > 0) log(`public site: ${uploaded} files uploaded to the pages' bucket`);
          failures = 0;
          if (report) {
            log(
              describe(
                report,
                report.paths.filter(
                  (p) => /^browse\/[^/]+\.html$/.test(p) && p !== 'browse/cities.html',
                ).length,
              ),
            );
            continue;
          }
          // Marks waiting for the pages' models: they are seconds behind at most, look again soon.
          await sleep(waiting > 0 ? batchWindowMs : pollMs);
          if (!stopped && waiting === 0) await new Promise((r) => setTimeout(r, batchWindowMs));
        } catch (error) {
          failures++;
          const delay = Math.min(250 * 2 ** failures, 30_000);
          log(
            `public site: regeneration failed, retrying in ${delay} ms: ${(error as Error).message}`,
          );
          await sleep(delay);
        }
      }
    } finally {
      await listener.end({ timeout: 1 }).catch(() => undefined);
    }
  };
  const done = loop();
  return {
    done,
    stop: async () => {
      stopped = true;
      wakeUp(waker);
      await done.catch(() => undefined);
    },
  };
};
