import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '@rentals/core/listings/events';
import type { SavedSearchEvent } from '@rentals/core/savedSearches/events';
import type { SearchDraft } from '@rentals/core/savedSearches/savedSearches';
import { appendListingEvents, listingCreated, PLACES } from '@rentals/testing/listingFixtures';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import { startProjection } from '../runner/runner.ts';
import { alertsProjection } from './alertsProjection.ts';
import { appendSavedSearchEvents, savedSearchCreated } from './testing/savedSearchEvents.ts';
import { alertRows, matchRows } from './recordedAlerts.ts';

/**
 * The matching projection on real Postgres: saved searches and listing
 * events in the log, the projection caught up, then the alerts it recorded.
 */
const env = testDatabaseWithStore();
const userId = 'u-alerts';
const DAY = 24 * 60 * 60_000;
const T0 = Date.parse('2026-11-01T08:00:00.000Z');
/** A time `ms` after T0. */
const at = (ms: number) => new Date(T0 + ms).toISOString();

const catchUp = async () => {
  const runner = startProjection(env.db.sql, alertsProjection, { batchSize: 7, pollIntervalMs: 5 });
  await runner.whenCaughtUp();
  await runner.stop();
  expect(await env.db.sql`SELECT error FROM projection_parked_streams`).toEqual([]);
};

const save = (searchId: string, search: Partial<SearchDraft>, when = at(0)) =>
  saveEvents(savedSearchCreated(userId, searchId, search, when));
const saveEvents = (...events: SavedSearchEvent[]) =>
  appendSavedSearchEvents(env.store, userId, events);
const listing = (id: string, ...events: ListingEvent[]) =>
  appendListingEvents(env.store, id, events);

/** Whether the listing matches the search now. */
const matching = async (searchId: string, listingId: string) => {
  await catchUp();
  const rows = await env.db.sql`
    SELECT 1 FROM ${matchRows(env.db.sql)} m WHERE search_id = ${searchId} AND listing_id = ${listingId}`;
  return rows.length > 0;
};

const alertsOf = async (searchId: string) => {
  await catchUp();
  const rows = await env.db.sql<{ listingId: string; notify: boolean }[]>`
    SELECT listing_id AS "listingId", notify FROM ${alertRows(env.db.sql)} a
    WHERE search_id = ${searchId} ORDER BY id`;
  return rows.map((r) => (r.notify ? r.listingId : `${r.listingId} (silent)`));
};

