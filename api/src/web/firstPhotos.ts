import { gzipSync } from 'node:zlib';
import type { Static } from '@sinclair/typebox';
import type {
  PropertyDetailResponse,
  PublicPropertySearchResponse,
} from '@rentals/core/contract/property';
import { pathLocale } from '@rentals/core/i18n/locales';
import {
  FIRST_PHOTOS_CLASS,
  FIRST_PHOTOS_COUNT,
  firstPhotosMarkup,
  LISTING_PHOTO_CLASS,
  listingPhotoMarkup,
} from '@rentals/core/ui/firstPhotos';
import { wantsDataSaver } from './heldPhotos.ts';
import { LISTING_ID } from './shells.ts';

/**
 * The filters both audiences' searches apply alike (projections/src/queries/searchInMeili.ts): a
 * visitor's search with only these finds what a signed-in one does, in the same order (newest
 * first). Rent, area, sort, terms and free text are the signed-in search's own, so a page asking
 * for them gets no first photos: a visitor's photos would be other listings, and photos picked by
 * rent would tell a visitor what is not public.
 */
const SHARED_FILTERS = new Set(['city', 'propertyType', 'bedrooms', 'bathrooms']);

/** The list's page 1 as a visitor's search asks for it, or null when the page shows no first photos. */
export const firstPhotosQuery = (url: URL): URLSearchParams | null => {
  if (pathLocale(url.pathname).path.replace(/\/$/, '') !== '/properties') return null;
  const query = new URLSearchParams();
  for (const [key, raw] of url.searchParams) {
    const value = raw.trim();
    if (key === 'view' && value !== 'map') continue;
    if (!value) continue; // The list drops empty filters too (site lib/filters.ts).
    if (!SHARED_FILTERS.has(key)) return null;
    query.set(key, value);
  }
  query.set('page', '1');
  query.set('limit', String(FIRST_PHOTOS_COUNT));
  return query;
};

const LISTING_PAGE = new RegExp(`^/properties/(${LISTING_ID})/?$`);

/** An empty slot as React renders it in the site's build. */
const slot = (className: string, inner = '') => `<div class="${className}">${inner}</div>`;

/**
 * What a page's first photos are: the visitor read side's answer it asks (an /api path), and the
 * slot it fills with them (null: nothing to show).
 */
type Fill = { api: string; slot: string; fill: (answer: unknown) => string | null };

const searchFill = (query: URLSearchParams): Fill => ({
  api: `/api/properties/public?${query.toString()}`,
  slot: slot(FIRST_PHOTOS_CLASS),
  fill: (answer) => {
    const { properties } = answer as Static<typeof PublicPropertySearchResponse>;
    if (properties.length === 0) return null;
    const photos = properties.map(({ title, images }) => ({ title, image: images[0] }));
    return slot(FIRST_PHOTOS_CLASS, firstPhotosMarkup(photos).value);
  },
});

/** A listing's visitor document; `preview=1`: asking counts no view. */
const listingFill = (id: string): Fill => ({
  api: `/api/properties/${id}?preview=1`,
  slot: slot(LISTING_PHOTO_CLASS),
  fill: (answer) => {
    const { property } = answer as Static<typeof PropertyDetailResponse>;
    const image = property.images[0];
    return image
      ? slot(LISTING_PHOTO_CLASS, listingPhotoMarkup({ title: property.title, image }).value)
      : null;
  },
});

/** The page's first photos to ask for, if it shows any. */
export const fillFor = (url: URL): Fill | null => {
  const listing = LISTING_PAGE.exec(pathLocale(url.pathname).path)?.[1];
  if (listing) return listingFill(listing);
  const query = firstPhotosQuery(url);
  return query ? searchFill(query) : null;
};

/** Answers a GET of the API's as the page's caller would be answered (null when it failed). */
export type AskApi = (path: string, request: Request) => Promise<unknown>;

/** How long the page waits for its first photos: past this it is served without them. */
export const FIRST_PHOTOS_WAIT_MS = 250;

const within = <T>(work: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([
    work.catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);

/**
 * /properties and /properties/{id} (in any language) with their first photos in their loading
 * state's slot (core/src/ui/firstPhotos.ts), so a phone paints them from the HTML. Not for the
 * map view, a drawn area, filters only a signed-in search applies (firstPhotosQuery), a listing
 * visitors do not see, the data saver (photos load only on a tap), nor an answer that is not quick.
 */
export const withFirstPhotos =
  (site: (request: Request) => Promise<Response>, ask: AskApi) =>
  async (request: Request): Promise<Response> => {
    const wanted = request.method === 'GET' ? fillFor(new URL(request.url)) : null;
    if (!wanted || wantsDataSaver(request.headers)) return site(request);
    // The page as it is (uncompressed: it is changed, then compressed again) beside the answer.
    const plain = new Headers(request.headers);
    plain.delete('accept-encoding');
    const [page, answer] = await Promise.all([
      site(new Request(request.url, { headers: plain })),
      within(ask(wanted.api, request), FIRST_PHOTOS_WAIT_MS),
    ]);
    const filled = page.status === 200 && answer ? wanted.fill(answer) : null;
    if (!filled) {
      await page.body?.cancel();
      return site(request);
    }
    const html = await page.text();
    if (!html.includes(wanted.slot)) return site(request);
    const headers = new Headers(page.headers);
    // Who asks with the data saver on gets the page without them.
    headers.set('vary', 'accept-encoding, Save-Data, Cookie');
    let body: Uint8Array = new TextEncoder().encode(html.replace(wanted.slot, filled));
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      body = gzipSync(body, { level: 6 });
      headers.set('content-encoding', 'gzip');
    }
    headers.set('content-length', String(body.byteLength));
    return new Response(body, { status: 200, headers });
  };

/**
 * Asks the API itself (its checks, its rate per address), with the page's headers: `handle`
 * answers an /api request; `asFrom` tells the API whose it is.
 */
export const askApiVia =
  (
    handle: (request: Request) => Promise<Response>,
    asFrom: (asked: Request, original: Request) => void,
  ): AskApi =>
  async (path, request) => {
    const headers = new Headers(request.headers);
    headers.delete('accept-encoding');
    headers.delete('authorization');
    const asked = new Request(new URL(path, request.url).href, { headers });
    asFrom(asked, request);
    const response = await handle(asked);
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return response.json();
  };
