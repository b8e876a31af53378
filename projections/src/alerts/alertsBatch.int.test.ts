import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { ListingEvent } from '@rentals/core/listings/events';
import type { SavedSearchEvent } from '@rentals/core/savedSearches/events';
import type { SearchDraft } from '@rentals/core/savedSearches/savedSearches';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import { startProjection } from '../runner/runner.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { alertsProjection } from './alertsProjection.ts';
import { appendSavedSearchEvents, savedSearchCreated } from './testing/savedSearchEvents.ts';
import { alertRows, matchRows, recordFromZero } from './recordedAlerts.ts';

/**
 * The three paths must record the same matches and alerts for the same log:
 * evolve event by event (a percolation statement per event, the reference),
 * evolveBatch (one per round of distinct listings; rebuilds) and the live
 * runner's in-memory path (alertsMemory.ts: the searches tested in JS, free
 * text and drawn areas by Postgres), in big batches and in small ones.
 */
const env = testDatabaseWithStore();
const userId = 'u-batch';
const T0 = Date.parse('2026-11-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const { evolveBatch, inMemory: _memory, ...eventByEvent } = alertsProjection;
const { inMemory: _sqlOnly, ...sqlBatched } = alertsProjection;

/** Empties the model and its checkpoint, then catches up from zero with `projection` in batches of `batchSize`. */
const rebuildWith = async (projection: SqlProjection, batchSize: number) => {
  const { parked, ...recorded } = await recordFromZero(env.db.sql, projection, batchSize);
  expect(parked).toBe(0);
  return recorded;
};

const save = (searchId: string, search: Partial<SearchDraft>, when: number): SavedSearchEvent =>
  savedSearchCreated(userId, searchId, search, at(when));
const saveEvents = (...events: SavedSearchEvent[]) =>
  appendSavedSearchEvents(env.store, userId, events);
const rent = (listingId: string, value: number, when: number): ListingEvent => ({
  type: 'ListingRentChanged',
  data: {
    listingId,
    at: at(when),
    rent: value,
    rentType: 'monthly',
    previousRent: 0,
    previousRentType: 'monthly',
  },
});

describe('saved-search matching in batches', () => {
  it('a batch records the same matches and alerts as event by event', async () => {
    await saveEvents(
      save('s-cheap', { places: { cities: ['bengaluru'] }, filters: { maxRent: 20000 } }, 0),
      save('s-any', {}, 0),
    );
    // Several events of one listing in a row and interleaved with others: in, out and in again.
    await appendListingEvents(env.store, 'x-1', [
      listingCreated('x-1', { at: at(1000), fields: { rent: 25000 } }),
      rent('x-1', 19000, 2000),
    ]);
    await appendListingEvents(env.store, 'x-2', [
      listingCreated('x-2', { at: at(2500), fields: { rent: 15000 } }),
    ]);
    await appendListingEvents(env.store, 'x-1', [
      rent('x-1', 26000, 3000),
      rent('x-1', 19500, 4000),
    ]);
    // A search saved in the middle of the batch sees only what comes after it.
    await saveEvents(save('s-late', { places: { cities: ['bengaluru'] } }, 4500));
    await appendListingEvents(env.store, 'x-2', [
      { type: 'ListingDelisted', data: { listingId: 'x-2', at: at(5000), city: 'Bengaluru' } },
      { type: 'ListingRelisted', data: { listingId: 'x-2', at: at(6000), city: 'Bengaluru' } },
    ]);
    await appendListingEvents(env.store, 'x-3', [
      listingCreated('x-3', { at: at(7000), fields: { rent: 18000 } }),
      {
        type: 'ListingDeleted',
        data: { listingId: 'x-3', at: at(8000), city: 'Bengaluru', imageIds: [] },
      },
    ]);
    await appendListingEvents(env.store, 'x-4', [
      listingCreated('x-4', { at: at(9000), fields: { rent: 30000 } }),
      rent('x-4', 17000, 10_000),
    ]);

    const one = await rebuildWith(eventByEvent, 1);
    expect(await rebuildWith(sqlBatched, 1000)).toEqual(one);
    expect(await rebuildWith(alertsProjection, 1000)).toEqual(one);
    expect(await rebuildWith(alertsProjection, 1)).toEqual(one);
    // What both recorded (so that equal is not equally empty).
    expect(one.alerts.map((a) => `${a.search_id} ${a.listing_id}`)).toEqual([
      's-any x-1',
      's-cheap x-1',
      's-any x-2',
      's-cheap x-2',
      's-late x-2',
      's-any x-3',
      's-cheap x-3',
      's-late x-3',
      's-any x-4',
      's-late x-4',
      's-cheap x-4',
    ]);
  });

  it('a rebuild into copies swapped in records the same, and alerts after it get new ids', async () => {
    // Given the model as the first test left it, caught up.
    const before = await rebuildWith(alertsProjection, 1000);
    const [{ id: lastId } = { id: 0 }] = await env.db.sql<{ id: number }[]>`
      SELECT coalesce(max(id), 0)::int AS id FROM listing_search_alerts`;
    // When it is rebuilt beside the live tables (new search numbers, the same sequences), swapped in
    // and the old tables dropped, and then a listing matches.
    await rebuildProjection(env.db.sql, alertsProjection, () => {}, { batchSize: 3 });
    expect(await env.db.sql`SELECT 1 FROM projection_parked_streams`).toHaveLength(0);
    const after = {
      alerts: await env.db.sql`SELECT search_id, user_id, listing_id, at, notify
                           FROM ${alertRows(env.db.sql)} a ORDER BY at, listing_id, search_id`,
      matches: await env.db.sql`SELECT search_id, listing_id FROM ${matchRows(env.db.sql)} m
                            ORDER BY search_id, listing_id`,
    };
    expect(after).toEqual({ alerts: before.alerts, matches: before.matches });
    await appendListingEvents(env.store, 'x-5', [
      listingCreated('x-5', { at: at(11_000), fields: { rent: 15000 } }),
    ]);
    const runner = startProjection(env.db.sql, alertsProjection, { pollIntervalMs: 5 });
    await runner.whenCaughtUp();
    await runner.stop();
    // Then: its alerts have ids after every earlier one (the emails compare them).
    const fresh = await env.db.sql<{ id: number; search_id: string }[]>`
      SELECT id::int, search_id FROM ${alertRows(env.db.sql)} a WHERE listing_id = 'x-5' ORDER BY search_id`;
    expect(fresh.map((a) => a.search_id)).toEqual(['s-any', 's-cheap', 's-late']);
    expect(fresh.every((a) => a.id > lastId)).toBe(true);
  });

  it('percolates the k-th events of the listings in one statement', () => {
    const recorded = (event: ListingEvent | SavedSearchEvent, position: number) =>
      ({ ...event, position, streamId: 's', version: position }) as unknown as RecordedEvent;
    // As a backlog arrives: each listing created, then changed. Rounds {y-1, y-2, y-3}, {y-1, y-2};
    // after the saved search, {y-3}.
    const events = [
      recorded(listingCreated('y-1'), 1),
      recorded(rent('y-1', 10_000, 0), 2),
      recorded(listingCreated('y-2'), 3),
      recorded(rent('y-2', 10_000, 0), 4),
      recorded(listingCreated('y-3'), 5),
      recorded(save('s-1', {}, 0), 6),
      recorded(rent('y-3', 10_000, 0), 7),
    ];
    const percolations = evolveBatch!(events).filter((s) =>
      s.text.includes('INSERT INTO listing_search_matches'),
    );
    expect(percolations).toHaveLength(3);
  });
});
