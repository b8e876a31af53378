import { ConcurrencyError, NotFoundError } from '@rentals/core/errors';
import { isWellFormedId } from '@rentals/core/listings/bounds';
import {
  SAVED_SEARCH_STREAM_TYPE,
  savedSearchStreamId,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import {
  decideSavedSearches,
  foldSavedSearches,
  savedSearchMessages,
  type SavedSearch,
  type SavedSearchCommand,
  type SavedSearchesState,
  type SearchDraft,
} from '@rentals/core/savedSearches/savedSearches';
import { isUnsubscribeToken } from '@rentals/core/savedSearches/unsubscribeToken';
import { newMatchCounts } from '@rentals/projections/queries/savedSearchQueries';
import { createWriteLimit } from '../access/attemptLimit.ts';
import type { AppDeps } from '../deps.ts';
import { resolvePlaces } from '../properties/criteriaFor.ts';
import { propertyServices } from '../properties/services.ts';
import { SAVED_SEARCH_CHANGE_LIMIT, readSavedSearchBody } from './model.ts';
import type { SavedSearchDocument } from '@rentals/core/contract/savedSearch';

export type SavedSearchDeps = Pick<
  AppDeps,
  | 'sql'
  | 'eventStore'
  | 'clock'
  | 'newId'
  | 'meili'
  | 'log'
  | 'searchRate'
  | 'clientIp'
  | 'jwtSecret'
>;

/** Each attempt reads the stream again; only a write that lost a race needs another. */
const MAX_ATTEMPTS = 5;

type Acted = { userId: string; address: string };
type RefCommand = Exclude<SavedSearchCommand['type'], 'CreateSavedSearch' | 'EditSavedSearch'>;

/** A search id from the path: a malformed one is as unknown as another user's. */
export const searchIdOr404 = (id: string | undefined): string => {
  if (typeof id !== 'string' || !isWellFormedId(id))
    throw new NotFoundError(savedSearchMessages.notFound);
  return id;
};

const present = (search: SavedSearch, newMatches: number): SavedSearchDocument => ({
  id: search.searchId,
  name: search.name,
  filters: search.filters,
  area: search.area ?? null,
  alert: search.alert,
  paused: search.paused,
  newMatches,
});

/**
 * Saved searches: every command is decided on the caller's own stream (no
 * route takes a user id, so another user's search is simply not found), with
 * the places resolved as the list search resolves them, at the time of saving.
 */
export const savedSearchService = (deps: SavedSearchDeps) => {
  const { sql, eventStore, clock } = deps;
  const limitWrite = createWriteLimit(sql, SAVED_SEARCH_CHANGE_LIMIT);

  const load = async (userId: string) => {
    const { version, events } = await eventStore.readStream(savedSearchStreamId(userId));
    return { version, state: foldSavedSearches(events as unknown as SavedSearchEvent[]) };
  };

  const handle = async (
    userId: string,
    command: SavedSearchCommand,
    attemptsLeft = MAX_ATTEMPTS,
  ): Promise<SavedSearchesState> => {
    const { version, state } = await load(userId);
    const events = decideSavedSearches(command, state);
    if (events.length === 0) return state;
    try {
      await eventStore.append(
        savedSearchStreamId(userId),
        SAVED_SEARCH_STREAM_TYPE,
        version,
        events,
        {
          userId,
        },
      );
    } catch (error) {
      if (error instanceof ConcurrencyError && attemptsLeft > 1)
        return handle(userId, command, attemptsLeft - 1);
      throw error;
    }
    return foldSavedSearches(events, state);
  };

  const limit = ({ userId, address }: Acted) => limitWrite(userId, address, clock());

  /** The body, validated, with its places resolved to the listings' keys. */
  const draftOf = async (body: unknown): Promise<SearchDraft> => {
    const { name, filters: typed = {}, area, alert } = readSavedSearchBody(body);
    const matcher = await propertyServices(deps).localities.current();
    const { cities, areas, q, maxRent } = resolvePlaces(matcher, typed, 'full');
    // A rent said in the text ('… 25 हज़ार तक') is the search's maximum rent, as its results showed.
    const filters = maxRent === typed.maxRent ? typed : { ...typed, maxRent };
    const places = {
      ...(cities === undefined ? {} : { cities }),
      ...(areas === undefined ? {} : { areas }),
      ...(q === undefined || q.trim() === '' ? {} : { q }),
    };
    return { name, filters, places, ...(area === undefined ? {} : { area }), alert };
  };

  const withCount = async (userId: string, search: SavedSearch) =>
    present(search, (await newMatchCounts(sql, userId)).get(search.searchId) ?? 0);

  return {
    async list(userId: string): Promise<SavedSearchDocument[]> {
      const [{ state }, counts] = await Promise.all([load(userId), newMatchCounts(sql, userId)]);
      return Object.values(state.searches).map((s) => present(s, counts.get(s.searchId) ?? 0));
    },

    async create(acted: Acted, body: unknown) {
      const search = await draftOf(body);
      await limit(acted);
      const searchId = deps.newId();
      const at = clock().toISOString();
      const state = await handle(acted.userId, {
        type: 'CreateSavedSearch',
        searchId,
        userId: acted.userId,
        at,
        search,
      });
      return present(state.searches[searchId]!, 0);
    },

    async edit(acted: Acted, searchId: string, body: unknown) {
      const search = await draftOf(body);
      await limit(acted);
      const at = clock().toISOString();
      const state = await handle(acted.userId, {
        type: 'EditSavedSearch',
        searchId,
        userId: acted.userId,
        at,
        search,
      });
      return withCount(acted.userId, state.searches[searchId]!);
    },

    /**
     * The email's one-click unsubscribe: no sign-in, the signed token instead.
     * Idempotent, also once the search is gone; a bad token is 404 like an
     * unknown search, so links cannot be probed.
     */
    async unsubscribe(userId: string, searchId: string, token: string) {
      if (!isUnsubscribeToken(deps.jwtSecret, userId, searchId, token))
        throw new NotFoundError(savedSearchMessages.notFound);
      const at = clock().toISOString();
      const state = await handle(userId, { type: 'UnsubscribeSavedSearch', searchId, userId, at });
      return state.searches[searchId]?.name ?? null;
    },

    /** Pause, resume, seen or delete; the search as it is after (undefined once deleted). */
    async act(acted: Acted, searchId: string, type: RefCommand) {
      await limit(acted);
      const at = clock().toISOString();
      const state = await handle(acted.userId, { type, searchId, userId: acted.userId, at });
      const search = state.searches[searchId];
      return search && withCount(acted.userId, search);
    },
  };
};
