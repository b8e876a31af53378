/**
 * The signed-in user's copies on this phone, for reading offline (docs/APP.md): who they are,
 * their favourites, the listings they viewed last (and those listings' first photos, in Cache
 * Storage for the service worker), their saved searches, and the messages written offline and
 * not sent yet. IndexedDB through `idb`. Always loaded on demand (`import()`), never on a
 * page's first load. One user's copies at a time: another user signing in clears them, and
 * signing out deletes them (stores/auth.ts).
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { formatDate } from '@rentals/core/i18n/dates';
import { APP_TEXTS } from '@rentals/core/i18n/appTexts';
import type { Favourite, OwnerContact, Property, User } from './types.ts';
import type { SavedSearch } from './savedSearches.ts';
import { pageLocale } from './i18n.ts';
import { $dataSaver } from '../stores/dataSaver.ts';
import {
  OFFLINE_DB,
  OUTBOX_FLAG,
  PHOTO_CACHE,
  VIEWED_KEPT,
  newestFirst,
  smallestPhotos,
  type QueuedMessage,
} from './offlineCopies.ts';

export type Copy<T> = { savedAt: number; value: T };
export type ViewedListing = {
  property: Property;
  contact: OwnerContact;
  ownerEmailVerified: boolean;
};

interface OfflineDB extends DBSchema {
  session: { key: 'me'; value: User };
  lists: {
    key: 'favourites' | 'savedSearches';
    value: Copy<Favourite[]> | Copy<SavedSearch[]>;
  };
  viewed: {
    key: string;
    value: Copy<ViewedListing> & { id: string };
    indexes: { savedAt: number };
  };
  outbox: { key: string; value: QueuedMessage };
}

let opened: Promise<IDBPDatabase<OfflineDB>> | undefined;

/** One connection per page, closed when another tab deletes or upgrades the database. */
export const db = (): Promise<IDBPDatabase<OfflineDB>> =>
  (opened ??= openDB<OfflineDB>(OFFLINE_DB, 1, {
    upgrade(database) {
      database.createObjectStore('session');
      database.createObjectStore('lists');
      database.createObjectStore('viewed', { keyPath: 'id' }).createIndex('savedAt', 'savedAt');
      database.createObjectStore('outbox', { keyPath: 'id' });
    },
    blocking() {
      void close();
    },
    terminated() {
      opened = undefined;
    },
  }));

const close = async () => {
  const open = opened;
  opened = undefined;
  await open?.then((database) => database.close()).catch(() => undefined);
};

/** Ignores what a phone refuses (storage off, full): a copy is a convenience, never a failure. */
export const quietly = <T>(work: () => Promise<T>): Promise<T | undefined> =>
  work().catch(() => undefined);

/** Everything kept here goes: signing out, or a session that ended. */
export const forgetAll = async (): Promise<void> => {
  try {
    localStorage.removeItem(OUTBOX_FLAG);
  } catch {
    // No storage: nothing was flagged.
  }
  await close();
  await quietly(() => deleteDB(OFFLINE_DB));
  if ('caches' in globalThis) await quietly(() => caches.delete(PHOTO_CACHE));
};

/** Keeps who is signed in; another user's copies go first. */
export const rememberUser = (user: User): Promise<void> =>
  quietly(() => keepUser(user)).then(() => undefined);

const keepUser = async (user: User): Promise<void> => {
  const database = await db();
  const known = await database.get('session', 'me');
  if (known && known._id !== user._id) {
    await forgetAll();
    return keepUser(user);
  }
  await database.put('session', user, 'me');
};

export const savedUser = () => quietly(async () => (await db()).get('session', 'me'));

/**
 * Keeps the listings' first photos, smallest rendition, and drops photos no copy shows now.
 * Not while the data saver is on: its photos load only when tapped, never in the background.
 */
const keepPhotos = async () => {
  if (!('caches' in globalThis) || $dataSaver.get()) return;
  const database = await db();
  const viewed = await database.getAll('viewed');
  const favourites = (await database.get('lists', 'favourites')) as Copy<Favourite[]> | undefined;
  const wanted = new Set(
    [
      ...viewed.flatMap((v) => v.value.property.images),
      ...(favourites?.value ?? []).flatMap((f) => f.property?.images ?? []),
    ].map((image) => new URL(image.url, location.href).href),
  );
  const cache = await caches.open(PHOTO_CACHE);
  for (const request of await cache.keys())
    if (!wanted.has(request.url)) await cache.delete(request);
  const missing: string[] = [];
  for (const url of wanted) if (!(await cache.match(url))) missing.push(url);
  if (missing.length === 0) return;
  // The service worker fetches them when it runs this page (public/sw-offline.js): its fetches
  // outlive the page, which a user leaves as soon as the listing shows.
  const worker = navigator.serviceWorker?.controller;
  if (worker) worker.postMessage({ type: 'keep-photos', urls: missing });
  else for (const url of missing) await cache.add(url).catch(() => undefined);
};

const withSmallPhotos = (property: Property, count?: number): Property => ({
  ...property,
  images: smallestPhotos(property.images, count),
});

export const keepFavourites = (favourites: Favourite[]) =>
  quietly(async () => {
    const value = favourites.map((f) => ({
      ...f,
      property: f.property && withSmallPhotos(f.property, 1),
    }));
    await (await db()).put('lists', { savedAt: Date.now(), value }, 'favourites');
    await keepPhotos();
  });

export const keepSavedSearches = (savedSearches: SavedSearch[]) =>
  quietly(async () => {
    await (await db()).put('lists', { savedAt: Date.now(), value: savedSearches }, 'savedSearches');
  });

export const savedFavourites = () =>
  quietly(async () => (await (await db()).get('lists', 'favourites')) as Copy<Favourite[]>);

export const savedSearchesCopy = () =>
  quietly(async () => (await (await db()).get('lists', 'savedSearches')) as Copy<SavedSearch[]>);

/** A listing just viewed; only the last VIEWED_KEPT stay. */
export const keepViewed = (listing: ViewedListing) =>
  quietly(async () => {
    const database = await db();
    const value = { ...listing, property: withSmallPhotos(listing.property) };
    await database.put('viewed', { id: listing.property._id, savedAt: Date.now(), value });
    const all = await database.getAll('viewed');
    const kept = new Set(newestFirst(all, (v) => v.savedAt, VIEWED_KEPT).map((v) => v.id));
    for (const v of all) if (!kept.has(v.id)) await database.delete('viewed', v.id);
    await keepPhotos();
  });

/** A viewed listing's copy; a listing found gone online is dropped (stores call it). */
export const savedViewed = (id: string) => quietly(async () => (await db()).get('viewed', id));

export const dropViewed = (id: string) => quietly(async () => (await db()).delete('viewed', id));

/** "Saved copy from <time>: …", in the page's language. */
export const copyNote = (savedAt: number): string =>
  APP_TEXTS[pageLocale()]['app.copy.savedAt'].replace(
    '{time}',
    formatDate(new Date(savedAt).toISOString(), pageLocale(), 'dateTime'),
  );

export const offlineText = (
  id: 'app.copy.needsConnection' | 'app.copy.none' | 'app.outbox.notSent',
): string => APP_TEXTS[pageLocale()][id];
