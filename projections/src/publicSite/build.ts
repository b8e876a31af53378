import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { giveWay } from '@rentals/core/giveWay';
import { buildScript, buildStylesheet } from './assets.ts';
import {
  addToPages,
  addToSitemap,
  cityPagesFull,
  citySitemap,
  finishCity,
  finishSitemap,
  retireStalePages,
  sitemapParts,
  startCity,
  type CityPages,
  type CityPagesContext,
  type CityRun,
  type CitySitemap,
} from './cityPages.ts';
import { DEFAULT_LOCALE, localePath } from '@rentals/core/i18n/locales';
import {
  CITIES_PATH,
  citiesSitemapFile,
  citySitemapFile,
  cityPath,
  listingFile,
  listingPath,
  MAX_PAGES,
  pageFile,
  PUBLIC_LOCALES,
  SAFE_SEGMENT,
} from './paths.ts';
import { startListingPagesThread, type ListingPagesThread } from './listingPagesThread.ts';
import { createPublisher } from './publisher.ts';
import {
  cityCounts,
  existingListingIds,
  expiredListingIds,
  letListingIds,
  similarListings,
  listingsByIds,
  pageListings,
  streamCityEntries,
  streamListings,
  type CityCounts,
  type PublicListing,
} from './queries.ts';
import { renderRobots, renderSitemapIndex, renderUrlset } from './sitemap.ts';
import { renderIndexPage } from './templates/indexPage.ts';
import type { SiteContext } from './templates/layout.ts';
import { renderGoneListingPage, renderListingPage } from './templates/listingPage.ts';
import { rentTrends } from '../queries/rentTrends.ts';
import { publishOpenData } from './openData.ts';

export type { CityPages } from './cityPages.ts';

export type BuildRequest = {
  sql: Sql;
  outDir: string;
  siteUrl: string;
  /** 'all': a full build; otherwise the slugs of the cities to rebuild. */
  cities: readonly string[] | 'all';
  /**
   * The listing pages to rebuild in an incremental run, with the city each was
   * last seen in (for the "no longer listed" page). A full build renders every
   * listed listing's page.
   */
  listings?: readonly { id: string; citySlug: string }[];
  /** Compare with the published bytes and leave unchanged files alone (incremental runs). */
  skipUnchanged: boolean;
  /**
   * Counts of every city kept between incremental runs by a long-lived caller
   * (the regenerator): counts only change in marked cities, so a run refreshes
   * those and skips counting the whole table (the index page needs them all).
   */
  countsCache?: Map<string, CityCounts>;
  /**
   * What each city's numbered pages showed at the last incremental run, kept
   * by the same long-lived caller: a page whose listings (ids, in order) and
   * heading are the same and holds no listing of `listings` is left alone
   * without rendering it, so one edited listing costs the page or two it is
   * on, not the city's hundreds.
   */
  pagesCache?: Map<string, CityPages>;
  /** Rows per keyset batch when an incremental run reads a city's pages (tests use tiny ones). */
  pageBatchRows?: number;
  /** Numbered pages per city and type (MAX_PAGES unless a test wants fewer). */
  maxPages?: number;
  onProgress?: (listingsDone: number) => void;
  /** Also make the open rent data again (a full build always does; the regenerator on its schedule). */
  openData?: boolean;
};

export type BuildReport = {
  cities: string[];
  listingsStreamed: number;
  written: number;
  /** Files left as they were: compared and found the same, or (`pagesSkipped`) not even rendered. */
  unchanged: number;
  /** Numbered city pages an incremental run left alone without rendering (see `pagesCache`). */
  pagesSkipped: number;
  /** Relative paths of the files written, in publish order. */
  paths: string[];
  /** Where the time went: the counts query, listing pages, city pages (with sitemaps), the index. */
  timings: { countsMs: number; listingPagesMs: number; cityPagesMs: number; indexMs: number };
  /** Whether the run made the open rent data again (/data/rents.*). */
  openData: boolean;
};

