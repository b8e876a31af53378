import { iconSvg } from '@rentals/core/ui/icons';
import { plural, propertiesFound } from '@rentals/core/ui/plural';
import { markup, raw, type Html } from '../html.ts';
import {
  CITIES_PATH,
  cityPath,
  listingPath,
  PAGE_SIZE,
  PROPERTY_TYPES,
  TYPE_PLURALS,
  type PropertyType,
} from '../paths.ts';
import type { CityCounts, PublicListing } from '../queries.ts';
import { formatCount, visitorCard } from './card.ts';
import type { RentTrends } from '../../queries/rentTrends.ts';
import { MIN_TREND_SAMPLE } from '../../queries/rentMarket.ts';
import { rentTrendsSection } from './rentTrends.ts';
import { absolute, breadcrumbList, layout, type SiteContext } from './layout.ts';

export type CityPageInput = {
  city: CityCounts;
  type: PropertyType | null;
  page: number;
  totalPages: number;
  listings: PublicListing[];
  /** The city's median rents (issue 18), shown on the first page of all types. */
  trends?: RentTrends;
};

/** The words of a count of homes in running text: '1 flat', '12 PGs', '1 home', '3 flats, houses and PGs'. */
const HOME_WORDS: Record<PropertyType, [string, string]> = {
  flat: ['flat', 'flats'],
  house: ['house', 'houses'],
  PG: ['PG', 'PGs'],
};
const countOfHomes = (count: number, type: PropertyType | null) => {
  const [one, other] = type ? HOME_WORDS[type] : ['home', 'flats, houses and PGs'];
  return plural(count, one, other);
};

/** "Flats, houses and PGs for rent in Pune" / "Flats for rent in Pune". */
export const cityHeading = (cityName: string, type: PropertyType | null) =>
  type
    ? `${TYPE_PLURALS[type]} for rent in ${cityName}`
    : `Flats, houses and PGs for rent in ${cityName}`;

/** Page numbers around the current one, with the first and last always present. */
const pageWindow = (page: number, total: number): number[] => {
  const pages = new Set([1, total]);
  for (let p = Math.max(1, page - 2); p <= Math.min(total, page + 2); p++) pages.add(p);
  return [...pages].sort((a, b) => a - b);
};

const pager = (slug: string, type: PropertyType | null, page: number, total: number): Html => {
  if (total <= 1) return markup``;
  const numbers = pageWindow(page, total);
  return markup`<nav class="pager" aria-label="Pages">
    ${page > 1 ? markup`<a class="button" rel="prev" href="${cityPath(slug, type, page - 1)}">‹ Previous</a>` : ''}
    ${numbers.map((p, i) => {
      const gap =
        i > 0 && p - numbers[i - 1]! > 1
          ? markup`<span class="pager-gap" aria-hidden="true">…</span>`
          : '';
      return p === page
        ? markup`${gap}<a class="button" aria-current="page" href="${cityPath(slug, type, p)}"
              >${p}</a
            >`
        : markup`${gap}<a class="button" href="${cityPath(slug, type, p)}" aria-label="Page ${p}"
              >${p}</a
            >`;
    })}
    ${page < total ? markup`<a class="button" rel="next" href="${cityPath(slug, type, page + 1)}">Next ›</a>` : ''}
  </nav>`;
};

const typeFilter = (city: CityCounts, current: PropertyType | null): Html =>
  markup`<nav class="type-filter" aria-label="Property type">
    <a href="${cityPath(city.slug)}" ${current === null ? markup` aria-current="page"` : ''}
      >All Types <span class="muted">(${formatCount(city.total)})</span></a
    >
    ${PROPERTY_TYPES.filter((t) => city.byType[t] > 0).map(
      (t) =>
        markup`<a href="${cityPath(city.slug, t)}" ${current === t ? markup` aria-current="page"` : ''}
          >${TYPE_PLURALS[t]} <span class="muted">(${formatCount(city.byType[t])})</span></a
        >`,
    )}
  </nav>`;

/** The app's search for the same page (newest first, 12 a page): what a signed-in user's cards show. */
const signedInSearch = (cityName: string, type: PropertyType | null, page: number) =>
  new URLSearchParams({
    city: cityName,
    ...(type ? { propertyType: type } : {}),
    sort: 'newest',
    page: String(page),
    limit: String(PAGE_SIZE),
  }).toString();

