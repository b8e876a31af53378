import { VisitorCard, type CardText } from '@rentals/core/ui/VisitorCard.tsx';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { raw, type Html } from '@rentals/core/html/markup';
import type { PublicListing } from '../queries.ts';
import { inLanguage, textOf, type SiteContext } from './layout.ts';

const count = new Intl.NumberFormat('en-IN');

export const formatCount = (n: number) => count.format(n);
export const initial = (name: string) => (name.trim().charAt(0) || '?').toUpperCase();

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
