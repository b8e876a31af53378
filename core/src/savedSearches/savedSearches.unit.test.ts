import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { appEventRegistry } from '../eventRegistry.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { MAX_SAVED_SEARCHES, savedSearchStreamId, type SavedSearchEvent } from './events.ts';
import {
  decideSavedSearches,
  foldSavedSearches,
  savedSearchMessages as m,
  type SavedSearchCommand,
  type SearchDraft,
} from './savedSearches.ts';

const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-02T10:00:00.000Z';
const userId = 'u-tenant';
const draft: SearchDraft = {
  name: '2BHK Koramangala',
  filters: { city: 'bangalore', area: 'Koramangla', propertyType: ['flat'], maxRent: 30000 },
  places: { cities: ['bengaluru'], areas: ['koramangala'] },
  alert: 'instant',
};
const created = (searchId = 's-1', name = draft.name): SavedSearchEvent => ({
  type: 'SavedSearchCreated',
  data: { searchId, userId, ...draft, name, at: T0 },
});
const ref = (searchId = 's-1') => ({ searchId, userId, at: T1 });
const create = (search: SearchDraft = draft, searchId = 's-2'): SavedSearchCommand => ({
  type: 'CreateSavedSearch',
  ...ref(searchId),
  search,
});
const edit = (search: SearchDraft): SavedSearchCommand => ({
  type: 'EditSavedSearch',
  ...ref(),
  search,
});

/** Given past events, when a command is decided, then these events (or this error). */
const given = givenFor({ decide: decideSavedSearches, fold: foldSavedSearches });

