import type { EventStore } from '@rentals/core/eventStore/eventStore';
import {
  SAVED_SEARCH_STREAM_TYPE,
  savedSearchStreamId,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import type { SearchDraft } from '@rentals/core/savedSearches/savedSearches';

/** `userId` saved a search named after its id, instant alerts, no filters unless `search` gives them. */
export const savedSearchCreated = (
  userId: string,
  searchId: string,
  search: Partial<SearchDraft>,
  at: string,
): SavedSearchEvent => ({
  type: 'SavedSearchCreated',
  data: {
    searchId,
    userId,
    name: searchId,
    filters: {},
    places: {},
    alert: 'instant',
    ...search,
    at,
  },
});

/** Appends to `userId`'s saved-search stream, as the saved-search commands do. */
export const appendSavedSearchEvents = (
  store: EventStore,
  userId: string,
  events: SavedSearchEvent[],
) => store.append(savedSearchStreamId(userId), SAVED_SEARCH_STREAM_TYPE, 'any', events, { userId });