describe('saved-search matching', () => {
  it('a new listing alerts the searches it matches, with the search’s semantics', async () => {
    await save('s-flat', {
      filters: { city: 'bangalore', propertyType: ['flat'], maxRent: 30000, q: 'balc' },
      places: { cities: ['bengaluru'], q: 'balc' },
    });
    await save('s-pune', { places: { cities: ['pune'] } });
    await save('s-big', { places: { cities: ['bengaluru'] }, filters: { bedrooms: 3 } });
    await save('s-any', {});
    await listing('a-1', listingCreated('a-1', { at: at(1000) }));
    await listing(
      'a-2',
      listingCreated('a-2', { at: at(2000), fields: { propertyType: 'house' } }),
    );
    expect(await alertsOf('s-flat')).toEqual(['a-1']);
    expect(await alertsOf('s-pune')).toEqual([]);
    expect(await alertsOf('s-big')).toEqual([]);
    expect(await alertsOf('s-any')).toEqual(['a-1', 'a-2']);
  });

  it('a rent change makes a listing match; one that stops matching is not re-alerted within a day', async () => {
    await save('s-cheap', { places: { cities: ['bengaluru'] }, filters: { maxRent: 20000 } });
    await listing('b-1', listingCreated('b-1', { at: at(1000) }));
    expect(await alertsOf('s-cheap')).toEqual([]);
    const rent = (rent: number, when: number): ListingEvent => ({
      type: 'ListingRentChanged',
      data: {
        listingId: 'b-1',
        at: at(when),
        rent,
        rentType: 'monthly',
        previousRent: 0,
        previousRentType: 'monthly',
      },
    });
    await listing('b-1', rent(19000, 2000));
    expect(await alertsOf('s-cheap')).toEqual(['b-1']);
    // Still matching: a further change announces nothing.
    await listing('b-1', rent(18000, 3000));
    // Out and in again within the day: nothing new.
    await listing('b-1', rent(26000, 4000), rent(19500, 5000));
    expect(await alertsOf('s-cheap')).toEqual(['b-1']);
    // Out and in again a day after the last announcement: announced again.
    await listing('b-1', rent(26000, DAY + 1000), rent(19500, DAY + 3000));
    expect(await alertsOf('s-cheap')).toEqual(['b-1', 'b-1']);
  });

  it('delisting stops the match, relisting within a day does not alert again', async () => {
    await save('s-relist', { places: { cities: ['bengaluru'], areas: ['koramangala'] } });
    await listing('c-1', listingCreated('c-1', { at: at(1000) }));
    await listing(
      'c-1',
      { type: 'ListingDelisted', data: { listingId: 'c-1', at: at(2000), city: 'Bengaluru' } },
      { type: 'ListingRelisted', data: { listingId: 'c-1', at: at(3000), city: 'Bengaluru' } },
    );
    expect(await alertsOf('s-relist')).toEqual(['c-1']);
    expect(await matching('s-relist', 'c-1')).toBe(true);
  });

  it('a move into the map area or the drawn area makes a listing match', async () => {
    // Around Koramangala (the fixture is at 12.9346, 77.6268); the drawn triangle leaves it out.
    await save('s-box', { area: { kind: 'bbox', west: 77.6, south: 12.9, east: 77.7, north: 13 } });
    await save('s-drawn', {
      area: {
        kind: 'polygon',
        points: [
          [77.5, 12.95],
          [77.6, 12.95],
          [77.55, 13.05],
        ],
      },
    });
    await listing('d-1', listingCreated('d-1', { at: at(1000) }));
    expect(await alertsOf('s-box')).toEqual(['d-1']);
    expect(await alertsOf('s-drawn')).toEqual([]);
    await listing('d-1', {
      type: 'ListingLocationChanged',
      data: {
        listingId: 'd-1',
        at: at(2000),
        previousCity: 'Bengaluru',
        location: {
          city: 'Bengaluru',
          area: 'Malleshwaram',
          pinCode: '560003',
          address: '4, 8th Cross',
          coordinates: { latitude: 12.99, longitude: 77.55 },
        },
      },
    });
    expect(await alertsOf('s-drawn')).toEqual(['d-1']);
  });

  it('a paused search matches nothing until resumed; alerts off still counts, silently', async () => {
    const ref = (searchId: string, when: number) => ({ searchId, userId, at: at(when) });
    await save('s-paused', { places: { cities: ['mumbai'] } });
    await save('s-quiet', { places: { cities: ['mumbai'] }, alert: 'off' });
    await saveEvents({ type: 'SavedSearchPaused', data: ref('s-paused', 500) });
    await listing(
      'e-1',
      listingCreated('e-1', { at: at(1000), fields: { location: PLACES.andheri } }),
    );
    expect(await alertsOf('s-paused')).toEqual([]);
    expect(await alertsOf('s-quiet')).toEqual(['e-1 (silent)']);
    await saveEvents({ type: 'SavedSearchResumed', data: ref('s-paused', 1500) });
    await listing(
      'e-2',
      listingCreated('e-2', { at: at(2000), fields: { location: PLACES.andheri } }),
    );
    expect(await alertsOf('s-paused')).toEqual(['e-2']);
    await saveEvents({ type: 'SavedSearchDeleted', data: ref('s-paused', 2500) });
    await listing(
      'e-3',
      listingCreated('e-3', { at: at(3000), fields: { location: PLACES.andheri } }),
    );
    expect(await alertsOf('s-paused')).toEqual([]);
    expect(
      await env.db.sql`SELECT 1 FROM saved_search_keys WHERE search_id = 's-paused'`,
    ).toHaveLength(0);
  });
});

describe('a listing hidden pending review (issue 17)', () => {
  const hidden = (id: string, when: number): ListingEvent => ({
    type: 'ListingHiddenForReview',
    data: { listingId: id, at: at(when), city: 'Bengaluru', reason: 'Fake or scam' },
  });
  const cleared = (id: string, when: number, isAvailable = true): ListingEvent => ({
    type: 'ListingReviewCleared',
    data: { listingId: id, at: at(when), city: 'Bengaluru', adminId: 'u-admin', isAvailable },
  });
  it('alerts nobody while hidden, even when an edit makes it match; a dismissal lists it like a relist', async () => {
    await save('s-hidden', { places: { cities: ['bengaluru'] }, filters: { maxRent: 20000 } });
    await listing('h-1', listingCreated('h-1', { at: at(1000) }), hidden('h-1', 2000));
    await listing('h-1', {
      type: 'ListingRentChanged',
      data: {
        listingId: 'h-1',
        at: at(3000),
        rent: 19000,
        rentType: 'monthly',
        previousRent: 25000,
        previousRentType: 'monthly',
      },
    });
    expect(await alertsOf('s-hidden')).toEqual([]);
    expect(await matching('s-hidden', 'h-1')).toBe(false);
    await listing('h-1', cleared('h-1', 4000));
    expect(await alertsOf('s-hidden')).toEqual(['h-1']);
    expect(await matching('s-hidden', 'h-1')).toBe(true);
  });

  it('hiding a matching listing stops the match; a review that keeps it out does not restore it', async () => {
    await save('s-kept-out', { places: { cities: ['bengaluru'] } });
    await listing('h-2', listingCreated('h-2', { at: at(1000) }));
    expect(await matching('s-kept-out', 'h-2')).toBe(true);
    await listing('h-2', hidden('h-2', 2000));
    expect(await matching('s-kept-out', 'h-2')).toBe(false);
    await listing('h-2', cleared('h-2', 3000, false));
    expect(await matching('s-kept-out', 'h-2')).toBe(false);
    expect(await alertsOf('s-kept-out')).toEqual(['h-2']);
  });
});