/** Marked listing pages read from the public model at once in an incremental run. */
const LISTING_PAGES_PER_READ = 2000;
/** Listing pages rendered between two turns of the event loop. */
const YIELD_EVERY = 100;

/**
 * Every city's counts (the index page lists them all). A full build, or the
 * first run of a long-lived regenerator, counts the whole table; later runs
 * start from the cache and refresh only the cities they rebuild (counts only
 * change in marked cities).
 */
const currentCounts = async (sql: Sql, full: boolean, cache: Map<string, CityCounts>) => {
  if (full || cache.size === 0) {
    const all = await cityCounts(sql, 'all');
    cache.clear();
    for (const c of all) cache.set(c.slug, c);
  }
  return sortedCities(cache);
};

const sortedCities = (cache: Map<string, CityCounts>) =>
  [...cache.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));

/** What the steps of one build share, besides what its city pages share. */
type Build = CityPagesContext & {
  /** The English site: a listing's own page is English only. */
  site: SiteContext;
  request: BuildRequest;
  sql: Sql;
  full: boolean;
  /** Every city's counts, kept between incremental runs by a long-lived caller (see BuildRequest). */
  counts: Map<string, CityCounts>;
  bySlug: Map<string, CityCounts>;
  /** Rows streamed: the listings of a full build, the sitemap entries of an incremental one. */
  streamed: number;
  /** The cities whose pages the run rendered. */
  done: Set<string>;
};

type Timings = BuildReport['timings'];

/** Where the time went: each lap is the time since the last. */
type Stopwatch = { timings: Timings; mark: number };

const lap = (watch: Stopwatch, key: keyof Timings) => {
  const now = performance.now();
  watch.timings[key] = Math.round(now - watch.mark);
  watch.mark = now;
};

/** Publishes the stylesheet and the script the pages link to, and sets the build up. */
const startBuild = async (request: BuildRequest): Promise<Build> => {
  const { outDir } = request;
  const full = request.cities === 'all';
  const publisher = createPublisher(outDir, { skipUnchanged: request.skipUnchanged, queue: full });
  const stylesheet = buildStylesheet();
  publisher.publish(stylesheet.file, stylesheet.css);
  const script = await buildScript();
  publisher.publish(script.file, script.js);
  await publisher.settle();
  const sites: SiteContext[] = PUBLIC_LOCALES.map((locale) => ({
    siteUrl: request.siteUrl,
    cssHref: stylesheet.href,
    scriptHref: script.href,
    locale,
    locales: PUBLIC_LOCALES,
  }));
  return {
    request,
    sql: request.sql,
    full,
    publisher,
    site: sites.find((s) => s.locale === DEFAULT_LOCALE)!,
    sites,
    outDir,
    cap: request.maxPages ?? MAX_PAGES,
    abs: (path: string) => `${request.siteUrl}${path}`,
    remembered: full ? undefined : request.pagesCache,
    changedIds: new Set((request.listings ?? []).map((l) => l.id)),
    skipped: 0,
    counts: request.countsCache ?? new Map<string, CityCounts>(),
    bySlug: new Map(),
    streamed: 0,
    done: new Set(),
  };
};

/** The cities the run rebuilds: all (with those published before that have nothing listed now), or the marked. */
const targetSlugs = (b: Build, allCities: readonly CityCounts[]) => {
  const targets = new Set(b.full ? allCities.map((c) => c.slug) : b.request.cities);
  if (b.full && existsSync(join(b.outDir, 'browse/cities')))
    for (const f of readdirSync(join(b.outDir, 'browse/cities')))
      if (f.endsWith('.html')) targets.add(f.slice(0, -5));
  return [...targets].filter((s) => SAFE_SEGMENT.test(s)).sort();
};

