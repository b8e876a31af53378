import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';
import { MIN_TREND_SAMPLE } from '@rentals/projections/queries/rentMarket';

const s = testAppWithUsers({ tenant: 'tenant' });

const ids = Array.from(
  { length: MIN_TREND_SAMPLE + 1 },
  (_, i) => `7e1d0000-0000-4000-8000-00000000000${i}`,
);
const RENTS = [20000, 22000, 24000, 26000, 28000, 30000];

beforeAll(async () => {
  for (const [i, id] of ids.entries())
    await appendListingEvents(s.t.deps.eventStore, id, [
      listingCreated(id, { at: '2026-10-02T06:00:00.000Z', fields: { rent: RENTS[i]! + 1000 } }),
      {
        type: 'ListingRentChanged',
        data: {
          listingId: id,
          at: '2026-11-12T06:00:00.000Z',
          rent: RENTS[i]!,
          rentType: 'monthly',
          previousRent: RENTS[i]! + 1000,
          previousRentType: 'monthly',
        },
      },
    ]);
  await catchUpReadModels(s.t.db.sql);
});

describe('GET /api/properties/:id/market', () => {
  it("answers a signed-in user with the listing's rent history and fair-rent hint", async () => {
    const res = await s.t.request<Record<string, unknown>>(
      'GET',
      `/api/properties/${ids[0]}/market`,
      {
        token: s.tenant.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rentHistory: [{ rent: 20000, text: 'Rent reduced from ₹21,000 to ₹20,000 on 12 Nov 2026' }],
      timesRelisted: 0,
      fairRent: {
        verdict: 'below',
        median: 25000,
        sample: 6,
        basis: 'locality',
        radiusKm: null,
        text: 'Below the median of ₹25,000 for 6 comparable 2 BHK flats in Koramangala',
        muchBelow: false,
      },
      warning: null,
    });
  });

  it('is 404 for a listing that does not exist', async () => {
    const res = await s.t.request(
      'GET',
      `/api/properties/${'0'.repeat(8)}-0000-4000-8000-000000000000/market`,
      {
        token: s.tenant.token,
      },
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Property not found' });
  });
});

describe('GET /api/rent-trends', () => {
  it('gives the median rents of a locality and of its city to anyone', async () => {
    for (const query of ['city=Bengaluru&locality=Koramangala', 'city=bengaluru']) {
      const res = await s.t.request<{ month: string; groups: { now: unknown }[] }>(
        'GET',
        `/api/rent-trends?${query}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.month).toBe('2026-11-01');
      expect(res.body.groups).toHaveLength(1);
      expect(res.body.groups[0]).toMatchObject({
        propertyType: 'flat',
        bedrooms: 2,
        now: { median: 25000, sample: 6 },
      });
    }
  });

  it('says what is wrong with a bad place', async () => {
    const missing = await s.t.request('GET', '/api/rent-trends');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: 'Validation failed',
      errors: [{ path: 'city', msg: expect.stringContaining('City is required') as unknown }],
    });
    const long = await s.t.request('GET', `/api/rent-trends?city=Pune&locality=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: [{ path: 'locality' }] });
  });
});

describe('the OpenAPI document', () => {
  it('describes both routes, the query from the schema that checks it', async () => {
    type Doc = {
      paths: Record<string, { get?: { parameters?: { name: string; required: boolean }[] } }>;
    };
    const { body } = await s.t.request<Doc>('GET', '/api/openapi.json');
    expect(body.paths['/api/rent-trends']?.get?.parameters).toMatchObject([
      { name: 'city', required: true },
      { name: 'locality', required: false },
    ]);
    expect(body.paths['/api/properties/{id}/market']?.get).toBeDefined();
  });
});
