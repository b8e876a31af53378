import { VisitorCard, type CardText } from '@rentals/core/ui/VisitorCard.tsx';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { markup, raw, type Html } from '../html.ts';
import type { PublicImage, PublicListing } from '../queries.ts';

const count = new Intl.NumberFormat('en-IN');

export const formatCount = (n: number) => count.format(n);
export const initial = (name: string) => (name.trim().charAt(0) || '?').toUpperCase();

/** The photo with the media pipeline's widths as srcset and its placeholder painted underneath. */
export const photo = (
  image: PublicImage,
  alt: string,
  options: { eager?: boolean; sizes?: string } = {},
): Html => {
  const srcset = image.variants?.length
    ? image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')
    : undefined;
  // Only data: URIs from our own pipeline are painted as placeholders.
  const placeholder = image.placeholder?.startsWith('data:image/') ? image.placeholder : undefined;
  return markup`<img
    src="${image.url}"
    ${srcset ? markup` srcset="${srcset}" sizes="${options.sizes ?? '(max-width: 640px) 100vw, 400px'}"` : ''}
    alt="${alt}"
    ${image.width && image.height ? markup` width="${image.width}" height="${image.height}"` : ''}
    loading="${options.eager ? 'eager' : 'lazy'}"
    decoding="async"
    ${options.eager ? markup` fetchpriority="high"` : ''}${placeholder ? markup` style="background-image:url('${placeholder}')"` : ''}
  />`;
};

/**
 * The visitor card of SPEC §2 is the site's own component (core's shared UI),
 * rendered here at build time, so the city pages and the islands cannot drift apart. Listing
 * text is escaped by React, as `markup` would.
 */
export const visitorCard = (
  listing: PublicListing,
  eager: boolean,
  inLanguage: { t: CardText; href: (path: string) => string },
): Html =>
  raw(
    renderToStaticMarkup(
      createElement(VisitorCard, { listing, headingLevel: 2, eager, ...inLanguage }),
    ),
  );
