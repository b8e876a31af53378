import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { giveWay } from '@rentals/core/giveWay';
import { buildScript, buildStylesheet } from './assets.ts';
import {
  CITIES_PATH,
  citySitemapFile,
  cityPath,
  listingPath,
  MAX_PAGES,
  PAGE_SIZE,
  pageFile,
  PROPERTY_TYPES,
  SAFE_SEGMENT,
  type PropertyType,
} from './paths.ts';
import { createPublisher, type Publisher } from './publisher.ts';
import {
  cityCounts,
  existingListingIds,
  expiredListingIds,
  similarListings,
  listingsByIds,
  pageListings,
  streamCityEntries,
  streamListings,
  type CityCounts,
  type PublicListing,
} from './queries.ts';
import {
  renderRobots,
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_MAX_URLS,
  type SitemapUrl,
} from './sitemap.ts';
import { renderCityPage, renderEmptyCityPage, renderMovedPage } from './templates/cityPage.ts';
import { renderIndexPage } from './templates/indexPage.ts';
import type { SiteContext } from './templates/layout.ts';
import { renderGoneListingPage, renderListingPage } from './templates/listingPage.ts';
import { rentTrends, type RentTrends } from '../queries/rentTrends.ts';

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
};

type Filter = PropertyType | null;

/** Marked listing pages read from the public model at once in an incremental run. */
const LISTING_PAGES_PER_READ = 2000;
/** Listing pages rendered between two turns of the event loop. */
const YIELD_EVERY = 100;

/** A city's numbered pages as last rendered: the heading they share, and each page's listing ids. */
export type CityPages = { heading: string; pages: Map<string, string> };

/** What every numbered page of a city shows besides its listings: name and counts. */
const headingOf = (city: CityCounts, cap: number) =>
  JSON.stringify([city.name, city.total, city.byType, cap]);
const pageKey = (filter: Filter, page: number) => `${filter ?? 'all'}:${page}`;
const FILTERS: Filter[] = [null, ...PROPERTY_TYPES];

const pagesFor = (city: CityCounts, filter: Filter, cap = MAX_PAGES) =>
  Math.min(cap, Math.ceil((filter ? city.byType[filter] : city.total) / PAGE_SIZE));

const sitemapParts = (city: CityCounts, cap: number) =>
  Math.max(
    1,
    Math.ceil(
      (FILTERS.reduce((n, f) => n + pagesFor(city, f, cap), 0) + city.total) / SITEMAP_MAX_URLS,
    ),
  );

/** Page files of a city listing (or one type) that exist on disk, by page number. */
const existingPageNumbers = (outDir: string, slug: string, filter: Filter): number[] => {
  const dir = join(outDir, pageFile(`${cityPath(slug, filter)}/page`).replace(/\.html$/, ''));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => /^(\d+)\.html$/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
};

/**
 * Pages that the city no longer has (it shrank, or a type ran out) become
 * "moved" pages pointing at the nearest page that exists; a city with nothing
 * listed gets an empty-state page. Old links therefore never break.
 */
const retireStalePages = (
  publisher: Publisher,
  site: SiteContext,
  outDir: string,
  slug: string,
  city: CityCounts | undefined,
  cap: number,
) => {
  for (const filter of FILTERS) {
    const total = city ? pagesFor(city, filter, cap) : 0;
    const fallback = total > 0 ? cityPath(slug, filter, total) : cityPath(slug);
    for (const n of existingPageNumbers(outDir, slug, filter))
      if (n > total)
        publisher.publish(pageFile(cityPath(slug, filter, n)), renderMovedPage(site, fallback));
    if (filter && total === 0 && existsSync(join(outDir, pageFile(cityPath(slug, filter)))))
      publisher.publish(pageFile(cityPath(slug, filter)), renderMovedPage(site, cityPath(slug)));
  }
  if (!city) publisher.publish(pageFile(cityPath(slug)), renderEmptyCityPage(site, slug, null));
};

