import { iconSvg } from '@rentals/core/ui/icons';
import { plural, pluralNoun } from '@rentals/core/ui/plural';
import { listerLabelIn, optionLabel, propertyTypeLabel, termLabel } from '@rentals/core/i18n/terms';
import { TERM_KEYS, TERMS, type Term, type TermKey } from '@rentals/core/listings/termCatalogue';
import { markup, raw } from '../html.ts';
import { withPageStatus, type PageStatus } from '../../queries/publicPageFiles.ts';
import {
  CITIES_PATH,
  cityPath,
  detailPath,
  listingPath,
  loginPath,
  TYPE_PLURALS,
} from '../paths.ts';
import type { PublicListing } from '../queries.ts';
import { initial, photo, t, visitorCard } from './card.ts';
import { absolute, breadcrumbList, layout, type SiteContext } from './layout.ts';

const SCHEMA_TYPES = { flat: 'Apartment', house: 'House', PG: 'Accommodation' } as const;

/** A term as a visitor reads it: a choice by its label, a day as it is (termCatalogue.ts). */
const termText = (key: TermKey, value: string | number | boolean | undefined) => {
  if (value === undefined) return undefined;
  const term: Term = TERMS[key];
  if (term.kind === 'choice') return optionLabel(t, key, String(value));
  if (term.kind === 'yesNo') return value ? 'Yes' : 'No';
  return String(value);
};

/** The terms visitors may see (core publicTenancy), 'Not specified' where the owner gave none. */
const termsList = (listing: PublicListing) => {
  const given: Partial<Record<TermKey, string | number | boolean>> = listing.terms ?? {};
  const rows = TERM_KEYS.filter((k) => TERMS[k].visitors).map(
    (k) => [termLabel(t, k), termText(k, given[k])] as const,
  );
  return markup`<div class="card"><h2>Tenancy Terms</h2><dl class="tenancy-terms">${rows.map(
    ([label, text]) =>
      markup`<div><dt class="muted">${label}</dt><dd${text ? '' : raw(' class="muted"')}>${text ?? 'Not specified'}</dd></div>`,
  )}</dl></div>`;
};

const summary = (text: string, max = 155) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * The visitor detail route /browse/{id}: public fields only (no rent, contact,
 * facilities, address, area or pin code), with a way to log in for the rest.
 */
export const renderListingPage = (site: SiteContext, listing: PublicListing): string => {
  const path = listingPath(listing.id);
  const [first, ...more] = listing.images;
  const typeLabel = propertyTypeLabel(t, listing.propertyType);
  const structuredData = [
    {
      '@context': 'https://schema.org',
      '@type': SCHEMA_TYPES[listing.propertyType],
      name: listing.title,
      description: listing.description,
      url: absolute(site, path),
      ...(first ? { image: listing.images.map((i) => absolute(site, i.url)) } : {}),
      address: { '@type': 'PostalAddress', addressLocality: listing.city, addressCountry: 'IN' },
      ...(listing.bedrooms > 0 ? { numberOfBedrooms: listing.bedrooms } : {}),
      ...(listing.bathrooms > 0 ? { numberOfBathroomsTotal: listing.bathrooms } : {}),
    },
    breadcrumbList(site, [
      { name: listing.city, path: cityPath(listing.citySlug) },
      { name: listing.title, path },
    ]),
  ];
  const body = markup`<div class="container page">
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <a href="${CITIES_PATH}">Cities</a> ›
      <a href="${cityPath(listing.citySlug)}">${listing.city}</a> ›
      <a href="${cityPath(listing.citySlug, listing.propertyType)}"
        >${TYPE_PLURALS[listing.propertyType]}</a
      >
    </nav>
    <div class="detail-layout">
      <div class="stack">
        <div class="gallery-main">
          ${first ? photo(first, listing.title, { eager: true, sizes: '(max-width: 900px) 100vw, 800px' }) : markup`<div class="no-image" aria-hidden="true">${raw(iconSvg('home'))}</div>`}<span
            class="badge badge-type"
            >${typeLabel}</span
          >
        </div>
        ${more.length > 0 ? markup`<div class="thumbs">${more.slice(0, 9).map((image, i) => photo(image, `${listing.title} – photo ${i + 2}`, { sizes: '5rem' }))}</div>` : ''}
        <div class="card">
          <h1>${listing.title}</h1>
          <p class="muted">${typeLabel} in ${listing.city}</p>
          <p class="description">${listing.description}</p>
          ${listing.bedrooms > 0 || listing.bathrooms > 0 ? markup`<div class="tiles">${listing.bedrooms > 0 ? markup`<div class="tile"><strong>${listing.bedrooms}</strong>${pluralNoun(listing.bedrooms, 'Bedroom')}</div>` : ''}${listing.bathrooms > 0 ? markup`<div class="tile"><strong>${listing.bathrooms}</strong>${pluralNoun(listing.bathrooms, 'Bathroom')}</div>` : ''}</div>` : ''}
        </div>
        ${termsList(listing)}
      </div>
      <aside class="stack">
        <div class="login-banner" data-show="out">
          <span
            ><strong>Login to See Details</strong> — rent, address, facilities, the owner's
            contact details and their record (member since, replies, reports upheld) are shown to
            signed-in users.</span
          ><a class="button button-primary" href="${loginPath(listing.id)}">Login</a>
        </div>
        <div class="login-banner" data-show="in" hidden>
          <span>Rent, address, facilities and the owner's contact details.</span
          ><a class="button button-primary" href="${detailPath(listing.id)}">See Full Details</a>
        </div>
        <div class="card">
          <h2>Listed by</h2>
          <div class="owner-line">
            <span class="avatar" aria-hidden="true">${initial(listing.owner.name)}</span
            ><span
              >${listing.owner.name}
              <span class="muted lister-label">· ${listerLabelIn(t, listing.owner.role)}</span></span
            >
          </div>
          <p class="muted">${raw(iconSvg('eye'))} ${plural(listing.views, 'view')}</p>
        </div>
      </aside>
    </div>
  </div>`;
  return layout(
    site,
    {
      title: `${listing.title} – ${typeLabel} for rent in ${listing.city}`,
      description: summary(listing.description),
      path,
      image: first?.url,
      structuredData,
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
) =>
  withPageStatus(
    status,
    layout(
      site,
      {
        title: expired ? 'No longer available' : 'Property Not Found',
        description: expired
          ? 'This property is no longer available.'
          : 'This property is no longer listed.',
        path: listingPath(id),
        noindex: true,
      },
      markup`<div class="container page">
      <div class="empty-state card">
        <div class="empty-icon" aria-hidden="true">${raw(iconSvg('home'))}</div>
        <h1>${expired ? 'No longer available' : 'Property Not Found'}</h1>
        <p class="muted">
          ${
            expired
              ? 'This property is no longer available: its owner has not confirmed it for 30 days.'
              : 'This property is no longer listed.'
          }
        </p>
        <p>
          <a class="button button-primary" href="${citySlug ? cityPath(citySlug) : CITIES_PATH}"
            >See other properties</a
          >
        </p>
      </div>
      ${
        expired && expired.similar.length > 0
          ? markup`<section class="similar-listings" data-testid="similar-listings">
        <h2>Similar properties</h2>
        <div class="property-grid">${expired.similar.map((l) => visitorCard(l, false))}</div>
      </section>`
          : ''
      }
    </div>`,
    ),
  );
