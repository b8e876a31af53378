import { cityNameIn } from '@rentals/core/gazetteer/placeNames';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { iconSvg } from '@rentals/core/ui/icons';
import { markup, raw, type Html } from '@rentals/core/html/markup';
import {
  CITIES_PATH,
  cityPath,
  listingPath,
  PAGE_SIZE,
  PROPERTY_TYPES,
  type PropertyType,
} from '../paths.ts';
import type { CityCounts, PublicListing } from '../queries.ts';
import { cityPageCard, formatCount } from './card.ts';
import { preloadPhoto } from '@rentals/core/ui/photoMarkup';
import { CARD_SIZES } from '@rentals/core/ui/photoSources';
import type { RentTrends } from '../../queries/rentTrends.ts';
import { MIN_TREND_SAMPLE } from '../../queries/rentMarket.ts';
import { rentTrendsSection } from './rentTrends.ts';
import { openDataLink } from './openDataPage.ts';
import {
  absolute,
  breadcrumbList,
  inLanguage,
  layout,
  textOf,
  type SiteContext,
} from './layout.ts';

export type CityPageInput = {
  city: CityCounts;
  type: PropertyType | null;
  page: number;
  totalPages: number;
  listings: PublicListing[];
  /** The city's median rents (issue 18), shown on the first page of all types. */
  trends?: RentTrends;
};

/** "Flats, houses and PGs for rent in Pune" / "Flats for rent in Pune", in the page's language. */
export const cityHeading = (site: SiteContext, cityName: string, type: PropertyType | null) =>
  textOf(site)('publicSite.city.heading', {
    type: type ?? 'all',
    city: cityNameIn(cityName, site.locale),
  });

/** Page numbers around the current one, with the first and last always present. */
const pageWindow = (page: number, total: number): number[] => {
  const pages = new Set([1, total]);
  for (let p = Math.max(1, page - 2); p <= Math.min(total, page + 2); p++) pages.add(p);
  return [...pages].sort((a, b) => a - b);
};

const pager = (
  site: SiteContext,
  slug: string,
  type: PropertyType | null,
  page: number,
  total: number,
): Html => {
  if (total <= 1) return markup``;
  const t = textOf(site);
  const href = (p: number) => inLanguage(site, cityPath(slug, type, p));
  const numbers = pageWindow(page, total);
  return markup`<nav class="pager" aria-label="${t('publicSite.city.pages')}">
    ${page > 1 ? markup`<a class="button" rel="prev" href="${href(page - 1)}">${t('publicSite.city.previous')}</a>` : ''}
    ${numbers.map((p, i) => {
      const gap =
        i > 0 && p - numbers[i - 1]! > 1
          ? markup`<span class="pager-gap" aria-hidden="true">…</span>`
          : '';
      return p === page
        ? markup`${gap}<a class="button" aria-current="page" href="${href(p)}"
              >${p}</a
            >`
        : markup`${gap}<a class="button" href="${href(p)}" aria-label="${t('publicSite.city.pageNumber', { page: p })}"
              >${p}</a
            >`;
    })}
    ${page < total ? markup`<a class="button" rel="next" href="${href(page + 1)}">${t('publicSite.city.next')}</a>` : ''}
  </nav>`;
};

const typeFilter = (site: SiteContext, city: CityCounts, current: PropertyType | null): Html => {
  const t = textOf(site);
  return markup`<nav class="type-filter" aria-label="${t('publicSite.city.typeFilter')}">
    <a href="${inLanguage(site, cityPath(city.slug))}" ${current === null ? markup` aria-current="page"` : ''}
      >${t('publicSite.city.allTypes')} <span class="muted">(${formatCount(city.total)})</span></a
    >
    ${PROPERTY_TYPES.filter((type) => city.byType[type] > 0).map(
      (type) =>
        markup`<a href="${inLanguage(site, cityPath(city.slug, type))}" ${current === type ? markup` aria-current="page"` : ''}
          >${t('publicSite.city.typePlural', { type })} <span class="muted">(${formatCount(city.byType[type])})</span></a
        >`,
    )}
  </nav>`;
};

/** The app's search for the same page (newest first, 12 a page): what a signed-in user's cards show. */
const signedInSearch = (cityName: string, type: PropertyType | null, page: number) =>
  new URLSearchParams({
    city: cityName,
    ...(type ? { propertyType: type } : {}),
    sort: 'newest',
    page: String(page),
    limit: String(PAGE_SIZE),
  }).toString();

/** The page's schema.org data: where it sits under Cities, and the listings it shows. */
const cityStructuredData = (site: SiteContext, input: CityPageInput, title: string) => {
  const { city, type, page, listings } = input;
  const t = textOf(site);
  const first = (page - 1) * PAGE_SIZE;
  return [
    breadcrumbList(site, [
      { name: cityNameIn(city.name, site.locale), path: cityPath(city.slug) },
      ...(type
        ? [{ name: t('publicSite.city.typePlural', { type }), path: cityPath(city.slug, type) }]
        : []),
    ]),
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: title,
      numberOfItems: type ? city.byType[type] : city.total,
      itemListElement: listings.map((l, i) => ({
        '@type': 'ListItem',
        position: first + i + 1,
        url: absolute(site, listingPath(l.id)),
        name: l.title,
      })),
    },
  ];
};

