import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '@rentals/core/listings/events';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import type { SqlProjection } from '../runner/projection.ts';
import { alertsProjection } from './alertsProjection.ts';
import { appendSavedSearchEvents, savedSearchCreated } from './testing/savedSearchEvents.ts';
import { recordFromZero } from './recordedAlerts.ts';

/**
 * A home let and relisted later is not new (issue 44, Rightmove's rule): the
 * relist after a let matches the saved searches again but announces nothing,
 * on each of the alerts projection's three paths; a plain relist a week after
 * a delisting still alerts, as before.
 */
const env = testDatabaseWithStore();
const userId = 'u-lets';
const DAY = 24 * 60 * 60_000;
const T0 = Date.parse('2026-11-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const city = 'Bengaluru';

const { evolveBatch: _batch, inMemory: _memory, ...eventByEvent } = alertsProjection;
const { inMemory: _sqlOnly, ...sqlBatched } = alertsProjection;

const rebuildWith = async (projection: SqlProjection, batchSize: number) => {
  const { parked, ...recorded } = await recordFromZero(env.db.sql, projection, batchSize);
  expect(parked).toBe(0);
  return recorded;
};

const letOf = (listingId: string, when: number): ListingEvent[] => [
  { type: 'ListingDelisted', data: { listingId, at: at(when), city } },
  {
    type: 'ListingLet',
    data: {
      listingId,
      at: at(when),
      city,
      area: 'Koramangala',
      propertyType: 'flat',
      bedrooms: 2,
      letId: `let-${listingId}`,
      ownerId: 'u-owner',
      rent: 24000,
      deposit: 100000,
      moveIn: '2026-11-15',
    },
  },
];

describe('a relist after a let', () => {
  it('matches again without alerting as new, on every path; a plain relist a week later alerts', async () => {
    await appendSavedSearchEvents(env.store, userId, [
      savedSearchCreated(userId, 's-any', { places: { cities: ['bengaluru'] } }, at(0)),
    ]);
    await appendListingEvents(env.store, 'let-1', [
      listingCreated('let-1', { at: at(1000) }),
      ...letOf('let-1', 2000),
      {
        type: 'ListingRelisted',
        data: { listingId: 'let-1', at: at(7 * DAY), city, afterLet: true },
      },
    ]);
    await appendListingEvents(env.store, 'plain-1', [
      listingCreated('plain-1', { at: at(1000) }),
      { type: 'ListingDelisted', data: { listingId: 'plain-1', at: at(2000), city } },
      { type: 'ListingRelisted', data: { listingId: 'plain-1', at: at(7 * DAY), city } },
    ]);

    const one = await rebuildWith(eventByEvent, 1);
    expect(await rebuildWith(sqlBatched, 1000)).toEqual(one);
    expect(await rebuildWith(alertsProjection, 1000)).toEqual(one);
    expect(await rebuildWith(alertsProjection, 1)).toEqual(one);
    // Created: both alert; relisted a week later: only the plain relist alerts again.
    expect(
      one.alerts.map(
        (a) =>
          `${String(a.listing_id)} ${String(a.at === null ? '' : new Date(a.at as string).toISOString())}`,
      ),
    ).toEqual([`let-1 ${at(1000)}`, `plain-1 ${at(1000)}`, `plain-1 ${at(7 * DAY)}`]);
    // Both match the search again (the let home shows in the search's results, just not as new).
    expect(one.matches.map((m) => String(m.listing_id))).toEqual(['let-1', 'plain-1']);
  });
});
