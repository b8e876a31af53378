import { startTransition, useCallback, useEffect, useState } from 'react';
import { describeError, readToken } from '../../lib/api.ts';
import { loadProperty, type PropertyLoad } from '../../lib/propertyLoad.ts';
import {
  keepCopy,
  prepareCopies,
  readCopy,
  type CopyNote,
} from '../../components/react/OfflineCopy.tsx';
import { idFromPath } from '../../lib/routeId.ts';
import { loginUrlFor } from '@rentals/core/ui/loginUrl';
import type { AuthState } from '../../stores/auth.ts';
import { text } from '../../lib/i18n.ts';
import { useReloadWhileProcessing } from '../../components/react/photoProcessing.ts';

/** The listing's id from /properties/{id} or /browse/{id}. */
const idFromLocation = (path: string) =>
  idFromPath(path, 'properties') ?? idFromPath(path, 'browse');

/** A listing's load; offline, the copy saved when it was last viewed, with its note. */
export type DetailLoad = PropertyLoad & { copy?: CopyNote };

/**
 * GET /properties/{id}. Online the answer always wins: a listing seen is kept for reading
 * offline, one found gone is dropped from this phone, so it never shows as available again.
 */
const load = async (id: string): Promise<DetailLoad> => {
  const loaded = await loadProperty(id, [404, 400], (error) =>
    describeError(error, text('detail.loadError')),
  );
  if (loaded.status === 'ready') {
    const { property, contact, ownerEmailVerified } = loaded;
    keepCopy((store) => store.keepViewed({ property, contact, ownerEmailVerified }));
  } else if (loaded.status === 'missing') keepCopy((store) => store.dropViewed(id));
  if (loaded.status !== 'error' || !loaded.offline) return loaded;
  const copy = await readCopy((store) => store.savedViewed(id)).catch(() => undefined);
  if (!copy) return loaded;
  return 'none' in copy
    ? { status: 'error', message: copy.none }
    : { status: 'ready', ...copy.value, copy: copy.note };
};

/**
 * The listing of the page once the user is known (a visitor is sent to sign in
 * first), reloaded while the owner's photos are still being processed.
 */
export const useDetailLoad = (authStatus: AuthState['status']) => {
  const [state, setLoad] = useState<DetailLoad>({ status: 'loading' });

  useEffect(() => {
    // The copy's code is fetched during the sign-in check: the listing, asked for beside it
    // (earlyListing.ts), may show at once, and its copy is written as it shows.
    if (authStatus === 'loading') {
      if (readToken()) prepareCopies();
      return;
    }
    const path = window.location.pathname;
    const id = idFromLocation(path);
    if (authStatus === 'anonymous') {
      window.location.replace(loginUrlFor(id ? `/properties/${id}` : path));
      return;
    }
    if (!id) {
      setLoad({ status: 'missing' });
      return;
    }
    // A transition: React yields to the browser while it draws the listing (TBT on a budget phone).
    void load(id).then((next) => startTransition(() => setLoad(next)));
  }, [authStatus]);

  // The owner's photos still being processed appear once ready.
  const reload = useCallback(() => {
    const id = idFromLocation(window.location.pathname);
    if (id)
      void load(id).then((next) => {
        if (next.status === 'ready') setLoad(next);
      });
  }, []);
  useReloadWhileProcessing(state.status === 'ready' ? [state.property] : [], reload);
  return state;
};
