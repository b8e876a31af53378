import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { ListingEvent } from '@rentals/core/listings/events';
import type { PropertyType } from '@rentals/core/listings/listing';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { appendListingEvents, listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { listingReadModel } from '../readModels/listingReadModel.ts';
import { rentTrendsProjection } from '../readModels/rentTrends.ts';
import { startProjection } from '../runner/runner.ts';
import { listingMarket } from './rentTrends.ts';

/**
 * The fair-rent hint's tiers (issue 38) on flats in Pune placed at known
 * distances from one point in Aundh: the locality when it has five
 * comparables, else the listings within 3 km, then 5 km, then the city.
 */
let db: TestDatabase;

const ORIGIN = { latitude: 18.56, longitude: 73.8 };
/** A position `north` and `east` km from the origin. */
const at = (north: number, east: number) => ({
  latitude: ORIGIN.latitude + north / 110.574,
  longitude: ORIGIN.longitude + east / (111.32 * Math.cos((ORIGIN.latitude * Math.PI) / 180)),
});
const PLACES = {
  aundh: { area: 'Aundh', pinCode: '411007', position: at(0.2, 0.1) },
  baner: { area: 'Baner', pinCode: '411045', position: at(2, 0) },
  pashan: { area: 'Pashan', pinCode: '411021', position: at(0, -4) },
  hadapsar: { area: 'Hadapsar', pinCode: '411028', position: at(-3, 14.7) },
} as const;

type Spec = {
  id: string;
  place: keyof typeof PLACES;
  rent: number;
  bedrooms: number;
  type?: PropertyType;
  /** The origin itself instead of the place's position; null: no position at all. */
  position?: 'origin' | null;
  date?: string;
};

const created = (s: Spec) =>
  listingCreated(s.id, {
    at: `${s.date ?? '2026-06-10'}T06:00:00.000Z`,
    fields: testFields({
      rent: s.rent,
      propertyType: s.type ?? 'flat',
      propertyDetails: { bedrooms: s.bedrooms, bathrooms: 1, area: 900, floor: 1, totalFloors: 4 },
      location: {
        city: 'Pune',
        area: PLACES[s.place].area,
        pinCode: PLACES[s.place].pinCode,
        address: `${s.id}, Test Road`,
        coordinates:
          s.position === null ? null : s.position === 'origin' ? ORIGIN : PLACES[s.place].position,
      },
    }),
  });

const many = (prefix: string, place: Spec['place'], bedrooms: number, rents: number[]) =>
  rents.map((rent, i): Spec => ({ id: `${prefix}${i + 1}`, place, rent, bedrooms }));

const LISTINGS: Spec[] = [
  // 2 BHK: four in Aundh (one without a position), three more in Baner 2 km away, four in Hadapsar.
  { id: 'two', place: 'aundh', rent: 20000, bedrooms: 2, position: 'origin' },
  ...many('two-aundh-', 'aundh', 2, [21000, 22000]),
  { id: 'two-unplaced', place: 'aundh', rent: 30000, bedrooms: 2, position: null },
  ...many('two-baner-', 'baner', 2, [23000, 24000, 26000]),
  ...many('two-hadapsar-', 'hadapsar', 2, [10000, 10000, 10000, 10000]),
  // Let in February: not on the market this month, so no comparable.
  { id: 'two-gone', place: 'baner', rent: 90000, bedrooms: 2, date: '2026-01-10' },
  // 3 BHK: one in Baner (2 km), three in Pashan (4 km), five in Hadapsar (15 km).
  { id: 'three', place: 'aundh', rent: 30000, bedrooms: 3, position: 'origin' },
  ...many('three-baner-', 'baner', 3, [32000]),
  ...many('three-pashan-', 'pashan', 3, [34000, 36000, 38000]),
  ...many('three-hadapsar-', 'hadapsar', 3, [20000, 20000, 20000, 20000, 20000]),
  // 1 BHK: one in Pashan, five in Hadapsar.
  { id: 'one', place: 'aundh', rent: 15000, bedrooms: 1, position: 'origin' },
  ...many('one-pashan-', 'pashan', 1, [16000]),
  ...many('one-hadapsar-', 'hadapsar', 1, [14000, 14000, 14000, 14000, 14000]),
  // 4 BHK: five in Aundh.
  ...many('four-aundh-', 'aundh', 4, [40000, 42000, 44000, 46000, 48000]),
  // A house with nothing like it.
  { id: 'house', place: 'aundh', rent: 50000, bedrooms: 5, type: 'house' },
];

beforeAll(async () => {
  db = await testDatabase();
  const store = createEventStore(db.sql);
  for (const spec of LISTINGS) {
    const events: ListingEvent[] = [created(spec)];
    if (spec.id === 'two-gone')
      events.push({
        type: 'ListingDelisted',
        data: { listingId: spec.id, at: '2026-02-01T06:00:00.000Z', city: 'Pune' },
      });
    await appendListingEvents(store, spec.id, events);
  }
  for (const projection of [listingReadModel, rentTrendsProjection]) {
    const runner = startProjection(db.sql, projection, { pollIntervalMs: 5 });
    await runner.whenCaughtUp();
    await runner.stop();
  }
});
afterAll(() => db.drop());

const hint = async (id: string) =>
  (await listingMarket(db.sql, id, new Date('2026-06-30T00:00:00.000Z')))?.fairRent;

describe('the fair-rent hint', () => {
  it("stands on the locality's comparables when it has five", async () => {
    expect(await hint('four-aundh-3')).toEqual({
      verdict: 'around',
      median: 44000,
      sample: 5,
      basis: 'locality',
      radiusKm: null,
      text: 'Around the median of ₹44,000 for 5 comparable 4 BHK flats in Aundh',
      muchBelow: false,
    });
  });

  it('widens to the flats within 3 km, leaving out those without a position and those off the market', async () => {
    // Within 3 km: 20,000, 21,000, 22,000 (Aundh), 23,000, 24,000, 26,000 (Baner).
    expect(await hint('two')).toEqual({
      verdict: 'below',
      median: 22500,
      sample: 6,
      basis: 'nearby',
      radiusKm: 3,
      text: 'Below the median of ₹22,500 for 6 comparable 2 BHK flats within 3 km',
      muchBelow: false,
    });
  });

  it('then to 5 km', async () => {
    // 30,000 here, 32,000 in Baner, 34,000, 36,000 and 38,000 in Pashan.
    expect(await hint('three')).toMatchObject({
      verdict: 'below',
      median: 34000,
      sample: 5,
      basis: 'nearby',
      radiusKm: 5,
      text: 'Below the median of ₹34,000 for 5 comparable 3 BHK flats within 5 km',
    });
  });

  it('then to the city, also for a listing without a position', async () => {
    expect(await hint('one')).toMatchObject({
      verdict: 'around',
      median: 14000,
      sample: 7,
      basis: 'city',
      text: 'Around the median of ₹14,000 for 7 comparable 1 BHK flats in Pune',
    });
    // Eleven 2 BHK flats on the market in Pune this month: the median is the sixth, 21,000.
    expect(await hint('two-unplaced')).toMatchObject({
      verdict: 'above',
      median: 21000,
      sample: 11,
      basis: 'city',
      text: 'Above the median of ₹21,000 for 11 comparable 2 BHK flats in Pune',
    });
  });

  it('gives no hint when not even the city has five comparables', async () => {
    expect(await hint('house')).toBeNull();
  });
});
