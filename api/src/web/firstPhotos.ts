import { gzipSync } from 'node:zlib';
import type { Static } from '@sinclair/typebox';
import type { PublicPropertySearchResponse } from '@rentals/core/contract/property';
import { pathLocale } from '@rentals/core/i18n/locales';
import {
  FIRST_PHOTOS_CLASS,
  FIRST_PHOTOS_COUNT,
  firstPhotosMarkup,
  type FirstPhoto,
} from '@rentals/core/ui/firstPhotos';
import { wantsDataSaver } from './heldPhotos.ts';

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

/** A visitor's search (GET /api/properties/public) for the page's request; null when it failed. */
export type FirstPhotosSearch = (
  query: URLSearchParams,
  request: Request,
) => Promise<FirstPhoto[] | null>;

/** The slot as the site is built: React renders an empty element with inner HTML so. */
const SLOT = `<div class="${FIRST_PHOTOS_CLASS}"></div>`;

/** How long the page waits for its first photos: past this it is served without them. */
export const FIRST_PHOTOS_WAIT_MS = 250;

const within = <T>(work: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([
    work.catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);

/**
 * /properties (in any language) with its search's first photos in the skeleton grid's slot
 * (core/src/ui/firstPhotos.ts), so a phone paints the first result's photo from the HTML. Not
 * for the map view, a drawn area, filters only a signed-in search applies (firstPhotosQuery), the
 * data saver (photos load only on a tap), or a search that does not answer at once.
 */
export const withFirstPhotos =
  (site: (request: Request) => Promise<Response>, search: FirstPhotosSearch) =>
  async (request: Request): Promise<Response> => {
    const query = request.method === 'GET' ? firstPhotosQuery(new URL(request.url)) : null;
    if (!query || wantsDataSaver(request.headers)) return site(request);
    // The page as it is (uncompressed: it is changed, then compressed again) beside the search.
    const plain = new Headers(request.headers);
    plain.delete('accept-encoding');
    const [page, found] = await Promise.all([
      site(new Request(request.url, { headers: plain })),
      within(search(query, request), FIRST_PHOTOS_WAIT_MS),
    ]);
    if (page.status !== 200 || !found?.length) {
      await page.body?.cancel();
      return site(request);
    }
    const html = await page.text();
    if (!html.includes(SLOT)) return site(request);
    const filled = html.replace(
      SLOT,
      `<div class="${FIRST_PHOTOS_CLASS}">${firstPhotosMarkup(found).value}</div>`,
    );
    const headers = new Headers(page.headers);
    // Who asks with the data saver on gets the page without them.
    headers.set('vary', 'accept-encoding, Save-Data, Cookie');
    let body: Uint8Array = new TextEncoder().encode(filled);
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      body = gzipSync(body, { level: 6 });
      headers.set('content-encoding', 'gzip');
    }
    headers.set('content-length', String(body.byteLength));
    return new Response(body, { status: 200, headers });
  };

/**
 * The first photos through the API's own visitor search (GET /api/properties/public: its checks,
 * its rate per address). `handle` answers an /api request; `asFrom` tells the API whose it is.
 */
export const firstPhotosVia =
  (
    handle: (request: Request) => Promise<Response>,
    asFrom: (asked: Request, original: Request) => void,
  ): FirstPhotosSearch =>
  async (query, request) => {
    const headers = new Headers(request.headers);
    headers.delete('accept-encoding');
    const asked = new Request(
      new URL(`/api/properties/public?${query.toString()}`, request.url).href,
      {
        headers,
      },
    );
    asFrom(asked, request);
    const response = await handle(asked);
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const { properties } = (await response.json()) as Static<typeof PublicPropertySearchResponse>;
    return properties.map(({ title, images }) => ({ title, image: images[0] }));
  };
