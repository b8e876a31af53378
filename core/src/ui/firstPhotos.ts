/**
 * The first photos of a search, painted before the search page's scripts have run: the web process
 * fills the skeleton grid's empty slot with them as it serves /properties (api/src/web/firstPhotos.ts),
 * and the island's cards replace them once they come (site ListStates.tsx). On a budget phone the
 * first card's photo is the page's largest paint; it then waits for the HTML and the photo, not for
 * React and the page's modules (docs/decisions/0024-the-first-photos-come-with-the-page.md).
 */
import { markup, type Html } from '../html/markup.ts';
import { photo } from './photoMarkup.ts';
import { CARD_SIZES } from './photoSources.ts';
import type { CardPhoto } from './VisitorCard.tsx';

/** The slot's class, on an empty div as the site is built; the grid hides its skeletons once it has photos. */
export const FIRST_PHOTOS_CLASS = 'first-photos';

/** As many as the skeleton grid has cards. */
export const FIRST_PHOTOS_COUNT = 6;

/** A listing as far as its first photo goes (the alt text falls back to its title). */
export type FirstPhoto = { title: string; image?: CardPhoto & { caption?: string } };

/** Skeleton cards with the listings' first photos in their photo's place; the first is fetched first. */
export const firstPhotosMarkup = (listings: readonly FirstPhoto[]): Html =>
  markup`${listings
    .slice(0, FIRST_PHOTOS_COUNT)
    .map(
      ({ title, image }, i) =>
        markup`<div class="skeleton skeleton-card first-photo"><div class="carousel">${image ? photo(image, image.caption || title, { priority: i === 0, sizes: CARD_SIZES }) : ''}</div></div>`,
    )}`;