export const renderCityPage = (site: SiteContext, input: CityPageInput): string => {
  const { city, type, page, totalPages, listings } = input;
  const heading = cityHeading(city.name, type);
  const count = type ? city.byType[type] : city.total;
  const path = cityPath(city.slug, type, page);
  const title = page > 1 ? `${heading} – page ${page}` : heading;
  const countLine = `${propertiesFound(count)}${totalPages > 1 ? ` · page ${page} of ${totalPages}` : ''}`;
  const first = (page - 1) * 12;
  const structuredData = [
    breadcrumbList(site, [
      { name: city.name, path: cityPath(city.slug) },
      ...(type ? [{ name: TYPE_PLURALS[type], path: cityPath(city.slug, type) }] : []),
    ]),
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: title,
      numberOfItems: count,
      itemListElement: listings.map((l, i) => ({
        '@type': 'ListItem',
        position: first + i + 1,
        url: absolute(site, listingPath(l.id)),
        name: l.title,
      })),
    },
  ];
  const body = markup`<div class="container page">
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <a href="${CITIES_PATH}">Cities</a> ›
      <a href="${cityPath(city.slug)}">${city.name}</a>${type ? markup` › ${TYPE_PLURALS[type]}` : ''}
    </nav>
    <h1>${heading}</h1>
    <div class="login-banner" data-show="out">
      <span
        ><strong>Login to See Details</strong> — rent, contact details and facilities are shown to
        signed-in users.</span
      ><a class="button button-primary" href="/login">Login</a>
    </div>
    ${typeFilter(city, type)}
    <p class="list-count">${countLine}</p>
    <div class="property-grid" data-signed-in-search="${signedInSearch(city.name, type, page)}">
      ${listings.map((l, i) => visitorCard(l, i < 3))}
    </div>
    ${pager(city.slug, type, page, totalPages)}
    ${type === null && page === 1 ? rentTrendsSection(input.trends, city.name, MIN_TREND_SAMPLE) : ''}
    ${
      page === totalPages && count > totalPages * PAGE_SIZE
        ? markup`<p class="center muted">
          These are the newest ${formatCount(totalPages * PAGE_SIZE)}.
          <a href="${`/browse?city=${encodeURIComponent(city.name)}${type ? `&propertyType=${type}` : ''}`}"
            >${`Search all ${formatCount(count)} in ${city.name}`}</a
          >
        </p>`
        : ''
    }
  </div>`;
  return layout(
    site,
    {
      title,
      description: `${countOfHomes(count, type)} for rent in ${city.name}. See photos, property types and owners; log in for rent and contact details.`,
      path,
      image: listings.find((l) => l.images[0])?.images[0]?.url,
      structuredData,
      prevPath: page > 1 ? cityPath(city.slug, type, page - 1) : undefined,
      nextPath: page < totalPages ? cityPath(city.slug, type, page + 1) : undefined,
    },
    body,
  );
};

/** A city that has no listed properties any more: a real page, so old links still land somewhere. */
export const renderEmptyCityPage = (site: SiteContext, slug: string, type: PropertyType | null) =>
  layout(
    site,
    {
      title: 'No Properties Found',
      description: 'No properties are listed here right now. Browse other cities.',
      path: cityPath(slug, type),
      noindex: true,
    },
    markup`<div class="container page">
      <div class="empty-state card">
        <div class="empty-icon" aria-hidden="true">${raw(iconSvg('home'))}</div>
        <h1>No Properties Found</h1>
        <p class="muted">Try adjusting your search criteria</p>
        <p><a class="button button-primary" href="${CITIES_PATH}">Browse all cities</a></p>
      </div>
    </div>`,
  );

/**
 * Stands in for a page number that no longer exists (the city shrank): it
 * sends the reader to the page that does, so an old link never breaks.
 */
export const renderMovedPage = (site: SiteContext, to: string) =>
  layout(
    site,
    { title: 'This page has moved', description: 'This page has moved.', path: to, noindex: true },
    markup`<meta http-equiv="refresh" content="0; url=${to}" />
      <div class="container page">
        <p>This page has moved: <a href="${to}">continue</a>.</p>
      </div>`,
  );
