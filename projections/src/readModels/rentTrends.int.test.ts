import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import type { ListingEvent } from '@rentals/core/listings/events';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { appendListingEvents, listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { listingMarket, rentTrends } from '../queries/rentTrends.ts';
import { rebuildProjection, type RebuildProgress } from '../runner/rebuild.ts';
import { startProjection } from '../runner/runner.ts';
import { rentTrendsProjection } from './rentTrends.ts';

let db: TestDatabase;
let store: EventStore;

const at = (date: string) => `${date}T06:00:00.000Z`;
const created = (id: string, date: string, rent: number) =>
  listingCreated(id, { at: at(date), fields: { rent } });
const event = <T extends ListingEvent['type']>(
  type: T,
  id: string,
  date: string,
  data: Record<string, unknown> = {},
) => ({ type, data: { listingId: id, at: at(date), ...data } }) as ListingEvent;

const INDIRANAGAR = { ...testFields().location, area: 'Indiranagar' };
const GOKULAM = { ...testFields().location, city: 'Mysuru', area: 'Gokulam' };
const yearly = (id: string, date: string, rent: number) =>
  listingCreated(id, { at: at(date), fields: { rent, rentType: 'yearly', location: GOKULAM } });

/**
 * Two-bedroom flats in Koramangala, Bengaluru, over the first half of 2026.
 * June's listings are written first and January's after them, as the seed
 * writes a year listing by listing: the log's order is not the order of time.
 */
const streams: Record<string, ListingEvent[]> = {
  k6: [created('k6', '2026-06-20', 30000)],
  k7: [created('k7', '2026-06-21', 24000)],
  k8: [created('k8', '2026-06-22', 27000)],
  k1: [
    created('k1', '2026-01-10', 20000),
    event('ListingRentChanged', 'k1', '2026-03-05', {
      rent: 18000,
      rentType: 'monthly',
      previousRent: 20000,
      previousRentType: 'monthly',
    }),
    event('ListingDelisted', 'k1', '2026-03-20', { city: 'Bengaluru' }),
    event('ListingRelisted', 'k1', '2026-05-03', { city: 'Bengaluru' }),
  ],
  k2: [
    created('k2', '2026-01-10', 22000),
    event('ListingLocationChanged', 'k2', '2026-02-15', {
      location: INDIRANAGAR,
      previousCity: 'Bengaluru',
    }),
  ],
  k3: [
    created('k3', '2026-01-10', 24000),
    event('ListingRentChanged', 'k3', '2026-02-01', {
      rent: 300000,
      rentType: 'yearly',
      previousRent: 24000,
      previousRentType: 'monthly',
    }),
  ],
  k4: [
    created('k4', '2026-01-10', 26000),
    event('ListingDeleted', 'k4', '2026-06-01', { city: 'Bengaluru', imageIds: ['k4-a'] }),
  ],
  k5: [
    created('k5', '2026-01-10', 28000),
    event('ListingDetailsRevised', 'k5', '2026-03-01', {
      propertyDetails: { bedrooms: 3, bathrooms: 2, area: 1100, floor: 3, totalFloors: 5 },
    }),
  ],
  // Yearly rents in another city: monthly figures with fractions, and a median halfway between two of them.
  m1: [yearly('m1', '2026-04-10', 100001)],
  m2: [yearly('m2', '2026-02-10', 130007)],
  m3: [
    yearly('m3', '2026-01-12', 90011),
    event('ListingDelisted', 'm3', '2026-03-02', { city: 'Mysuru' }),
  ],
};

const TABLES = rentTrendsProjection.tables!;

const dump = async () => {
  const out: Record<string, string[]> = {};
  for (const table of TABLES)
    out[table] = (
      await db.sql.unsafe<{ row: string }[]>(`SELECT r::text AS row FROM ${table} r ORDER BY 1`)
    ).map((r) => r.row);
  return out;
};

let incremental: Record<string, string[]>;

beforeAll(async () => {
  db = await testDatabase();
  store = createEventStore(db.sql);
  for (const [id, events] of Object.entries(streams)) await appendListingEvents(store, id, events);
  const runner = startProjection(db.sql, rentTrendsProjection, {
    batchSize: 1,
    maxBatchSize: 1,
    pollIntervalMs: 5,
  });
  await runner.whenCaughtUp();
  await runner.stop();
  incremental = await dump();
});
afterAll(() => db.drop());

const bucket = (scope: string, area: string, month: string, bedrooms = 2) =>
  db.sql<{ median: number; sample: number }[]>`
    SELECT median, sample FROM rent_trend WHERE scope = ${scope} AND city_key = 'bengaluru'
      AND area_key = ${area} AND property_type = 'flat' AND bedrooms = ${bedrooms}
      AND month = ${month}::date`.then((rows) => rows[0] ?? null);

/** A month's bucket: the median rent and how many listings it is of. */
const trend = (median: number, sample: number) => ({ median, sample });

describe('rent trends', () => {
  it('takes the median monthly rent of the listings on the market each month, per locality and city', async () => {
    expect(await bucket('locality', 'koramangala', '2026-01-01')).toEqual(trend(24000, 5));
    // k2 moved to Indiranagar in February, k3 is 3,00,000 a year (25,000 a month).
    expect(await bucket('locality', 'koramangala', '2026-02-01')).toEqual(trend(25500, 4));
    expect(await bucket('city', '', '2026-02-01')).toEqual({ median: 25000, sample: 5 });
    expect(await bucket('locality', 'indiranagar', '2026-02-01')).toEqual(trend(22000, 1));
    // k5 became a 3BHK in March; k1 was on the market until 20 March at 18,000.
    expect(await bucket('locality', 'koramangala', '2026-03-01')).toEqual(trend(25000, 3));
    expect(await bucket('locality', 'koramangala', '2026-03-01', 3)).toEqual(trend(28000, 1));
  });

  it('takes the median of fractional monthly rents halfway between the middle two', async () => {
    const [april] = await db.sql<{ median: number; sample: number }[]>`
      SELECT median, sample FROM rent_trend WHERE scope = 'city' AND city_key = 'mysuru'
        AND month = '2026-04-01'`;
    expect(april?.sample).toBe(2);
    expect(april?.median).toBeCloseTo((100001 + 130007) / 24, 6);
  });

  it('leaves out the months a listing spent off the market, and nothing after its deletion', async () => {
    const months = async (id: string) =>
      (
        await db.sql<{ month: string }[]>`
          SELECT to_char(month, 'YYYY-MM') AS month FROM rent_listing_month WHERE listing_id = ${id} ORDER BY month`
      ).map((r) => r.month);
    expect(await months('k1')).toEqual(['2026-01', '2026-02', '2026-03', '2026-05', '2026-06']);
    expect(await months('k4')).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
  });

  it('reads this month against earlier ones, hiding medians of too few listings', async () => {
    const trends = await rentTrends(db.sql, { city: 'Bengaluru', locality: 'Koramangala' });
    expect(trends.month).toBe('2026-06-01');
    const flat2 = trends.groups.find((g) => g.propertyType === 'flat' && g.bedrooms === 2);
    // June: k1 18,000, k7 24,000, k3 25,000, k4 26,000 (deleted on 1 June), k8 27,000, k6 30,000.
    expect(flat2?.now).toEqual({ median: 25500, sample: 6 });
    expect(flat2?.threeMonthsAgo).toBeNull();
    expect(flat2?.series.at(-6)).toEqual({ month: '2026-01-01', median: 24000, sample: 5 });
    expect(trends.groups.find((g) => g.bedrooms === 3)).toBeUndefined();
  });

  it("tells a listing's rent history, days on the market, relistings and fair-rent hint", async () => {
    const now = new Date('2026-06-30T00:00:00.000Z');
    const k1 = await listingMarket(db.sql, 'k1', now);
    const listedMs =
      Date.parse(at('2026-03-20')) -
      Date.parse(at('2026-01-10')) +
      (now.getTime() - Date.parse(at('2026-05-03')));
    expect(k1).toEqual({
      rentHistory: [
        {
          at: at('2026-03-05'),
          rent: 18000,
          rentType: 'monthly',
          previousRent: 20000,
          previousRentType: 'monthly',
          text: 'Rent reduced from ₹20,000 to ₹18,000 on 5 Mar 2026',
        },
      ],
      daysOnMarket: Math.floor(listedMs / 86_400_000),
      timesRelisted: 1,
      fairRent: {
        verdict: 'below',
        median: 25500,
        sample: 6,
        basis: 'locality',
        radiusKm: null,
        text: 'Below the median of ₹25,500 for 6 comparable 2 BHK flats in Koramangala',
        muchBelow: false,
      },
      warning: null,
    });
    expect((await listingMarket(db.sql, 'k3', now))?.fairRent?.verdict).toBe('around');
    expect((await listingMarket(db.sql, 'k6', now))?.fairRent?.verdict).toBe('above');
    expect(await listingMarket(db.sql, 'k4', now)).toBeNull();
  });

  it('is identical after a rebuild from zero, from folded streams or event by event in small batches', async () => {
    expect(incremental.rent_trend_dirty).toEqual([]);
    const progress: RebuildProgress[] = [];
    await rebuildProjection(db.sql, rentTrendsProjection, (p) => progress.push(p));
    // Filled from the streams, not event by event.
    expect(progress.at(-1)).toMatchObject({ of: rentTrendsProjection.name, unit: 'listings' });
    expect(await dump()).toEqual(incremental);
    const byEvent = { ...rentTrendsProjection, foldStreams: undefined };
    await rebuildProjection(db.sql, byEvent, undefined, { batchSize: 3 });
    expect(await dump()).toEqual(incremental);
  });
});
