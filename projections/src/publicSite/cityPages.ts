import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, localePath, type Locale } from '@rentals/core/i18n/locales';
import {
  citySitemapFile,
  cityPath,
  MAX_PAGES,
  PAGE_SIZE,
  pageFile,
  PROPERTY_TYPES,
  type PropertyType,
} from './paths.ts';
import type { Publisher } from './publisher.ts';
import type { CityCounts, PublicListing } from './queries.ts';
import { renderUrlset, SITEMAP_MAX_URLS, type SitemapUrl } from './sitemap.ts';
import { renderCityPage, renderEmptyCityPage, renderMovedPage } from './templates/cityPage.ts';
import type { SiteContext } from './templates/layout.ts';
import type { RentTrends } from '../queries/rentTrends.ts';

// A city's numbered pages and sitemap as buildPublicSite (build.ts) renders them:
// rows are added newest first and each page is published once it is full.

type Filter = PropertyType | null;

export const FILTERS: Filter[] = [null, ...PROPERTY_TYPES];

/** A city's numbered pages as last rendered: the heading they share, and each page's listing ids. */
export type CityPages = { heading: string; pages: Map<string, string> };

/** What every numbered page of a city shows besides its listings: name and counts. */
const headingOf = (city: CityCounts, cap: number) =>
  JSON.stringify([city.name, city.total, city.byType, cap]);
const pageKey = (filter: Filter, page: number) => `${filter ?? 'all'}:${page}`;

const pagesFor = (city: CityCounts, filter: Filter, cap = MAX_PAGES) =>
  Math.min(cap, Math.ceil((filter ? city.byType[filter] : city.total) / PAGE_SIZE));

/** How many parts a city's sitemap has (the sitemap index names each). */
export const sitemapParts = (city: CityCounts, cap: number) =>
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
export const retireStalePages = (
  publisher: Publisher,
  sites: readonly SiteContext[],
  outDir: string,
  slug: string,
  city: CityCounts | undefined,
  cap: number,
) => {
  // Every language's page of a path, rendered in that language.
  const inEvery = (path: string, render: (site: SiteContext) => string) => {
    for (const site of sites)
      publisher.publish(pageFile(localePath(site.locale, path)), render(site));
  };
  for (const filter of FILTERS) {
    const total = city ? pagesFor(city, filter, cap) : 0;
    const fallback = total > 0 ? cityPath(slug, filter, total) : cityPath(slug);
    for (const n of existingPageNumbers(outDir, slug, filter))
      if (n > total) inEvery(cityPath(slug, filter, n), (site) => renderMovedPage(site, fallback));
    if (filter && total === 0 && existsSync(join(outDir, pageFile(cityPath(slug, filter)))))
      inEvery(cityPath(slug, filter), (site) => renderMovedPage(site, cityPath(slug)));
  }
  if (!city) inEvery(cityPath(slug), (site) => renderEmptyCityPage(site, slug, null));
};

/** A city's sitemap being written: the part being filled, and its number. */
export type CitySitemap = {
  publisher: Publisher;
  outDir: string;
  slug: string;
  /** English names the city's pages and its listings' pages; another language, its city pages. */
  locale: Locale;
  urls: SitemapUrl[];
  part: number;
};

export const citySitemap = (
  publisher: Publisher,
  outDir: string,
  slug: string,
  locale: Locale = DEFAULT_LOCALE,
): CitySitemap => ({ publisher, outDir, slug, locale, urls: [], part: 1 });

const flushSitemap = (s: CitySitemap) => {
  s.publisher.publish(citySitemapFile(s.slug, s.part, s.locale), renderUrlset(s.urls));
  s.urls = [];
  s.part++;
};

/** Adds a url to the sitemap, in parts of at most SITEMAP_MAX_URLS. */
export const addToSitemap = (s: CitySitemap, url: SitemapUrl) => {
  s.urls.push(url);
  if (s.urls.length >= SITEMAP_MAX_URLS) flushSitemap(s);
};

export const finishSitemap = (s: CitySitemap) => {
  if (s.urls.length > 0 || s.part === 1) flushSitemap(s);
  // Parts a bigger city had before: empty them (the index no longer lists them).
  while (existsSync(join(s.outDir, citySitemapFile(s.slug, s.part, s.locale)))) {
    s.publisher.publish(citySitemapFile(s.slug, s.part, s.locale), renderUrlset([]));
    s.part++;
  }
};

/** What the city pages of one build share. */
export type CityPagesContext = {
  publisher: Publisher;
  /** The site in each language the city pages are published in, English first (paths.ts). */
  sites: readonly SiteContext[];
  outDir: string;
  cap: number;
  abs: (path: string) => string;
  /** Incremental runs with a pages cache: what each city's pages showed last time (see BuildRequest). */
  remembered: Map<string, CityPages> | undefined;
  /** The listings the run rebuilds: a page holding one is rendered again. */
  changedIds: ReadonlySet<string>;
  /** Numbered pages left alone without rendering. */
  skipped: number;
};