/** Streams a city's sitemap into parts of at most SITEMAP_MAX_URLS. */
const citySitemap = (publisher: Publisher, outDir: string, slug: string) => {
  let urls: SitemapUrl[] = [];
  let part = 1;
  const flush = () => {
    publisher.publish(citySitemapFile(slug, part), renderUrlset(urls));
    urls = [];
    part++;
  };
  return {
    add(url: SitemapUrl) {
      urls.push(url);
      if (urls.length >= SITEMAP_MAX_URLS) flush();
    },
    finish() {
      if (urls.length > 0 || part === 1) flush();
      // Parts a bigger city had before: empty them (the index no longer lists them).
      while (existsSync(join(outDir, citySitemapFile(slug, part)))) {
        publisher.publish(citySitemapFile(slug, part), renderUrlset([]));
        part++;
      }
    },
  };
};

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

/**
 * Renders the public site from the public read model and publishes it
 * atomically, leaves first: listing pages, then city pages, then the cities
 * index and the sitemaps, so a page never links to one that is not there yet.
 */
export const buildPublicSite = async (request: BuildRequest): Promise<BuildReport> => {
  const { sql, outDir } = request;
  const cap = request.maxPages ?? MAX_PAGES;
  const batchRows = request.pageBatchRows ?? 1000;
  const publisher = createPublisher(outDir, { skipUnchanged: request.skipUnchanged });
  const stylesheet = buildStylesheet();
  publisher.publish(stylesheet.file, stylesheet.css);
  const script = await buildScript();
  publisher.publish(script.file, script.js);
  const site: SiteContext = {
    siteUrl: request.siteUrl,
    cssHref: stylesheet.href,
    scriptHref: script.href,
  };
  const abs = (path: string) => `${request.siteUrl}${path}`;

  const timings = { countsMs: 0, listingPagesMs: 0, cityPagesMs: 0, indexMs: 0 };
  let mark = performance.now();
  const lap = (key: keyof typeof timings) => {
    const now = performance.now();
    timings[key] = Math.round(now - mark);
    mark = now;
  };
  const full = request.cities === 'all';
  const cache = request.countsCache ?? new Map<string, CityCounts>();
  let allCities = await currentCounts(sql, full, cache);
  lap('countsMs');
  const bySlug = new Map(allCities.map((c) => [c.slug, c]));
  const targets = new Set(full ? allCities.map((c) => c.slug) : request.cities);
  if (full && existsSync(join(outDir, 'browse/cities')))
    // Cities published before that have nothing listed now.
    for (const f of readdirSync(join(outDir, 'browse/cities')))
      if (f.endsWith('.html')) targets.add(f.slice(0, -5));
  const slugs = [...targets].filter((s) => SAFE_SEGMENT.test(s)).sort();

  // 1. Listing pages of an incremental run (a full build renders them while streaming).
  if (!full && request.listings && request.listings.length > 0) {
    const all = request.listings.filter((l) => SAFE_SEGMENT.test(l.id));
    // In chunks: a bulk import marks tens of thousands, and their rows need not all be in memory at once.
    for (let from = 0; from < all.length; from += LISTING_PAGES_PER_READ) {
      const wanted = all.slice(from, from + LISTING_PAGES_PER_READ);
      const ids = wanted.map((l) => l.id);
      const found = new Map((await listingsByIds(sql, ids)).map((l) => [l.id, l]));
      // Not listed: delisted when its public row is still there (404), deleted when not (410).
      const existing = await existingListingIds(sql, ids);
      const expired = await expiredListingIds(sql, ids);
      for (const [i, { id, citySlug }] of wanted.entries()) {
        // Rendering is synchronous: let the process's projection runners go on meanwhile, for a batch
        // transaction they hold open waits on this loop and holds back every projection's log fence.
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await giveWay();
        const listing = found.get(id);
        const city = bySlug.has(citySlug) ? citySlug : null;
        publisher.publish(
          pageFile(listingPath(id)),
          listing
            ? renderListingPage(site, listing)
            : expired.has(id)
              ? renderGoneListingPage(site, id, city, 410, {
                  similar: city ? await similarListings(sql, city) : [],
                })
              : renderGoneListingPage(site, id, city, existing.has(id) ? 404 : 410),
        );
      }
    }
  }

  lap('listingPagesMs');
  // 2. City pages, streamed city by city, newest first.
  let streamed = 0;
  let current:
    | {
        city: CityCounts;
        buffers: Map<Filter, PublicListing[]>;
        pageNo: Map<Filter, number>;
        sitemap: ReturnType<typeof citySitemap>;
        /** The city's median rents (issue 18), on its first page. */
        trends?: RentTrends;
        /** Incremental runs with a pages cache: what the pages showed last time, and show now. */
        previous?: CityPages | undefined;
        rendered?: CityPages;
      }
    | undefined;

  const changedIds = new Set((request.listings ?? []).map((l) => l.id));
  let skipped = 0;
  const flushPage = (filter: Filter) => {
    const c = current!;
    const listings = c.buffers.get(filter)!;
    if (listings.length === 0) return;
    const page = c.pageNo.get(filter)!;
    if (c.rendered) {
      const ids = listings.map((l) => l.id).join(',');
      const key = pageKey(filter, page);
      const same =
        c.previous?.heading === c.rendered.heading &&
        c.previous.pages.get(key) === ids &&
        !listings.some((l) => changedIds.has(l.id));
      c.rendered.pages.set(key, ids);
      if (same) {
        skipped++;
        c.buffers.set(filter, []);
        c.pageNo.set(filter, page + 1);
        return;
      }
    }
    publisher.publish(
      pageFile(cityPath(c.city.slug, filter, page)),
      renderCityPage(site, {
        city: c.city,
        type: filter,
        page,
        totalPages: pagesFor(c.city, filter, cap),
        listings,
        trends: c.trends,
      }),
    );
    c.buffers.set(filter, []);
    c.pageNo.set(filter, page + 1);
  };

  const startCity = (
    city: CityCounts,
    sitemap = citySitemap(publisher, outDir, city.slug),
    trends?: RentTrends,
  ) => {
    current = {
      city,
      trends,
      buffers: new Map(FILTERS.map((f) => [f, []])),
      pageNo: new Map(FILTERS.map((f) => [f, 1])),
      sitemap,
      ...(!full && request.pagesCache
        ? {
            previous: request.pagesCache.get(city.slug),
            // The trends are part of what the first page shows besides its listings.
            rendered: {
              heading: headingOf(city, cap) + JSON.stringify(trends ?? null),
              pages: new Map<string, string>(),
            },
          }
        : {}),
    };
    for (const filter of FILTERS)
      for (let p = 1; p <= pagesFor(city, filter, cap); p++)
        current.sitemap.add({
          loc: abs(cityPath(city.slug, filter, p)),
          lastmod: city.lastModified,
        });
  };

  const finishCity = () => {
    if (!current) return;
    for (const filter of FILTERS) flushPage(filter);
    if (current.rendered) request.pagesCache!.set(current.city.slug, current.rendered);
    retireStalePages(publisher, site, outDir, current.city.slug, current.city, cap);
    current.sitemap.finish();
    current = undefined;
  };

  const addToPages = (row: PublicListing) => {
    for (const filter of [null, row.propertyType] as Filter[]) {
      const buffer = current!.buffers.get(filter);
      // Past the last pre-rendered page: the row is only in the sitemap (and has its own page).
      if (!buffer || current!.pageNo.get(filter)! > cap) continue;
      buffer.push(row);
      if (buffer.length === PAGE_SIZE) flushPage(filter);
    }
  };

  const done = new Set<string>();
  // A full build renders everything: what incremental runs remembered of the pages starts afresh.
  if (full) request.pagesCache?.clear();
  if (full) {
    // One pass over every listed row, city by city: listing pages, city pages and sitemaps.
    for await (const rows of streamListings(sql, 'all')) {
      for (const row of rows) {
        if (row.citySlug !== current?.city.slug) {
          // The city's listing pages exist before its pages and sitemap name them.
          await publisher.settle();
          finishCity();
          const city = bySlug.get(row.citySlug);
          // Counted and streamed in different statements: a city that appeared in between waits for its own run.
          if (!city) continue;
          startCity(city, undefined, await rentTrends(sql, { city: city.name }));
          done.add(city.slug);
        }
        if (!SAFE_SEGMENT.test(row.id)) continue;
        await publisher.publishSoon(pageFile(listingPath(row.id)), renderListingPage(site, row));
        current!.sitemap.add({ loc: abs(listingPath(row.id)), lastmod: row.updatedAt });
        addToPages(row);
      }
      streamed += rows.length;
      request.onProgress?.(streamed);
    }
    await publisher.settle();
    finishCity();
  } else {
    // A city at a time. First one light pass over its listings (id, type, spelling, date):
    // its sitemap and its counts. Then only the rows its numbered pages show.
    for (const slug of slugs) {
      const sitemap = citySitemap(publisher, outDir, slug);
      const tally = {
        total: 0,
        byType: { flat: 0, house: 0, PG: 0 },
        names: new Map<string, number>(),
        last: new Date(0),
      };
      for await (const rows of streamCityEntries(sql, slug)) {
        for (const row of rows) {
          if (SAFE_SEGMENT.test(row.id))
            sitemap.add({ loc: abs(listingPath(row.id)), lastmod: row.updatedAt });
          tally.total++;
          tally.byType[row.propertyType]++;
          tally.names.set(row.city, (tally.names.get(row.city) ?? 0) + 1);
          if (row.updatedAt > tally.last) tally.last = row.updatedAt;
        }
        streamed += rows.length;
      }
      if (tally.total === 0) {
        cache.delete(slug);
        request.pagesCache?.delete(slug);
        sitemap.finish();
        continue;
      }
      const city: CityCounts = {
        slug,
        name: [...tally.names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0].trim(),
        total: tally.total,
        byType: tally.byType,
        lastModified: tally.last,
      };
      cache.set(slug, city);
      startCity(city, sitemap, await rentTrends(sql, { city: city.name }));
      done.add(slug);
      let after: { key: string; id: string } | undefined;
      // Newest first in keyset batches, until every filter's last pre-rendered page is full.
      while (FILTERS.some((f) => current!.pageNo.get(f)! <= cap)) {
        const rows = await pageListings(sql, slug, after, batchRows);
        for (const row of rows) addToPages(row);
        const last = rows.at(-1);
        if (!last || rows.length < batchRows) break;
        after = { key: last.cursorKey, id: last.id };
      }
      finishCity();
    }
    allCities = sortedCities(cache);
  }
  // Cities without listed rows now: empty state, moved pages, empty sitemap.
  for (const slug of slugs)
    if (!done.has(slug)) {
      retireStalePages(publisher, site, outDir, slug, undefined, cap);
      citySitemap(publisher, outDir, slug).finish();
    }

  lap('cityPagesMs');
  // 3. The cities index, robots.txt and the sitemap index, last.
  publisher.publish(pageFile(CITIES_PATH), renderIndexPage(site, allCities));
  publisher.publish(
    'sitemaps/cities.xml',
    renderUrlset([
      { loc: abs(CITIES_PATH) },
      ...allCities.map((c) => ({ loc: abs(cityPath(c.slug)), lastmod: c.lastModified })),
    ]),
  );
  publisher.publish('robots.txt', renderRobots(request.siteUrl));
  publisher.publish(
    'sitemap.xml',
    renderSitemapIndex([
      abs('/sitemaps/cities.xml'),
      ...allCities.flatMap((c) =>
        Array.from({ length: sitemapParts(c, cap) }, (_, i) =>
          abs(`/${citySitemapFile(c.slug, i + 1)}`),
        ),
      ),
    ]),
  );
  lap('indexMs');
  return {
    cities: slugs,
    listingsStreamed: streamed,
    written: publisher.stats.written,
    // Pages left alone without rendering count as unchanged too.
    unchanged: publisher.stats.unchanged + skipped,
    pagesSkipped: skipped,
    paths: publisher.stats.paths,
    timings,
  };
};
