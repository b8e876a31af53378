import { iconSvg } from '@rentals/core/ui/icons';
import { cityNameIn } from '@rentals/core/gazetteer/placeNames';
import { listerLabelIn, optionLabel, propertyTypeLabel, termLabel } from '@rentals/core/i18n/terms';
import { TERM_KEYS, TERMS, type Term, type TermKey } from '@rentals/core/listings/termCatalogue';
import { markup, raw } from '@rentals/core/html/markup';
import { withPageStatus, type PageStatus } from '../../queries/publicPageFiles.ts';
import { CITIES_PATH, cityPath, detailPath, listingPath, loginPath } from '../paths.ts';
import type { PublicListing } from '../queries.ts';
import { initial, visitorCard } from './card.ts';
import { photo, preloadPhoto } from '@rentals/core/ui/photoMarkup';
import { DETAIL_SIZES } from '@rentals/core/ui/photoSources';
import {
  absolute,
  breadcrumbList,
  inLanguage,
  layout,
  textOf,
  type SiteContext,
} from './layout.ts';

type Text = ReturnType<typeof textOf>;

const SCHEMA_TYPES = { flat: 'Apartment', house: 'House', PG: 'Accommodation' } as const;

/** A term as a visitor reads it: a choice by its label, a day as it is (termCatalogue.ts). */
const termText = (t: Text, key: TermKey, value: string | number | boolean | undefined) => {
  if (value === undefined) return undefined;
  const term: Term = TERMS[key];
  if (term.kind === 'choice') return optionLabel(t, key, String(value));
  if (term.kind === 'yesNo') return t(value ? 'tenancy.yes' : 'tenancy.no');
  return String(value);
};

/** The terms visitors may see (core publicTenancy), 'Not specified' where the owner gave none. */
const termsList = (t: Text, listing: PublicListing) => {
  const given: Partial<Record<TermKey, string | number | boolean>> = listing.terms ?? {};
  const rows = TERM_KEYS.filter((k) => TERMS[k].visitors).map(
    (k) => [termLabel(t, k), termText(t, k, given[k])] as const,
  );
  return markup`<div class="card"><h2>${t('detail.tenancy')}</h2><dl class="tenancy-terms">${rows.map(
    ([label, text]) =>
      markup`<div><dt class="muted">${label}</dt><dd${text ? '' : raw(' class="muted"')}>${text ?? t('tenancy.notSpecified')}</dd></div>`,
  )}</dl></div>`;
};

const summary = (text: string, max = 155) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * The visitor detail route /browse/{id} (and /hi/browse/{id}, /kn/browse/{id}):
 * public fields only (no rent, contact, facilities, address, area or pin
 * code), with a way to log in for the rest. The labels are in the page's
 * language; what the owner wrote stays as written (`translate="no"`).
 */