/** A city whose pages are being rendered. */
export type CityRun = {
  city: CityCounts;
  buffers: Map<Filter, PublicListing[]>;
  pageNo: Map<Filter, number>;
  sitemap: CitySitemap;
  /** The other languages' sitemaps of the city's pages. */
  languageSitemaps: CitySitemap[];
  /** The city's median rents (issue 18), on its first page. */
  trends?: RentTrends;
  /** With `remembered`: what the pages showed last time, and show now. */
  previous?: CityPages | undefined;
  rendered?: CityPages;
};

/** Whether the page is the same as last time (so it is left alone), recording what it shows now. */
const unchangedPage = (
  ctx: CityPagesContext,
  c: CityRun,
  filter: Filter,
  page: number,
  listings: readonly PublicListing[],
) => {
  if (!c.rendered) return false;
  const ids = listings.map((l) => l.id).join(',');
  const key = pageKey(filter, page);
  const same =
    c.previous?.heading === c.rendered.heading &&
    c.previous.pages.get(key) === ids &&
    !listings.some((l) => ctx.changedIds.has(l.id));
  c.rendered.pages.set(key, ids);
  return same;
};

const flushPage = (ctx: CityPagesContext, c: CityRun, filter: Filter) => {
  const listings = c.buffers.get(filter)!;
  if (listings.length === 0) return;
  const page = c.pageNo.get(filter)!;
  if (unchangedPage(ctx, c, filter, page, listings)) ctx.skipped++;
  else
    for (const site of ctx.sites)
      ctx.publisher.publish(
        pageFile(localePath(site.locale, cityPath(c.city.slug, filter, page))),
        renderCityPage(site, {
          city: c.city,
          type: filter,
          page,
          totalPages: pagesFor(c.city, filter, ctx.cap),
          listings,
          trends: c.trends,
        }),
      );
  c.buffers.set(filter, []);
  c.pageNo.set(filter, page + 1);
};

/** Starts a city's pages, its sitemap naming each of them. */
export const startCity = (
  ctx: CityPagesContext,
  city: CityCounts,
  sitemap: CitySitemap,
  trends?: RentTrends,
): CityRun => {
  const run: CityRun = {
    city,
    trends,
    buffers: new Map(FILTERS.map((f) => [f, []])),
    pageNo: new Map(FILTERS.map((f) => [f, 1])),
    sitemap,
    languageSitemaps: ctx.sites
      .filter((site) => site.locale !== DEFAULT_LOCALE)
      .map((site) => citySitemap(ctx.publisher, ctx.outDir, city.slug, site.locale)),
    ...(ctx.remembered
      ? {
          previous: ctx.remembered.get(city.slug),
          // The trends are part of what the first page shows besides its listings.
          rendered: {
            heading: headingOf(city, ctx.cap) + JSON.stringify(trends ?? null),
            pages: new Map<string, string>(),
          },
        }
      : {}),
  };
  for (const filter of FILTERS)
    for (let p = 1; p <= pagesFor(city, filter, ctx.cap); p++)
      for (const map of [sitemap, ...run.languageSitemaps])
        addToSitemap(map, {
          loc: ctx.abs(localePath(map.locale, cityPath(city.slug, filter, p))),
          lastmod: city.lastModified,
        });
  return run;
};

/** Whether every filter's last pre-rendered page is full. */
export const cityPagesFull = (ctx: CityPagesContext, c: CityRun) =>
  FILTERS.every((f) => c.pageNo.get(f)! > ctx.cap);

export const addToPages = (ctx: CityPagesContext, c: CityRun, row: PublicListing) => {
  for (const filter of [null, row.propertyType] as Filter[]) {
    const buffer = c.buffers.get(filter);
    // Past the last pre-rendered page: the row is only in the sitemap (and has its own page).
    if (!buffer || c.pageNo.get(filter)! > ctx.cap) continue;
    buffer.push(row);
    if (buffer.length === PAGE_SIZE) flushPage(ctx, c, filter);
  }
};

/** Publishes the city's last pages and sitemap, and retires the pages it no longer has. */
export const finishCity = (ctx: CityPagesContext, c: CityRun) => {
  for (const filter of FILTERS) flushPage(ctx, c, filter);
  if (c.rendered) ctx.remembered!.set(c.city.slug, c.rendered);
  retireStalePages(ctx.publisher, ctx.sites, ctx.outDir, c.city.slug, c.city, ctx.cap);
  finishSitemap(c.sitemap);
  for (const map of c.languageSitemaps) finishSitemap(map);
};
