import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';
import { rentCheckRound } from '@rentals/projections/trust/rentCheck';
import { TOO_CHEAP_WARNING } from '@rentals/core/trust/tooCheap';
import type { TooCheapListing } from '@rentals/core/contract/tooCheap';

/**
 * 'Too good to be true' (issue 41) on real Postgres: six 2 BHK flats in one
 * locality at ₹24,000–₹34,000 and one at ₹12,000. Tenants read the warning on
 * the cheap one's market card; the rent-check sweep puts it in the admins'
 * queue with the comparables; raising its rent, or an admin verifying it,
 * takes it out.
 */
const s = testAppWithUsers({
  tenant: 'tenant',
  owner: 'homeowner',
  admin: { role: 'admin', name: 'Meera Admin' },
});

const id = (n: number) => `7c4e0000-0000-4000-8000-00000000000${n}`;
const CHEAP = id(9);
const RENTS = [24000, 26000, 28000, 30000, 32000, 34000];
const NOW = new Date('2026-11-20T06:00:00.000Z');

type Queue = { listings: TooCheapListing[]; total: number };
const queue = async () => {
  await catchUpReadModels(s.t.db.sql);
  await rentCheckRound(s.t.db.sql, NOW);
  const res = await s.t.request<Queue>('GET', '/api/admin/too-cheap', { token: s.admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const market = (listingId: string) =>
  s.t.request<{ warning: string | null; fairRent: { muchBelow: boolean } | null }>(
    'GET',
    `/api/properties/${listingId}/market`,
    { token: s.tenant.token },
  );

beforeAll(async () => {
  const created = (listingId: string, rent: number) =>
    appendListingEvents(
      s.t.deps.eventStore,
      listingId,
      [
        listingCreated(listingId, {
          at: '2026-11-02T06:00:00.000Z',
          ownerId: s.owner.user._id,
          fields: { rent },
        }),
      ],
      s.owner.user._id,
    );
  for (const [i, rent] of RENTS.entries()) await created(id(i), rent);
  await created(CHEAP, 12000);
  await catchUpReadModels(s.t.db.sql);
});

describe('listings much below similar homes', () => {
  it('warns tenants on the listing, and only on it', async () => {
    const cheap = await market(CHEAP);
    expect(cheap.status).toBe(200);
    expect(cheap.body.warning).toBe(TOO_CHEAP_WARNING);
    expect(cheap.body.fairRent?.muchBelow).toBe(true);
    expect((await market(id(0))).body.warning).toBeNull();
  });

  it('puts it in the admins’ queue with the comparables behind the finding', async () => {
    const { listings, total } = await queue();
    expect(total).toBe(1);
    // Seven flats: the median is the fourth rent, 28,000; 12,000 is 57 % below it.
    expect(listings[0]).toMatchObject({
      id: CHEAP,
      monthlyRent: 12000,
      median: 28000,
      sample: 7,
      percentBelow: 57,
      evidence: expect.stringContaining('Below the median of ₹28,000 for 7 comparable') as unknown,
    });
    const overview = await s.t.request<{ counts: { muchBelowSimilar: number } }>(
      'GET',
      '/api/admin/overview',
      { token: s.admin.token },
    );
    expect(overview.body.counts.muchBelowSimilar).toBe(1);
  });

  it('is refused to anyone but an admin', async () => {
    const tenant = await s.t.request('GET', '/api/admin/too-cheap', { token: s.tenant.token });
    expect(tenant.status).toBe(403);
    expect((await s.t.request('GET', '/api/admin/too-cheap')).status).toBe(401);
  });

  it('leaves the queue when the rent comes up to the market, and the warning goes', async () => {
    await appendListingEvents(
      s.t.deps.eventStore,
      CHEAP,
      [
        {
          type: 'ListingRentChanged',
          data: {
            listingId: CHEAP,
            at: '2026-11-10T06:00:00.000Z',
            rent: 25000,
            rentType: 'monthly',
            previousRent: 12000,
            previousRentType: 'monthly',
          },
        },
      ],
      s.owner.user._id,
    );
    expect((await queue()).total).toBe(0);
    expect((await market(CHEAP)).body.warning).toBeNull();
  });

  it('leaves the queue once an admin verifies it as genuine; the tenants’ warning stays', async () => {
    await appendListingEvents(
      s.t.deps.eventStore,
      CHEAP,
      [
        {
          type: 'ListingRentChanged',
          data: {
            listingId: CHEAP,
            at: '2026-11-11T06:00:00.000Z',
            rent: 11000,
            rentType: 'monthly',
            previousRent: 25000,
            previousRentType: 'monthly',
          },
        },
      ],
      s.owner.user._id,
    );
    expect((await queue()).listings.map((l) => l.id)).toEqual([CHEAP]);
    const verified = await s.t.request('POST', '/api/admin/listings/verify', {
      token: s.admin.token,
      json: { ids: [CHEAP], verified: true },
    });
    expect(verified.status).toBe(200);
    expect((await queue()).total).toBe(0);
    expect((await market(CHEAP)).body.warning).toBe(TOO_CHEAP_WARNING);
  });
});