export const renderListingPage = (site: SiteContext, listing: PublicListing): string => {
  const t = textOf(site);
  const here = (p: string) => inLanguage(site, p);
  const path = listingPath(listing.id);
  const [first, ...more] = listing.images;
  const typeLabel = propertyTypeLabel(t, listing.propertyType);
  const city = cityNameIn(listing.city, site.locale);
  const structuredData = [
    {
      '@context': 'https://schema.org',
      '@type': SCHEMA_TYPES[listing.propertyType],
      name: listing.title,
      description: listing.description,
      url: absolute(site, here(path)),
      ...(first ? { image: listing.images.map((i) => absolute(site, i.url)) } : {}),
      address: { '@type': 'PostalAddress', addressLocality: listing.city, addressCountry: 'IN' },
      ...(listing.bedrooms > 0 ? { numberOfBedrooms: listing.bedrooms } : {}),
      ...(listing.bathrooms > 0 ? { numberOfBathroomsTotal: listing.bathrooms } : {}),
    },
    breadcrumbList(site, [
      { name: city, path: cityPath(listing.citySlug) },
      { name: listing.title, path },
    ]),
  ];
  const tiles = [
    { n: listing.bedrooms, id: 'detail.tiles.bedrooms' as const },
    { n: listing.bathrooms, id: 'detail.tiles.bathrooms' as const },
  ].filter((tile) => tile.n > 0);
  const body = markup`<div class="container page">
    <nav class="breadcrumbs" aria-label="${t('publicSite.breadcrumb')}">
      <a href="${here(CITIES_PATH)}">${t('publicSite.cities')}</a> ›
      <a href="${here(cityPath(listing.citySlug))}">${city}</a> ›
      <a href="${here(cityPath(listing.citySlug, listing.propertyType))}"
        >${t('publicSite.city.typePlural', { type: listing.propertyType })}</a
      >
    </nav>
    <div class="detail-layout">
      <div class="stack">
        <div class="gallery-main">
          ${first ? photo(first, listing.title, { priority: true, sizes: DETAIL_SIZES }) : markup`<div class="no-image" aria-hidden="true">${raw(iconSvg('home'))}</div>`}<span
            class="badge badge-type"
            >${typeLabel}</span
          >
        </div>
        ${more.length > 0 ? markup`<div class="thumbs">${more.slice(0, 9).map((image, i) => photo(image, t('publicSite.listing.photoAlt', { title: listing.title, n: i + 2 }), { sizes: '5rem' }))}</div>` : ''}
        <div class="card">
          <h1 translate="no">${listing.title}</h1>
          <p class="muted">${t('publicSite.listing.typeIn', { type: typeLabel, city })}</p>
          <p class="description" translate="no">${listing.description}</p>
          ${tiles.length > 0 ? markup`<div class="tiles">${tiles.map((tile) => markup`<div class="tile"><strong>${tile.n}</strong>${t(tile.id, { n: tile.n })}</div>`)}</div>` : ''}
        </div>
        ${termsList(t, listing)}
      </div>
      <aside class="stack">
        <div class="login-banner" data-show="out">
          <span
            ><strong>${t('publicSite.city.loginTitle')}</strong> ${t('publicSite.listing.loginText')}</span
          ><a class="button button-primary" href="${here(loginPath(listing.id))}"
            >${t('publicSite.city.login')}</a
          >
        </div>
        <div class="login-banner" data-show="in" hidden>
          <span>${t('publicSite.listing.signedInText')}</span
          ><a class="button button-primary" href="${here(detailPath(listing.id))}"
            >${t('publicSite.listing.fullDetails')}</a
          >
        </div>
        <div class="card">
          <h2>${t('trust.lister.listedBy')}</h2>
          <div class="owner-line">
            <span class="avatar" aria-hidden="true">${initial(listing.owner.name)}</span
            ><span
              ><span translate="no">${listing.owner.name}</span>
              <span class="muted lister-label">· ${listerLabelIn(t, listing.owner.role)}</span></span
            >
          </div>
          <p class="muted">${raw(iconSvg('eye'))} ${t('card.visitor.views', { n: listing.views })}</p>
        </div>
      </aside>
    </div>
  </div>`;
  return layout(
    site,
    {
      title: t('publicSite.listing.title', { title: listing.title, type: typeLabel, city }),
      description: summary(listing.description),
      path,
      image: first?.url,
      preload: first ? preloadPhoto(first, DETAIL_SIZES) : undefined,
      structuredData,
      translated: true,
    },
    body,
  );
};

/**
 * A listing that was delisted (404) or deleted (410): its address keeps
 * answering with a real page (old city pages and shared links may still point
 * here) that says so and leads back to the city, with that status.
 */
export const renderGoneListingPage = (
  site: SiteContext,
  id: string,
  citySlug: string | null,
  status: PageStatus,
  /** An expired listing (410): 'no longer available', with similar listings of its city. */
  expired?: { similar: PublicListing[] },
  /** Delisted because it was let (issue 44): the page says so rather than 'not found'. */
  { let: isLet = false }: { let?: boolean } = {},
) => {
  const t = textOf(site);
  const here = (p: string) => inLanguage(site, p);
  const title = isLet
    ? t('lets.pageLet')
    : t(expired ? 'publicSite.gone.expiredTitle' : 'detail.notFound.title');
  const said = isLet
    ? t('lets.pageLetText')
    : t(expired ? 'publicSite.gone.expiredText' : 'publicSite.gone.delisted');
  return withPageStatus(
    status,
    layout(
      site,
      {
        title,
        description: isLet
          ? t('lets.pageLet')
          : t(expired ? 'publicSite.gone.expiredDescription' : 'publicSite.gone.delisted'),
        path: listingPath(id),
        noindex: true,
        translated: true,
      },
      markup`<div class="container page">
      <div class="empty-state card">
        <div class="empty-icon" aria-hidden="true">${raw(iconSvg('home'))}</div>
        <h1>${title}</h1>
        <p class="muted" data-testid="gone-text">${said}</p>
        <p>
          <a class="button button-primary" href="${here(citySlug ? cityPath(citySlug) : CITIES_PATH)}"
            >${t('publicSite.gone.otherProperties')}</a
          >
        </p>
      </div>
      ${
        expired && expired.similar.length > 0
          ? markup`<section class="similar-listings" data-testid="similar-listings">
        <h2>${t('publicSite.gone.similar')}</h2>
        <div class="property-grid">${expired.similar.map((l) => visitorCard(l, false, { t, href: here }))}</div>
      </section>`
          : ''
      }
    </div>`,
    ),
  );
};
