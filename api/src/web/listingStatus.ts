import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { fold } from '@rentals/core/listings/state';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import type { PageStatus } from '@rentals/projections/queries/publicPageFiles';

/** /browse/{id}; `cities` is the index of the generated site, not a listing. */
const LISTING_PATH = /^\/browse\/(?!cities\/?$)([A-Za-z0-9_-]{1,64})\/?$/;

/**
 * What a visitor's /browse/{id} should answer, from the event log (the read
 * models may not have caught up with a listing created a moment ago): 404
 * for a listing that never existed or is delisted, 410 for a deleted one,
 * undefined (200) for a listed one.
 */
export const listingPageStatus = async (
  eventStore: EventStore,
  pathname: string,
): Promise<PageStatus | undefined> => {
  const id = LISTING_PATH.exec(pathname)?.[1];
  if (id === undefined) return undefined;
  const { events } = await eventStore.readStream(listingStreamId(id));
  const state = fold(events as unknown as ListingEvent[]);
  if (state.status === 'absent') return 404;
  if (state.status === 'deleted') return 410;
  if (!state.listing.isAvailable) return 404;
  return undefined;
};

/**
 * The site's /browse/{id} shell (used when the regenerator has not written a
 * page for the id, e.g. an id that never existed) with the status the
 * listing's state calls for; its island then shows 'Property Not Found'.
 */
export const withListingStatus =
  (eventStore: EventStore, site: (request: Request) => Promise<Response>) =>
  async (request: Request) => {
    const response = await site(request);
    if (response.status !== 200) return response;
    const status = await listingPageStatus(eventStore, new URL(request.url).pathname);
    return status === undefined
      ? response
      : new Response(response.body, { status, headers: response.headers });
  };
