/**
 * The signed-in user's saved searches and their alerts, one store for every
 * island: the 'Save this search' action, the Saved searches page, and the
 * alerts that arrive live on the inbox's stream.
 */
import { atom } from 'nanostores';
import { apiRoute } from '../lib/api.ts';
import { SAVED_EVENT } from '../lib/appMoments.ts';
import type {
  AlertChoice,
  ApiFilters,
  SavedSearch,
  SearchAlert,
  SearchArea,
} from '../lib/savedSearches.ts';
import { onAlert } from './inbox.ts';

/** null until loaded. */
export const $savedSearches = atom<SavedSearch[] | null>(null);
/** The newest alerts first; null until loaded. */
export const $alerts = atom<SearchAlert[] | null>(null);

const replace = (search: SavedSearch) =>
  $savedSearches.set(
    ($savedSearches.get() ?? []).some((s) => s.id === search.id)
      ? $savedSearches.get()!.map((s) => (s.id === search.id ? search : s))
      : [...($savedSearches.get() ?? []), search],
  );

export const loadSavedSearches = async (): Promise<void> => {
  const { savedSearches } = await apiRoute('GET /saved-searches');
  $savedSearches.set(savedSearches);
};

export const saveSearch = async (draft: {
  name: string;
  filters: ApiFilters;
  area?: SearchArea;
  alert: AlertChoice;
}): Promise<SavedSearch> => {
  const { savedSearch } = await apiRoute('POST /saved-searches', {
    json: draft,
  });
  replace(savedSearch);
  globalThis.dispatchEvent?.(new Event(SAVED_EVENT));
  return savedSearch;
};

export const editSearch = async (
  search: SavedSearch,
  changes: { name: string; alert: AlertChoice },
) => {
  const { savedSearch } = await apiRoute('PUT /saved-searches/:id', {
    params: { id: search.id },
    json: {
      name: changes.name,
      filters: search.filters,
      ...(search.area ? { area: search.area } : {}),
      alert: changes.alert,
    },
  });
  replace(savedSearch);
};

export const actOnSearch = async (id: string, action: 'pause' | 'resume' | 'seen') => {
  const { savedSearch } = await apiRoute(`POST /saved-searches/:id/${action}`, { params: { id } });
  replace(savedSearch);
};

export const deleteSearch = async (id: string) => {
  await apiRoute('DELETE /saved-searches/:id', { params: { id } });
  $savedSearches.set(($savedSearches.get() ?? []).filter((s) => s.id !== id));
};

let listening: (() => void) | undefined;

/** Loads the alerts and keeps them current from the live stream (idempotent). */
export const watchAlerts = async (): Promise<void> => {
  listening ??= onAlert((alert) => {
    const known = $alerts.get() ?? [];
    if (known.some((a) => a.id === alert.id)) return;
    $alerts.set([alert, ...known]);
    // A new match also raises its search's count.
    $savedSearches.set(
      $savedSearches
        .get()
        ?.map((s) => (s.id === alert.searchId ? { ...s, newMatches: s.newMatches + 1 } : s)) ??
        null,
    );
  });
  const { alerts } = await apiRoute('GET /saved-searches/alerts');
  $alerts.set(alerts);
};
