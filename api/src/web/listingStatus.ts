import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { fold } from '@rentals/core/listings/state';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { localePath, pathLocale } from '@rentals/core/i18n/locales';
import type { PageStatus } from '@rentals/projections/queries/publicPageFiles';

/** /browse/{id} (or /hi/browse/{id}); `cities` is the index of the generated site, not a listing. */
const LISTING_PATH = /^\/browse\/(?!cities\/?$)([A-Za-z0-9_-]{1,64})\/?$/;

/**
 * What a visitor's /browse/{id} should answer, from the event log (the read
 * models may not have caught up with a listing created a moment ago): 404
 * for a listing that never existed or is delisted, 410 for a deleted or an
 * expired one (unconfirmed for 30 days: 'no longer available'),
 * undefined (200) for a listed one.
 */
export const listingPageStatus = async (
  eventStore: EventStore,
  pathname: string,
): Promise<PageStatus | undefined> => {
  const id = LISTING_PATH.exec(pathLocale(pathname).path)?.[1];
  if (id === undefined) return undefined;
  const { events } = await eventStore.readStream(listingStreamId(id));
  const state = fold(events as unknown as ListingEvent[]);
  if (state.status === 'absent') return 404;
  if (state.status === 'deleted' || state.listing.isExpired) return 410;
  if (!state.listing.isAvailable) return 404;
  return undefined;
};

/** The site's page for an id with nothing to show, in the path's language (site/src/pages/[...lang]/property-not-found.astro). */
const NOT_FOUND_PAGE = '/property-not-found';

/**
 * The site's /browse/{id} shell is used when the regenerator has not written
 * a page for the id (a listing created a moment ago). When the listing never
 * existed, is delisted or deleted, the answer is the site's 'Property Not
 * Found' page with the status the listing's state calls for (its own headers:
 * the CSP hashes its own scripts), not the shell, whose island would send a
 * visitor to log in for nothing.
 */
export const withListingStatus =
  (eventStore: EventStore, site: (request: Request) => Promise<Response>) =>
  async (request: Request) => {
    const response = await site(request);
    if (response.status !== 200) return response;
    const status = await listingPageStatus(eventStore, new URL(request.url).pathname);
    if (status === undefined) return response;
    await response.body?.cancel();
    const { locale } = pathLocale(new URL(request.url).pathname);
    const page = await site(
      new Request(new URL(localePath(locale, NOT_FOUND_PAGE), request.url).href, {
        headers: request.headers,
      }),
    );
    return new Response(page.body, { status, headers: page.headers });
  };
