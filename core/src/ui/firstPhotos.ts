/**
 * The first photos of a search and of a listing, painted before the page's scripts have run: the
 * web process fills an empty slot of the island's loading state with them as it serves /properties
 * and /properties/{id} (api/src/web/firstPhotos.ts), and the island's own content replaces them
 * once it comes (site ListStates.tsx, PropertyDetail.tsx). On a budget phone that photo is the
 * page's largest paint; it then waits for the HTML and the photo, not for React and the page's
 * modules (docs/decisions/0024-the-first-photos-come-with-the-page.md).
 */
import { markup, type Html } from '../html/markup.ts';
import { photo } from './photoMarkup.ts';
import { CARD_SIZES, DETAIL_SIZES } from './photoSources.ts';
import type { CardPhoto } from './VisitorCard.tsx';

/** The search's slot: an empty div as the site is built; the grid hides its skeletons once it has photos. */
export const FIRST_PHOTOS_CLASS = 'first-photos';

/** The listing's slot: the gallery's main photo box, empty as the site is built. */
export const LISTING_PHOTO_CLASS = 'gallery-main listing-first-photo';

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

/** A listing's first photo in the gallery's main box, as large as the gallery shows it. */
export const listingPhotoMarkup = ({ title, image }: FirstPhoto): Html =>
  image ? photo(image, image.caption || title, { priority: true, sizes: DETAIL_SIZES }) : markup``;