/** One chunk of an incremental run's listing pages: listed, or gone (404 delisted, 410 deleted or expired). */
const publishListingPages = async (
  b: Build,
  wanted: readonly { id: string; citySlug: string }[],
) => {
  const ids = wanted.map((l) => l.id);
  const found = new Map((await listingsByIds(b.sql, ids)).map((l) => [l.id, l]));
  // Not listed: delisted when its public row is still there (404), deleted when not (410).
  const existing = await existingListingIds(b.sql, ids);
  const expired = await expiredListingIds(b.sql, ids);
  const lets = await letListingIds(b.sql, ids);
  for (const [i, { id, citySlug }] of wanted.entries()) {
    // Rendering is synchronous: let the process's projection runners go on meanwhile, for a batch
    // transaction they hold open waits on this loop and holds back every projection's log fence.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await giveWay();
    const listing = found.get(id);
    const city = b.bySlug.has(citySlug) ? citySlug : null;
    const similar = !listing && expired.has(id) && city ? await similarListings(b.sql, city) : [];
    for (const site of b.sites)
      b.publisher.publish(
        listingFile(site.locale, id),
        listing
          ? renderListingPage(site, listing)
          : expired.has(id)
            ? renderGoneListingPage(site, id, city, 410, { similar })
            : renderGoneListingPage(site, id, city, existing.has(id) ? 404 : 410, undefined, {
                let: lets.has(id),
              }),
      );
  }
};

/** An incremental run's listing pages (a full build renders them while streaming). */
const publishMarkedListings = async (b: Build) => {
  const all = (b.request.listings ?? []).filter((l) => SAFE_SEGMENT.test(l.id));
  // In chunks: a bulk import marks tens of thousands, and their rows need not all be in memory at once.
  for (let from = 0; from < all.length; from += LISTING_PAGES_PER_READ)
    await publishListingPages(b, all.slice(from, from + LISTING_PAGES_PER_READ));
};

/**
 * A full build: one pass over every listed row, city by city. Each chunk's listing pages are
 * shared between this thread and a thread of their own (listingPagesThread.ts); this one then
 * makes the previous chunk's city pages and sitemap entries, once that chunk's listing pages are
 * written. How many go to the other thread follows which of the two waited (see `rebalance`):
 * with few listings per city the city pages are most of the work, with many the listing pages.
 */
const streamAllCities = async (b: Build) => {
  const state: StreamState = { current: undefined };
  const share = { toThread: 0.5 };
  let thread: ListingPagesThread | undefined;
  let previous: { rows: PublicListing[]; written: Promise<void> } | undefined;
  try {
    for await (const rows of streamListings(b.sql, 'all')) {
      // Rows of a city counted before the stream began, with ids safe as file names.
      const pages = rows.filter((r) => b.bySlug.has(r.citySlug) && SAFE_SEGMENT.test(r.id));
      const cut = Math.round(pages.length * share.toThread);
      thread ??= startListingPagesThread({ outDir: b.outDir, sites: b.sites });
      const written = thread.write(pages.slice(0, cut));
      // A failed chunk fails the build when its turn comes; until then it must not go unhandled.
      written.catch(() => undefined);
      for (const row of pages.slice(cut))
        for (const site of b.sites)
          await b.publisher.publishSoon(
            listingFile(site.locale, row.id),
            renderListingPage(site, row),
          );
      if (previous) {
        const since = performance.now();
        await previous.written;
        rebalance(share, performance.now() - since);
        await streamCityRows(b, state, previous);
      }
      previous = { rows, written };
    }
    if (previous) await streamCityRows(b, state, previous);
    await b.publisher.settle();
    if (state.current) finishCity(b, state.current);
    b.publisher.stats.written += thread?.files() ?? 0;
  } finally {
    await thread?.stop();
  }
};

/**
 * This thread waited `waitedMs` for the other one's part of the last chunk: give it less of the
 * next. When it did not wait, the other thread may be idle: give it more.
 */
