/**
 * The signed-in user's favourite listings, one store for every island on the
 * page, so every heart of a listing (its card, the detail page, the
 * Favourites list) shows the same state. Toggles are optimistic: the heart
 * changes at once, and only the latest toggle of a listing decides; if that
 * request fails, the heart goes back and a toast says why.
 */
import { atom } from 'nanostores';
import { describeError, apiRoute } from '../lib/api.ts';
import { text } from '../lib/i18n.ts';
import { SAVED_EVENT } from '../lib/appMoments.ts';
import { toast } from './toasts.ts';

/** null until loaded (the hearts wait); then the ids of the user's favourites. */
export const $favourites = atom<ReadonlySet<string> | null>(null);

/** The set with one listing switched on or off (a new set: stores compare by reference). */
export const withFavourite = (
  current: ReadonlySet<string> | null,
  listingId: string,
  on: boolean,
): ReadonlySet<string> => {
  const next = new Set(current ?? []);
  if (on) next.add(listingId);
  else next.delete(listingId);
  return next;
};

let loading: Promise<void> | undefined;

/** Idempotent: each heart and the Favourites page may call it; one request per page. */
export const loadFavourites = (): Promise<void> => {
  loading ??= apiRoute('GET /favourites/ids')
    .then(({ listingIds }) => {
      // Toggles made while loading win over the loaded state.
      const known = $favourites.get();
      $favourites.set(known ?? new Set(listingIds));
    })
    .catch(() => {
      loading = undefined;
    });
  return loading;
};

const latest = new Map<string, number>();
let sequence = 0;

/** Sets a listing's heart now and tells the API; a failure of the latest toggle undoes it. */
export const setFavourite = async (listingId: string, on: boolean): Promise<void> => {
  const before = $favourites.get()?.has(listingId) ?? false;
  const mine = ++sequence;
  latest.set(listingId, mine);
  $favourites.set(withFavourite($favourites.get(), listingId, on));
  try {
    await apiRoute(on ? 'PUT /favourites/:listingId' : 'DELETE /favourites/:listingId', {
      params: { listingId },
    });
    if (on) globalThis.dispatchEvent?.(new Event(SAVED_EVENT));
  } catch (error) {
    if (latest.get(listingId) !== mine) return;
    $favourites.set(withFavourite($favourites.get(), listingId, before));
    toast.error(describeError(error, text('common.favourite.failed')));
  }
};

export const toggleFavourite = (listingId: string): Promise<void> =>
  setFavourite(listingId, !($favourites.get()?.has(listingId) ?? false));
