/**
 * Reading a screen's data offline (docs/APP.md): a read that failed for want of a connection
 * falls back to the copy this phone saved the last time it was seen online, shown under a dated
 * note. The store (lib/offlineStore.ts, with IndexedDB) loads only when a copy is kept or read.
 */
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';
import type * as OfflineStore from '../../lib/offlineStore.ts';
import type { Copy } from '../../lib/offlineStore.ts';

/** What a screen shows above a saved copy: its time, and why its actions are off. */
export type CopyNote = { note: string; reason: string };

/** A failed read that means "no connection" (the API never answered), not a refusal. */
export const isOffline = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

/**
 * The copy this phone saved of what a screen shows (lib/offlineStore.ts, loaded only now),
 * with its note; or the words for having none.
 */
export const readCopy = async <T,>(
  read: (store: typeof OfflineStore) => Promise<Copy<T> | undefined>,
): Promise<{ value: T; note: CopyNote } | { none: string }> => {
  const store = await import('../../lib/offlineStore.ts');
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

/**
 * Fetches the copies' code and opens their database while a screen's request is out, so the
 * copy is written as soon as the answer shows: a user (or a test) who leaves at once would
 * otherwise leave before it is (the write is lost with the page).
 */
export const prepareCopies = (): void => {
  void import('../../lib/offlineStore.ts')
    .then((store) => store.quietly(store.db))
    .catch(() => undefined);
};

/** Keeps what a screen just read online, for reading it offline later (never in the way). */
export const keepCopy = (keep: (store: typeof OfflineStore) => unknown) =>
  void import('../../lib/offlineStore.ts').then(keep).catch(() => undefined);

/**
 * A saved copy on screen: the honest note above it, and every button inside it switched off
 * (a disabled fieldset), since what they do needs the network. Links still open.
 */
export const OfflineCopy = ({ copy, children }: { copy: CopyNote | null; children: ReactNode }) =>
  copy ? (
    <>
      <p className="alert alert-info" role="status" data-testid="offline-copy">
        {copy.note} {copy.reason}
      </p>
      <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </>
  ) : (
    <>{children}</>
  );
