/**
 * What the public pages' one script (projections/src/publicSite/assets.ts) loads in place
 * of offlineStore.ts and outbox.ts. Those pages keep no offline copies and send no waiting
 * messages (the app's pages do, docs/APP.md), so their script carries no IndexedDB wrapper;
 * signing out there still deletes the copies.
 */
import type { User } from './types.ts';
import { OFFLINE_DB, OUTBOX_FLAG, PHOTO_CACHE } from './offlineCopies.ts';

/** @public Read by the public pages' build in offlineStore.ts's place. */
export const rememberUser = (_user: User): Promise<void> => Promise.resolve();

/** @public */
export const savedUser = (): Promise<User | undefined> => Promise.resolve(undefined);

/** @public As offlineStore's: the outbox flag, the database (its open connections close on the request) and the photos. */
export const forgetAll = async (): Promise<void> => {
  try {
    localStorage.removeItem(OUTBOX_FLAG);
    await new Promise<void>((done) => {
      const request = indexedDB.deleteDatabase(OFFLINE_DB);
      request.onsuccess = request.onerror = request.onblocked = () => done();
    });
    if ('caches' in globalThis) await caches.delete(PHOTO_CACHE);
  } catch {
    // No storage on this phone: nothing was kept.
  }
};

/** @public Waiting messages go from the next app page opened (its app.ts). */
export const flushOutbox = (): Promise<void> => Promise.resolve();