const rebalance = (share: { toThread: number }, waitedMs: number) => {
  const step = waitedMs > 1 ? -0.05 : 0.05;
  share.toThread = Math.min(0.95, Math.max(0.05, share.toThread + step));
};

type StreamState = { current: CityRun | undefined };

/** A chunk's rows into their cities' pages and sitemaps, once their listing pages are written. */
const streamCityRows = async (
  b: Build,
  state: StreamState,
  chunk: { rows: PublicListing[]; written: Promise<void> },
) => {
  await chunk.written;
  for (const row of chunk.rows) {
    if (row.citySlug !== state.current?.city.slug) {
      // The city's pages and its sitemap's last part are written before the next city starts.
      await b.publisher.settle();
      if (state.current) finishCity(b, state.current);
      state.current = await startStreamedCity(b, row);
      if (!state.current) continue;
    }
    if (!SAFE_SEGMENT.test(row.id)) continue;
    addToSitemap(state.current.sitemap, {
      loc: b.abs(listingPath(row.id)),
      lastmod: row.updatedAt,
    });
    addToPages(b, state.current, row);
  }
  b.streamed += chunk.rows.length;
  b.request.onProgress?.(b.streamed);
};

const startStreamedCity = async (b: Build, row: PublicListing) => {
  const city = b.bySlug.get(row.citySlug);
  // Counted and streamed in different statements: a city that appeared in between waits for its own run.
  if (!city) return undefined;
  b.done.add(city.slug);
  const sitemap = citySitemap(b.publisher, b.outDir, city.slug);
  return startCity(b, city, sitemap, await rentTrends(b.sql, { city: city.name }));
};

/** One light pass over a city's listings (id, type, spelling, date): its sitemap and its counts. */
const tallyCity = async (b: Build, slug: string, sitemap: CitySitemap) => {
  const tally = {
    total: 0,
    byType: { flat: 0, house: 0, PG: 0 },
    names: new Map<string, number>(),
    last: new Date(0),
  };
  for await (const rows of streamCityEntries(b.sql, slug)) {
    for (const row of rows) {
      if (SAFE_SEGMENT.test(row.id))
        addToSitemap(sitemap, { loc: b.abs(listingPath(row.id)), lastmod: row.updatedAt });
      tally.total++;
      tally.byType[row.propertyType]++;
      tally.names.set(row.city, (tally.names.get(row.city) ?? 0) + 1);
      if (row.updatedAt > tally.last) tally.last = row.updatedAt;
    }
    b.streamed += rows.length;
  }
  if (tally.total === 0) return undefined;
  const city: CityCounts = {
    slug,
    name: [...tally.names].sort((a, c) => c[1] - a[1] || (a[0] < c[0] ? -1 : 1))[0]![0].trim(),
    total: tally.total,
    byType: tally.byType,
    lastModified: tally.last,
  };
  return city;
};

/** An incremental run's city: its sitemap and counts, then only the rows its numbered pages show. */
const rebuildCity = async (b: Build, slug: string) => {
  const sitemap = citySitemap(b.publisher, b.outDir, slug);
  const city = await tallyCity(b, slug, sitemap);
  if (!city) {
    b.counts.delete(slug);
    b.request.pagesCache?.delete(slug);
    finishSitemap(sitemap);
    return;
  }
  b.counts.set(slug, city);
  const run = startCity(b, city, sitemap, await rentTrends(b.sql, { city: city.name }));
  b.done.add(slug);
  const batchRows = b.request.pageBatchRows ?? 1000;
  let after: { key: string; id: string } | undefined;
  // Newest first in keyset batches, until every filter's last pre-rendered page is full.
  while (!cityPagesFull(b, run)) {
    const rows = await pageListings(b.sql, slug, after, batchRows);
    for (const row of rows) addToPages(b, run, row);
    const last = rows.at(-1);
    if (!last || rows.length < batchRows) break;
    after = { key: last.cursorKey, id: last.id };
  }
  finishCity(b, run);
};