/** Past the last pre-rendered page: a link to the search screen for the rest. */
const searchTheRest = (site: SiteContext, input: CityPageInput, count: number): Html => {
  const { city, type, totalPages } = input;
  const t = textOf(site);
  const search = `/browse?city=${encodeURIComponent(city.name)}${type ? `&propertyType=${type}` : ''}`;
  return markup`<p class="center muted">
    ${t('publicSite.city.newest', { n: totalPages * PAGE_SIZE })}
    <a href="${inLanguage(site, search)}"
      >${t('publicSite.city.searchAll', { n: count, city: cityNameIn(city.name, site.locale) })}</a
    >
  </p>`;
};

export const renderCityPage = (site: SiteContext, input: CityPageInput): string => {
  const { city, type, page, totalPages, listings } = input;
  const t = textOf(site);
  const name = cityNameIn(city.name, site.locale);
  const heading = cityHeading(site, city.name, type);
  const count = type ? city.byType[type] : city.total;
  const title = page > 1 ? t('publicSite.city.pageTitle', { heading, page }) : heading;
  const countLine =
    totalPages > 1
      ? t('publicSite.city.foundPaged', { n: count, page, pages: totalPages })
      : t('publicSite.city.found', { n: count });
  const body = markup`<div class="container page">
    <nav class="breadcrumbs" aria-label="${t('publicSite.breadcrumb')}">
      <a href="${inLanguage(site, CITIES_PATH)}">${t('publicSite.cities')}</a> ›
      <a href="${inLanguage(site, cityPath(city.slug))}">${name}</a>${type ? markup` › ${t('publicSite.city.typePlural', { type })}` : ''}
    </nav>
    <h1>${heading}</h1>
    <div class="login-banner" data-show="out">
      <span><strong>${t('publicSite.city.loginTitle')}</strong> ${t('publicSite.city.loginText')}</span
      ><a class="button button-primary" href="${inLanguage(site, '/login')}">${t('publicSite.city.login')}</a>
    </div>
    ${typeFilter(site, city, type)}
    <p class="list-count">${countLine}</p>
    <div class="property-grid" data-signed-in-search="${signedInSearch(city.name, type, page)}">
      ${listings.map((l, i) => cityPageCard(site, l, i))}
    </div>
    ${pager(site, city.slug, type, page, totalPages)}
    ${type === null && page === 1 ? rentTrendsSection(site, input.trends, name, MIN_TREND_SAMPLE) : ''}
    ${type === null && page === 1 ? openDataLink(site, name) : ''}
    ${page === totalPages && count > totalPages * PAGE_SIZE ? searchTheRest(site, input, count) : ''}
  </div>`;
  return layout(
    site,
    {
      title,
      description: t('publicSite.city.description', { type: type ?? 'all', n: count, city: name }),
      path: cityPath(city.slug, type, page),
      image: listings.find((l) => l.images[0])?.images[0]?.url,
      // The first card's photo is the page's largest paint (on a phone, one card a row).
      preload: listings[0]?.images[0] ? preloadPhoto(listings[0].images[0], CARD_SIZES) : undefined,
      structuredData: cityStructuredData(site, input, title),
      prevPath: page > 1 ? cityPath(city.slug, type, page - 1) : undefined,
      nextPath: page < totalPages ? cityPath(city.slug, type, page + 1) : undefined,
      translated: true,
    },
    body,
  );
};

/** A city that has no listed properties any more: a real page, so old links still land somewhere. */
export const renderEmptyCityPage = (site: SiteContext, slug: string, type: PropertyType | null) => {
  const t = textOf(site);
  return layout(
    site,
    {
      title: t('publicSite.empty.title'),
      description: t('publicSite.empty.description'),
      path: cityPath(slug, type),
      noindex: true,
      translated: true,
    },
    markup`<div class="container page">
      <div class="empty-state card">
        <div class="empty-icon" aria-hidden="true">${raw(iconSvg('home'))}</div>
        <h1>${t('publicSite.empty.title')}</h1>
        <p class="muted">${t('publicSite.empty.hint')}</p>
        <p><a class="button button-primary" href="${inLanguage(site, CITIES_PATH)}">${t('publicSite.empty.browse')}</a></p>
      </div>
    </div>`,
  );
};

/**
 * Stands in for a page number that no longer exists (the city shrank): it
 * sends the reader to the page that does, so an old link never breaks.
 */
export const renderMovedPage = (site: SiteContext, to: string) => {
  const { t, rich } = translatorFor(site.locale);
  const target = inLanguage(site, to);
  const text = rich<Html>('publicSite.moved.text', {
    link: (chunks) => markup`<a href="${target}">${chunks}</a>`,
  });
  return layout(
    site,
    {
      title: t('publicSite.moved.title'),
      description: t('publicSite.moved.description'),
      path: to,
      noindex: true,
      translated: true,
    },
    markup`<meta http-equiv="refresh" content="0; url=${target}" />
      <div class="container page">
        <p>${text}</p>
      </div>`,
  );
};
