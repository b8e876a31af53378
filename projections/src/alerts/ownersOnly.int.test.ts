import { describe, expect, it } from 'vitest';
import type { ListingCreated, ListingEvent } from '@rentals/core/listings/events';
import { SAVED_SEARCH_STREAM_TYPE, savedSearchStreamId } from '@rentals/core/savedSearches/events';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import type { SqlProjection } from '../runner/projection.ts';
import { alertsProjection } from './alertsProjection.ts';
import { recordFromZero } from './recordedAlerts.ts';

/**
 * 'Owners only' in saved-search alerts (issue 41): a search that asks for
 * owners' listings matches no broker's, in memory and event by event in SQL
 * alike, and stops matching a listing whose lister became a broker.
 */
const env = testDatabaseWithStore();
const { evolveBatch: _batch, inMemory: _memory, ...eventByEvent } = alertsProjection;
const userId = 'u-owners';

const listed = (id: string, role: 'homeowner' | 'broker'): ListingCreated => {
  const created = listingCreated(id, { ownerId: `o-${id}` });
  return { ...created, data: { ...created.data, owner: { name: 'Lister', role } } };
};

const rebuildWith = async (projection: SqlProjection, batchSize: number) => {
  const { parked, ...recorded } = await recordFromZero(env.db.sql, projection, batchSize);
  expect(parked).toBe(0);
  return recorded;
};

describe("'Owners only' alerts", () => {
  it("match owners' listings only, the same in memory as in SQL", async () => {
    await env.store.append(
      savedSearchStreamId(userId),
      SAVED_SEARCH_STREAM_TYPE,
      'any',
      [true, false].map((ownersOnly) => ({
        type: 'SavedSearchCreated',
        data: {
          searchId: `s-${ownersOnly ? 'owners' : 'all'}`,
          userId,
          name: ownersOnly ? 'Owners only' : 'Everyone',
          filters: ownersOnly ? { ownersOnly: true } : {},
          places: {},
          alert: 'instant',
          at: nextTime(),
        },
      })),
      { userId },
    );
    await appendListingEvents(env.store, 'l-own', [listed('l-own', 'homeowner')]);
    await appendListingEvents(env.store, 'l-brk', [listed('l-brk', 'broker')]);
    await appendListingEvents(env.store, 'l-turns', [listed('l-turns', 'homeowner')]);
    const turned: ListingEvent = {
      type: 'ListingOwnerRoleChanged',
      data: { listingId: 'l-turns', at: nextTime(), city: 'Bengaluru', role: 'broker' },
    };
    await appendListingEvents(env.store, 'l-turns', [turned]);

    const reference = await rebuildWith(eventByEvent, 1);
    expect(reference.matches.map((m) => `${m.search_id} ${m.listing_id}`)).toEqual([
      's-all l-brk',
      's-all l-own',
      's-all l-turns',
      's-owners l-own',
    ]);
    // Announced to 'Owners only' before its lister said they are a broker; no longer a match.
    expect(
      reference.alerts
        .filter((a) => a.search_id === 's-owners')
        .map((a) => String(a.listing_id))
        .sort(),
    ).toEqual(['l-own', 'l-turns']);
    expect(await rebuildWith(alertsProjection, 1000)).toEqual(reference);
    expect(await rebuildWith(alertsProjection, 2)).toEqual(reference);
  });
});