/** The cities index, robots.txt and the sitemap index, last. */
const publishIndex = (b: Build, allCities: CityCounts[]) => {
  const { publisher, abs } = b;
  for (const site of b.sites) {
    const at = (path: string) => abs(localePath(site.locale, path));
    publisher.publish(
      pageFile(localePath(site.locale, CITIES_PATH)),
      renderIndexPage(site, allCities),
    );
    publisher.publish(
      citiesSitemapFile(site.locale),
      renderUrlset([
        { loc: at(CITIES_PATH) },
        ...allCities.map((c) => ({ loc: at(cityPath(c.slug)), lastmod: c.lastModified })),
      ]),
    );
  }
  publisher.publish('robots.txt', renderRobots(b.request.siteUrl));
  publisher.publish(
    'sitemap.xml',
    renderSitemapIndex(
      PUBLIC_LOCALES.flatMap((locale) => [
        abs(`/${citiesSitemapFile(locale)}`),
        ...allCities.flatMap((c) =>
          // English's parts also name the listings' pages; another language's only the city's pages.
          Array.from({ length: locale === DEFAULT_LOCALE ? sitemapParts(c, b.cap) : 1 }, (_, i) =>
            abs(`/${citySitemapFile(c.slug, i + 1, locale)}`),
          ),
        ),
      ]),
    ),
  );
};

/**
 * Renders the public site from the public read model and publishes it
 * atomically, leaves first: listing pages, then city pages, then the cities
 * index and the sitemaps, so a page never links to one that is not there yet.
 */
export const buildPublicSite = async (request: BuildRequest): Promise<BuildReport> => {
  const b = await startBuild(request);
  const watch: Stopwatch = {
    timings: { countsMs: 0, listingPagesMs: 0, cityPagesMs: 0, indexMs: 0 },
    mark: performance.now(),
  };
  let allCities = await currentCounts(b.sql, b.full, b.counts);
  lap(watch, 'countsMs');
  b.bySlug = new Map(allCities.map((c) => [c.slug, c]));
  const slugs = targetSlugs(b, allCities);
  // 1. Listing pages of an incremental run.
  if (!b.full) await publishMarkedListings(b);
  lap(watch, 'listingPagesMs');
  // 2. City pages, streamed city by city, newest first.
  if (b.full) {
    // A full build renders everything: what incremental runs remembered of the pages starts afresh.
    request.pagesCache?.clear();
    await streamAllCities(b);
  } else {
    for (const slug of slugs) await rebuildCity(b, slug);
    allCities = sortedCities(b.counts);
  }
  // Cities without listed rows now: empty state, moved pages, empty sitemap.
  for (const slug of slugs)
    if (!b.done.has(slug)) {
      retireStalePages(b.publisher, b.sites, b.outDir, slug, undefined, b.cap);
      for (const locale of PUBLIC_LOCALES)
        finishSitemap(citySitemap(b.publisher, b.outDir, slug, locale));
    }
  // A full build's city pages and sitemaps are still being written (publisher `queue`).
  await b.publisher.settle();
  lap(watch, 'cityPagesMs');
  // 3. The cities index, robots.txt and the sitemap index, last.
  publishIndex(b, allCities);
  await b.publisher.settle();
  // 4. The open rent data, read after the pages: it is at least as new as they are.
  const openData = b.full || request.openData === true;
  if (openData) await publishOpenData(b.publisher, b.sql, b.sites);
  lap(watch, 'indexMs');
  const { stats } = b.publisher;
  return {
    cities: slugs,
    listingsStreamed: b.streamed,
    written: stats.written,
    // Pages left alone without rendering count as unchanged too.
    unchanged: stats.unchanged + b.skipped,
    pagesSkipped: b.skipped,
    paths: stats.paths,
    timings: watch.timings,
    openData,
  };
};
