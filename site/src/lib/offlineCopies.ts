/**
 * What this phone keeps of a signed-in user's data for reading offline (docs/APP.md): pure
 * rules, kept apart from IndexedDB (lib/offlineStore.ts) so they are tested on their own.
 */
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { PropertyImage } from './types.ts';

/** Recently viewed listings kept; the oldest viewed goes first. */
export const VIEWED_KEPT = 20;
/** Photos kept of each viewed listing (its first ones, in their smallest rendition). */
export const PHOTOS_PER_LISTING = 3;
/** The Cache Storage cache of those photos, which the service worker answers from offline. */
export const PHOTO_CACHE = 'listing-photos';
/** The IndexedDB database of this phone's copies (offlineStore.ts). */
export const OFFLINE_DB = 'rentals-offline';

/** The newest `max` items by `at` (ISO times or epoch ms), newest first. */
export const newestFirst = <T>(items: readonly T[], at: (item: T) => number, max: number): T[] =>
  [...items].sort((a, b) => at(b) - at(a)).slice(0, max);

/**
 * A listing's photos as kept offline: the first `count`, each reduced to its smallest rendition,
 * so the page's srcset can only ask for the file this phone kept.
 */
export const smallestPhotos = (
  images: readonly PropertyImage[],
  count = PHOTOS_PER_LISTING,
): PropertyImage[] =>
  images.slice(0, count).map((image) => {
    const smallest = [...image.variants].sort((a, b) => a.width - b.width)[0];
    if (!smallest) return image;
    // The file the phone shows is the one kept: AVIF where there is one (the <picture>'s first
    // source), so keeping the copy fetches nothing the page did not, and offline finds it.
    const url = smallest.avif ?? smallest.url;
    const { width, height } = smallest;
    return { ...image, url, width, height, variants: [smallest] };
  });

/** Set while the outbox holds messages: the app script then sends them (scripts/app.ts). */
export const OUTBOX_FLAG = 'rentals.outbox';
/** Dispatched on window when a queued message was sent or refused. */
export const OUTBOX_EVENT = 'rentals:outbox';
export type OutboxResult = {
  id: string;
  sent?: ApiResponse<'POST /conversations/:id/messages'>;
  error?: string;
};

/** A message written here and not yet accepted by the server. */
export type QueuedMessage = {
  /** The message's id, also its Idempotency-Key: a second try is the same write. */
  id: string;
  userId: string;
  conversationId: string;
  body: string;
  /** When it was written (epoch ms), and a counter for two written in the same millisecond. */
  queuedAt: number;
  seq: number;
  /** Set when the server refused it (not for a lost connection): shown with Retry and Discard. */
  error?: string;
};

/** The order messages are sent in: as they were written. */
export const sendingOrder = (queue: readonly QueuedMessage[]): QueuedMessage[] =>
  [...queue].sort((a, b) => a.queuedAt - b.queuedAt || a.seq - b.seq);

/** The ones to send now: waiting ones, in order; refused ones wait for the user's Retry. */
export const toSend = (queue: readonly QueuedMessage[]): QueuedMessage[] =>
  sendingOrder(queue).filter((m) => m.error === undefined);
