import { DEFAULT_LOCALE, LOCALES, localePath, type Locale } from '@rentals/core/i18n/locales';

/**
 * Every URL of the public site and the file that holds it. Pages are
 * `<path>.html` files (no trailing slash in the canonical URL), which any
 * static host can serve with a "pretty URL" rule (docs/PUBLIC_SITE.md).
 */
export const PROPERTY_TYPES = ['flat', 'house', 'PG'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** The type's URL segment: /browse/cities/pune/pg. */
export const typeSlug = (type: PropertyType) => type.toLowerCase();

export const PAGE_SIZE = 12;

/**
 * Numbered pages per city (and per type) that are pre-rendered: the newest
 * 600 listings. Like the big portals, deep pagination stops here; every
 * listing stays reachable through its own page and the city's sitemap, and
 * the last page links to the search screen for the rest. The cap is what
 * keeps one change in a 40k-listing city a few hundred files, not thousands
 * (a new listing shifts every numbered page by one).
 */
export const MAX_PAGES = 50;

/** Ids and slugs become file names: anything else is refused rather than escaped. */
export const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export const CITIES_PATH = '/browse/cities';

/** Page 1 of a city (optionally of one type), or page n. */
export const cityPath = (slug: string, type: PropertyType | null = null, page = 1): string => {
  const base = `${CITIES_PATH}/${slug}${type ? `/${typeSlug(type)}` : ''}`;
  return page > 1 ? `${base}/page/${page}` : base;
};

export const listingPath = (id: string) => `/browse/${id}`;

/** A listing's page in one language: browse/{id}.html, hi/browse/{id}.html. */
export const listingFile = (locale: Locale, id: string) =>
  pageFile(localePath(locale, listingPath(id)));

/** The full detail of a listing, for signed-in users (the site's /properties/{id}). */
export const detailPath = (id: string) => `/properties/${id}`;

/** Where a visitor card leads: the full detail after signing in (SPEC §2). */
export const loginPath = (id: string) => `/login?redirect=${encodeURIComponent(detailPath(id))}`;

/** The file (relative to the output directory) that serves a page path. */
export const pageFile = (path: string) => `${path.replace(/^\//, '')}.html`;

/**
 * The languages the public pages are published in: English at
 * /browse/cities/pune and /browse/{id}, the others under their code
 * (/hi/browse/cities/pune, /hi/browse/{id}). What the owner wrote stays as written.
 */
export const PUBLIC_LOCALES: readonly Locale[] = LOCALES;

/** A language's sitemaps sit in its own folder: sitemaps/hi/city-pune.xml. */
const sitemapDir = (locale: Locale) =>
  locale === DEFAULT_LOCALE ? 'sitemaps' : `sitemaps/${locale}`;

/** A city's sitemap: English names its pages and its listings' pages, another language its pages. */
export const citySitemapFile = (slug: string, part: number, locale: Locale = DEFAULT_LOCALE) =>
  `${sitemapDir(locale)}/city-${slug}${part > 1 ? `-${part}` : ''}.xml`;

/** The sitemap of a language's cities index and each city's first page. */
export const citiesSitemapFile = (locale: Locale) => `${sitemapDir(locale)}/cities.xml`;
