import type { Sql } from 'postgres';
import { listedLocalities } from '@rentals/projections/queries/listingQueries';
import {
  createLocalityMatcher,
  type LocalityMatcher,
} from '@rentals/projections/queries/localityMatcher';

/**
 * The locality matcher over the cities and areas that currently have listed
 * listings, reloaded in the background when older than `maxAgeMs` (requests
 * never wait for a reload, except the very first). A place added since the
 * last load still matches when typed exactly: unmatched input is kept as is.
 */
export const createLocalities = (db: Sql, maxAgeMs = 5000) => {
  let matcher: LocalityMatcher | undefined;
  let loadedAt = 0;
  let loading: Promise<LocalityMatcher> | undefined;
  /** What the current matcher was built from: an unchanged list keeps it, and the places it remembers. */
  let builtFrom = '';

  const refresh = (): Promise<LocalityMatcher> => {
    loading ??= listedLocalities(db)
      .then((rows) => {
        const list = JSON.stringify(rows);
        if (!matcher || list !== builtFrom) matcher = createLocalityMatcher(rows);
        builtFrom = list;
        loadedAt = Date.now();
        return matcher;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  const current = async (): Promise<LocalityMatcher> => {
    if (!matcher) return refresh();
    if (Date.now() - loadedAt > maxAgeMs) void refresh().catch(() => undefined);
    return matcher;
  };

  return { current, refresh };
};
