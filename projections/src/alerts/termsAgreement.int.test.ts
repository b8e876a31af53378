import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import type { ListingEvent } from '@rentals/core/listings/events';
import {
  tenancyFiltersOf,
  type TenancyFilterKey,
  type TenancyFilters,
} from '@rentals/core/listings/tenancyFilters';
import { SAVED_SEARCH_STREAM_TYPE, savedSearchStreamId } from '@rentals/core/savedSearches/events';
import type { SearchPageFilters } from '@rentals/core/search/filters';
import { searchable, seedCorpus, type Seeded } from '@rentals/testing/corpus';
import { appendListingEvents, nextTime } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { createMeili } from '../queries/meili.ts';
import { searchInMeili } from '../queries/searchInMeili.ts';
import { searchInPostgres } from '../queries/searchInPostgres.ts';
import { matchRows } from './recordedAlerts.ts';

/**
 * Percolation and search agree on the tenancy terms: each filter (alone and
 * combined) saved as a search before the corpus is posted, then the listings
 * the matcher says match are exactly those both search engines find with
 * the same filter, also after rents change under deposits given in rupees
 * and after an owner rewrites a listing's terms.
 */
const userId = 'u-terms';
const index = `listings_t_${randomBytes(4).toString('hex')}`;
let db: TestDatabase;
let store: EventStore;
let readSide: ReturnType<typeof startReadSide>;
let corpus: Seeded[];

const FILTERS: Partial<Record<TenancyFilterKey, unknown>>[] = [
  { furnishing: 'fully-furnished' },
  { tenants: 'family' },
  { tenants: 'women' },
  { petsAllowed: true },
  { petsAllowed: false },
  { food: 'vegetarian' },
  { maxDepositMonths: 2 },
  { maxDepositMonths: 3.5 },
  { maintenanceIncluded: true },
  { maintenanceIncluded: false },
  { availableBy: '2026-04-15' },
  { facing: ['north', 'east', 'north-east'] },
  { parking: 'two-wheeler' },
  { parking: 'car' },
  { tenants: 'bachelors', parking: 'two-wheeler', maxDepositMonths: 6 },
  { food: 'any', petsAllowed: true, maxDepositMonths: 4 },
];
const searchId = (i: number) => `s-terms-${i}`;

beforeAll(async () => {
  db = await testDatabase();
  store = createEventStore(db.sql);
  await store.append(
    savedSearchStreamId(userId),
    SAVED_SEARCH_STREAM_TYPE,
    'any',
    FILTERS.map((filters, i) => ({
      type: 'SavedSearchCreated',
      data: {
        searchId: searchId(i),
        userId,
        name: searchId(i),
        filters: filters as SearchPageFilters,
        places: {},
        alert: 'instant',
        at: nextTime(),
      },
    })),
    { userId },
  );
  corpus = await seedCorpus(store, ['o-terms'], 90);
  // Rents change under deposits given in rupees and in months; one owner rewrites the terms.
  for (const s of searchable(corpus).slice(0, 12)) {
    const rent = s.rent * 2;
    const events: ListingEvent[] = [
      {
        type: 'ListingRentChanged',
        data: {
          listingId: s.id,
          at: nextTime(),
          rent,
          rentType: 'monthly',
          previousRent: s.rent,
          previousRentType: 'monthly',
        },
      },
    ];
    await appendListingEvents(store, s.id, events, 'o-terms');
  }
  const rewritten = searchable(corpus).find((s) => !s.tenancy)!;
  await appendListingEvents(
    store,
    rewritten.id,
    [
      {
        type: 'ListingDetailsRevised',
        data: {
          listingId: rewritten.id,
          at: nextTime(),
          tenancy: { furnishing: 'fully-furnished', depositRupees: 1000, parking: 'car' },
        },
      },
    ],
    'o-terms',
  );
  readSide = startReadSide(db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  await readSide.caughtUp();
}, 120_000);
afterAll(async () => {
  await readSide.stop();
  await db.drop();
});

const matchesOf = async (id: string) =>
  (
    await db.sql<{ id: string }[]>`
      SELECT listing_id AS id FROM ${matchRows(db.sql)} m WHERE search_id = ${id}`
  )
    .map((r) => r.id)
    .sort();

describe('saved-search matching and search agree on the tenancy terms', () => {
  it.each(FILTERS.map((f, i) => [JSON.stringify(f), i] as const))('%s', async (_name, i) => {
    const tenancy = tenancyFiltersOf(FILTERS[i]!) as TenancyFilters;
    const criteria = { tenancy, sort: 'newest', page: 1, limit: 200 } as const;
    const meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
    const [fromMeili, fromPostgres, matched] = await Promise.all([
      searchInMeili(meili, 'full', criteria, index),
      searchInPostgres(db.sql, 'full', criteria),
      matchesOf(searchId(i)),
    ]);
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.length).toBeLessThan(searchable(corpus).length);
    expect(matched).toEqual([...fromPostgres.ids].sort());
    expect(matched).toEqual([...fromMeili.ids].sort());
  });
});