describe('saved searches', () => {
  it('a search is saved with its name trimmed', () => {
    given()
      .when(create({ ...draft, name: '  Near work  ' }))
      .then([
        {
          type: 'SavedSearchCreated',
          data: { ...ref('s-2'), ...draft, name: 'Near work' },
        },
      ]);
  });

  it('names are unique per user, whatever their case', () => {
    given(created())
      .when(create({ ...draft, name: '2bhk koramangala ' }))
      .thenFieldErrors(['name']);
  });

  it('a blank name, rents in the wrong order and an inside-out map area are refused together', () => {
    given()
      .when(
        create({
          ...draft,
          name: '   ',
          filters: { minRent: 50000, maxRent: 20000 },
          area: { kind: 'bbox', west: 78, south: 13, east: 77, north: 12 },
        }),
      )
      .thenFieldErrors(['name', 'filters.minRent', 'area']);
  });

  it('a drawn area needs at least three points', () => {
    given()
      .when(
        create({
          ...draft,
          area: {
            kind: 'polygon',
            points: [
              [77.6, 12.9],
              [77.7, 12.9],
            ],
          },
        }),
      )
      .thenFieldErrors(['area.points']);
  });

  it(`a user keeps at most ${MAX_SAVED_SEARCHES} saved searches`, () => {
    const full = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => created(`s-${i}`, `n ${i}`));
    given(...full)
      .when(create({ ...draft, name: 'one more' }, 's-new'))
      .thenThrows(IllegalStateError, m.tooMany);
    const [first] = full;
    given(...full, { type: 'SavedSearchDeleted', data: { ...ref(first!.data.searchId) } })
      .when(create({ ...draft, name: 'one more' }, 's-new'))
      .then([
        { type: 'SavedSearchCreated', data: { ...ref('s-new'), ...draft, name: 'one more' } },
      ]);
  });

  it('an edit replaces the definition; one that changes nothing records nothing', () => {
    const changed = { ...draft, alert: 'daily' as const, filters: { city: 'Pune' } };
    given(created())
      .when(edit(changed))
      .then([{ type: 'SavedSearchEdited', data: { ...ref(), ...changed } }]);
    given(created()).when(edit(draft)).then([]);
  });

  it('an edit may keep its own name', () => {
    given(created())
      .when(edit({ ...draft, name: '2BHK KORAMANGALA', alert: 'off' }))
      .then([
        {
          type: 'SavedSearchEdited',
          data: { ...ref(), ...draft, name: '2BHK KORAMANGALA', alert: 'off' },
        },
      ]);
  });

  /** On a saved search, `command` records `event`; once it is recorded, the same command records nothing. */
  const recordsOnce = (command: SavedSearchCommand, event: SavedSearchEvent) => {
    given(created()).when(command).then([event]);
    given(created(), event).when(command).then([]);
  };

  it('pause and resume are idempotent', () => {
    const paused: SavedSearchEvent = { type: 'SavedSearchPaused', data: ref() };
    recordsOnce({ type: 'PauseSavedSearch', ...ref() }, paused);
    given(created())
      .when({ type: 'ResumeSavedSearch', ...ref() })
      .then([]);
    given(created(), paused)
      .when({ type: 'ResumeSavedSearch', ...ref() })
      .then([{ type: 'SavedSearchResumed', data: ref() }]);
    expect(foldSavedSearches([created(), paused]).searches['s-1']?.paused).toBe(true);
  });

  it('an edit keeps a paused search paused', () => {
    const paused: SavedSearchEvent = { type: 'SavedSearchPaused', data: ref() };
    const edited: SavedSearchEvent = {
      type: 'SavedSearchEdited',
      data: { ...ref(), ...draft, alert: 'daily' },
    };
    expect(foldSavedSearches([created(), paused, edited]).searches['s-1']).toMatchObject({
      paused: true,
      alert: 'daily',
    });
  });

  it('unsubscribing turns alerts off once, and is no error for a search that is gone', () => {
    const unsubscribed: SavedSearchEvent = { type: 'SavedSearchUnsubscribed', data: ref() };
    recordsOnce({ type: 'UnsubscribeSavedSearch', ...ref() }, unsubscribed);
    given()
      .when({ type: 'UnsubscribeSavedSearch', ...ref() })
      .then([]);
    expect(foldSavedSearches([created(), unsubscribed]).searches['s-1']?.alert).toBe('off');
  });

  it('a search that does not exist (or is deleted) cannot be edited, paused, resumed or deleted', () => {
    const deleted: SavedSearchEvent = { type: 'SavedSearchDeleted', data: ref() };
    for (const history of [[], [created(), deleted]])
      for (const command of [
        edit(draft),
        { type: 'PauseSavedSearch', ...ref() },
        { type: 'ResumeSavedSearch', ...ref() },
        { type: 'DeleteSavedSearch', ...ref() },
        { type: 'SeeSavedSearch', ...ref() },
      ] satisfies SavedSearchCommand[])
        given(...history)
          .when(command)
          .thenThrows(NotFoundError, m.notFound);
  });

  it('looking at the matches is recorded, so the projection can count only newer ones', () => {
    given(created())
      .when({ type: 'SeeSavedSearch', ...ref() })
      .then([{ type: 'SavedSearchSeen', data: ref() }]);
  });

  it('a deleted search frees its name', () => {
    given(created(), { type: 'SavedSearchDeleted', data: ref() })
      .when(create())
      .then([{ type: 'SavedSearchCreated', data: { ...ref('s-2'), ...draft } }]);
  });

  it('the events are registered with their schemas', () => {
    expect(() => appEventRegistry.assertValid(created())).not.toThrow();
    expect(() =>
      appEventRegistry.assertValid({
        type: 'SavedSearchCreated',
        data: { ...created().data, filters: { maxRent: -1 } },
      }),
    ).toThrow();
    expect(() =>
      appEventRegistry.assertValid({
        type: 'SavedSearchCreated',
        data: { ...created().data, name: 'x'.repeat(61) },
      }),
    ).toThrow();
    expect(savedSearchStreamId('u-1')).toBe('savedsearches-u-1');
  });

  it('keeps the tenancy-term filters of the search page; searches saved before them stay valid', () => {
    const terms = {
      ...draft,
      filters: {
        ...draft.filters,
        furnishing: 'semi-furnished',
        tenants: 'bachelors',
        petsAllowed: true,
        food: 'any',
        maxDepositMonths: 2.5,
        maintenanceIncluded: false,
        availableBy: '2026-12-15',
        facing: ['north', 'east'],
        parking: 'car',
      },
    } satisfies SearchDraft;
    given()
      .when(create(terms))
      .then([{ type: 'SavedSearchCreated', data: { ...ref('s-2'), ...terms } }]);
    const withTerms = decideSavedSearches(create(terms), foldSavedSearches([]))[0]!;
    expect(() => appEventRegistry.assertValid(withTerms)).not.toThrow();
    // An old event, recorded before the terms existed, has none and is still valid.
    expect(() => appEventRegistry.assertValid(created())).not.toThrow();
    expect(() =>
      appEventRegistry.assertValid({
        type: 'SavedSearchCreated',
        data: { ...created().data, filters: { furnishing: 'palatial' } },
      }),
    ).toThrow();
    // Changing only a term is an edit.
    given(created('s-1'))
      .when(edit({ ...draft, filters: { ...draft.filters, petsAllowed: true } }))
      .then([
        {
          type: 'SavedSearchEdited',
          data: { ...ref(), ...draft, filters: { ...draft.filters, petsAllowed: true } },
        },
      ]);
  });
});
