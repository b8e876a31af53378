import { VisitorCard, type CardText } from '@rentals/core/ui/VisitorCard.tsx';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { markup, raw, type Html } from '../html.ts';
import {
  avifSrcset,
  CARD_SIZES,
  blurredPlaceholder,
  webpSrcset,
} from '@rentals/core/ui/photoSources';
import type { PublicImage, PublicListing } from '../queries.ts';
import { inLanguage, textOf, type SiteContext } from './layout.ts';

const count = new Intl.NumberFormat('en-IN');

export const formatCount = (n: number) => count.format(n);
export const initial = (name: string) => (name.trim().charAt(0) || '?').toUpperCase();

/**
 * The photo with the media pipeline's widths as srcsets (AVIF first where the photo has it, WebP
 * in the img) and its blurred placeholder painted underneath. `priority` marks the page's largest
 * paint: fetched at once and first.
 */
export const photo = (
  image: PublicImage,
  alt: string,
  options: { priority?: boolean; sizes?: string } = {},
): Html => {
  const sizes = options.sizes ?? CARD_SIZES;
  const srcset = webpSrcset(image);
  const avif = srcset ? avifSrcset(image) : undefined;
  const placeholder = blurredPlaceholder(image);
  const img = markup`<img
    src="${image.url}"
    ${srcset ? markup` srcset="${srcset}" sizes="${sizes}"` : ''}
    alt="${alt}"
    ${image.width && image.height ? markup` width="${image.width}" height="${image.height}"` : ''}
    loading="${options.priority ? 'eager' : 'lazy'}"
    decoding="async"
    ${options.priority ? markup` fetchpriority="high"` : ''}${placeholder ? markup` style="background-image:url(&quot;${placeholder}&quot;);background-size:cover"` : ''}
  />`;
  return avif
    ? markup`<picture><source type="image/avif" srcset="${avif}" sizes="${sizes}" />${img}</picture>`
    : img;
};

/**
 * Asks for the page's largest photo from the head, before the browser meets its img: the AVIF set
 * where the photo has one (a browser without AVIF skips a preload of that type), else the WebP set.
 */
export const preloadPhoto = (image: PublicImage, sizes: string): Html => {
  const avif = avifSrcset(image);
  const srcset = avif ?? webpSrcset(image);
  if (!srcset)
    return markup`<link rel="preload" as="image" href="${image.url}" fetchpriority="high" />`;
  return markup`<link rel="preload" as="image"${avif ? markup` type="image/avif"` : ''} imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high" />`;
};

/**
 * The visitor card of SPEC §2 is the site's own component (core's shared UI),
 * rendered here at build time, so the city pages and the islands cannot drift apart. Listing
 * text is escaped by React, as `markup` would.
 */
export const visitorCard = (
  listing: PublicListing,
  eager: boolean,
  inLanguage: { t: CardText; href: (path: string) => string; priority?: boolean },
): Html =>
  raw(
    renderToStaticMarkup(
      createElement(VisitorCard, { listing, headingLevel: 2, eager, ...inLanguage }),
    ),
  );

/**
 * Cards rendered so far, per row as read and per language and loading: a listing shows on its
 * city's page of all types and on its type's page, so a full build renders most cards once, not
 * twice. Keyed by the row object, so a row read again (an incremental run) renders afresh, and a
 * card goes when its row does.
 */
const renderedCards = new WeakMap<PublicListing, Map<string, Html>>();

/** The card at `position` of a city page (0 first): the first three load at once, the first first. */
export const cityPageCard = (site: SiteContext, listing: PublicListing, position: number): Html => {
  const eager = position < 3;
  const priority = position === 0;
  const key = `${site.locale} ${eager} ${priority}`;
  let cards = renderedCards.get(listing);
  if (!cards) renderedCards.set(listing, (cards = new Map<string, Html>()));
  let card = cards.get(key);
  if (!card) {
    card = visitorCard(listing, eager, {
      t: textOf(site),
      href: (path) => inLanguage(site, path),
      priority,
    });
    cards.set(key, card);
  }
  return card;
};
