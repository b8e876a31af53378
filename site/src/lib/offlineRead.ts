/**
 * Reading a screen's data offline (docs/APP.md): a read that failed for want of a connection
 * falls back to the copy this phone saved the last time it was seen online. The store
 * (lib/offlineStore.ts, with IndexedDB) loads only when a copy is kept or read.
 */
import { ApiError } from './api.ts';
import type * as OfflineStore from './offlineStore.ts';
import type { Copy } from './offlineStore.ts';

/** What a screen shows above a saved copy: its time, and why its actions are off. */
export type CopyNote = { note: string; reason: string };

/** A failed read that means "no connection" (the API never answered), not a refusal. */
export const isOffline = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

/**
 * The copy this phone saved of what a screen shows (lib/offlineStore.ts, loaded only now),
 * with its note; or the words for having none.
 */
export const readCopy = async <T>(
  read: (store: typeof OfflineStore) => Promise<Copy<T> | undefined>,
): Promise<{ value: T; note: CopyNote } | { none: string }> => {
  const store = await import('./offlineStore.ts');
  const copy = await read(store);
  if (!copy) return { none: store.offlineText('app.copy.none') };
  return {
    value: copy.value,
    note: {
      note: store.copyNote(copy.savedAt),
      reason: store.offlineText('app.copy.needsConnection'),
    },
  };
};

/** Keeps what a screen just read online, for reading it offline later (never in the way). */
export const keepCopy = (keep: (store: typeof OfflineStore) => unknown) =>
  void import('./offlineStore.ts').then(keep).catch(() => undefined);
