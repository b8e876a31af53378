import { IllegalStateError, NotFoundError, ValidationError, type FieldError } from '../errors.ts';
import { MAX_POLYGON_VERTICES } from '../geo/polygon.ts';
import {
  MAX_NAME_LENGTH,
  MAX_SAVED_SEARCHES,
  type SavedSearchDefinition,
  type SavedSearchEvent,
} from './events.ts';

/** What a command says a search is; the handler passes in the ids and the time. */
export type SearchDraft = Omit<SavedSearchDefinition, 'searchId' | 'userId'>;

type Ref = { searchId: string; userId: string; at: string };
export type SavedSearchCommand =
  | ({ type: 'CreateSavedSearch'; search: SearchDraft } & Ref)
  | ({ type: 'EditSavedSearch'; search: SearchDraft } & Ref)
  | ({ type: 'PauseSavedSearch' } & Ref)
  | ({ type: 'ResumeSavedSearch' } & Ref)
  | ({ type: 'UnsubscribeSavedSearch' } & Ref)
  | ({ type: 'DeleteSavedSearch' } & Ref)
  | ({ type: 'SeeSavedSearch' } & Ref);

export type SavedSearch = SavedSearchDefinition & { paused: boolean };
/** A user's saved searches by id (deleted ones are gone). */
export type SavedSearchesState = { searches: Record<string, SavedSearch> };

export const initialSavedSearchesState: SavedSearchesState = { searches: {} };

export const savedSearchMessages = {
  notFound: 'Saved search not found',
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one to save another`,
  nameRequired: 'Give the search a name',
  nameTooLong: `The name cannot be longer than ${MAX_NAME_LENGTH} characters`,
  nameTaken: 'You already have a saved search with this name',
  rentOrder: 'minRent cannot be greater than maxRent',
  bbox: 'The map area must have south ≤ north and west ≤ east',
  polygon: `A drawn area needs 3 to ${MAX_POLYGON_VERTICES} points`,
  exists: 'This saved search exists already',
} as const;
const m = savedSearchMessages;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The rules a search's definition keeps, whatever the schema let through. */
const draftErrors = (draft: SearchDraft, state: SavedSearchesState, searchId: string) => {
  const errors: FieldError[] = [];
  const name = draft.name.trim();
  if (name.length === 0) errors.push({ path: 'name', msg: m.nameRequired });
  else if (name.length > MAX_NAME_LENGTH) errors.push({ path: 'name', msg: m.nameTooLong });
  else if (
    Object.values(state.searches).some((s) => s.searchId !== searchId && sameName(s.name, name))
  )
    errors.push({ path: 'name', msg: m.nameTaken });
  const { minRent, maxRent } = draft.filters;
  if (minRent !== undefined && maxRent !== undefined && minRent > maxRent)
    errors.push({ path: 'filters.minRent', msg: m.rentOrder });
  const area = draft.area;
  if (area?.kind === 'bbox' && (area.south > area.north || area.west > area.east))
    errors.push({ path: 'area', msg: m.bbox });
  if (
    area?.kind === 'polygon' &&
    (area.points.length < 3 || area.points.length > MAX_POLYGON_VERTICES)
  )
    errors.push({ path: 'area.points', msg: m.polygon });
  return errors;
};

const sameDefinition = (a: SavedSearchDefinition, b: SavedSearchDefinition) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (d: SavedSearchDefinition) => ({
  name: d.name,
  filters: Object.fromEntries(Object.entries(d.filters).sort(([x], [y]) => x.localeCompare(y))),
  places: d.places,
  area: d.area ?? null,
  alert: d.alert,
});

/**
 * A user's saved searches. Creating one keeps the count and the names'
 * uniqueness; the other commands act on an existing search (404 otherwise:
 * another user's search id is unknown here, so it cannot be told apart from
 * one that never existed). Pausing a paused search, resuming an active one
 * and an edit that changes nothing record nothing. Unsubscribing (the email's
 * one-click link) is idempotent even once the search is gone.
 */
export const decideSavedSearches = (
  command: SavedSearchCommand,
  state: SavedSearchesState,
): SavedSearchEvent[] => {
  const { searchId, userId, at } = command;
  const ref = { searchId, userId, at };
  const current = state.searches[searchId];
  switch (command.type) {
    case 'CreateSavedSearch': {
      if (current) throw new IllegalStateError(m.exists);
      if (Object.keys(state.searches).length >= MAX_SAVED_SEARCHES)
        throw new IllegalStateError(m.tooMany);
      const errors = draftErrors(command.search, state, searchId);
      if (errors.length > 0) throw new ValidationError(errors);
      return [
        {
          type: 'SavedSearchCreated',
          data: { ...ref, ...command.search, name: command.search.name.trim() },
        },
      ];
    }
    case 'EditSavedSearch': {
      if (!current) throw new NotFoundError(m.notFound);
      const errors = draftErrors(command.search, state, searchId);
      if (errors.length > 0) throw new ValidationError(errors);
      const edited = { searchId, userId, ...command.search, name: command.search.name.trim() };
      return sameDefinition(edited, current)
        ? []
        : [{ type: 'SavedSearchEdited', data: { ...edited, at } }];
    }
    case 'PauseSavedSearch':
      if (!current) throw new NotFoundError(m.notFound);
      return current.paused ? [] : [{ type: 'SavedSearchPaused', data: ref }];
    case 'ResumeSavedSearch':
      if (!current) throw new NotFoundError(m.notFound);
      return current.paused ? [{ type: 'SavedSearchResumed', data: ref }] : [];
    case 'UnsubscribeSavedSearch':
      return current && current.alert !== 'off'
        ? [{ type: 'SavedSearchUnsubscribed', data: ref }]
        : [];
    case 'DeleteSavedSearch':
      if (!current) throw new NotFoundError(m.notFound);
      return [{ type: 'SavedSearchDeleted', data: ref }];
    case 'SeeSavedSearch':
      if (!current) throw new NotFoundError(m.notFound);
      return [{ type: 'SavedSearchSeen', data: ref }];
  }
};

const definitionOf = ({ at: _at, ...definition }: SavedSearchDefinition & { at: string }) =>
  definition;

export const evolveSavedSearches = (
  state: SavedSearchesState,
  event: SavedSearchEvent,
): SavedSearchesState => {
  const { searchId } = event.data;
  const current = state.searches[searchId];
  const put = (search: SavedSearch) => ({ searches: { ...state.searches, [searchId]: search } });
  switch (event.type) {
    case 'SavedSearchCreated':
      return put({ ...definitionOf(event.data), paused: false });
    case 'SavedSearchEdited':
      return put({ ...definitionOf(event.data), paused: current?.paused ?? false });
    case 'SavedSearchPaused':
      return current ? put({ ...current, paused: true }) : state;
    case 'SavedSearchResumed':
      return current ? put({ ...current, paused: false }) : state;
    case 'SavedSearchUnsubscribed':
      return current ? put({ ...current, alert: 'off' }) : state;
    case 'SavedSearchSeen':
      return state;
    case 'SavedSearchDeleted': {
      const { [searchId]: _gone, ...rest } = state.searches;
      return { searches: rest };
    }
  }
};

export const foldSavedSearches = (
  events: readonly SavedSearchEvent[],
  state: SavedSearchesState = initialSavedSearchesState,
): SavedSearchesState => events.reduce(evolveSavedSearches, state);
