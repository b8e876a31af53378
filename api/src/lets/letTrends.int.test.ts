import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingEvent } from '@rentals/core/listings/events';
import { MIN_LET_SAMPLE } from '@rentals/core/listings/let';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';

/**
 * The rent a home was let at joins the market data (issue 44): its owner's
 * rent history says 'Let at …', nobody else's does; the locality trends get
 * a 'let at' series whose median shows only from MIN_LET_SAMPLE lets a month.
 */
const s = testAppWithUsers({ owner: 'homeowner', tenant: 'tenant' });
const ids = Array.from({ length: 6 }, (_, i) => `7e1e0000-0000-4000-8000-00000000000${i}`);
const LET_RENTS = [20000, 22000, 24000, 26000, 28000];

const letEvents = (id: string, i: number): ListingEvent[] => {
  const at = `2026-11-1${i}T06:00:00.000Z`;
  return [
    { type: 'ListingDelisted', data: { listingId: id, at, city: 'Bengaluru' } },
    {
      type: 'ListingLet',
      data: {
        listingId: id,
        at,
        city: 'Bengaluru',
        area: 'Koramangala',
        propertyType: 'flat',
        bedrooms: 2,
        letId: `7e1f0000-0000-4000-8000-00000000000${i}`,
        ownerId: s.owner.user._id,
        rent: LET_RENTS[i]!,
        deposit: 50000,
        moveIn: '2026-12-01',
      },
    },
  ];
};

type Trends = {
  groups: {
    propertyType: string;
    letSeries?: { month: string; median: number | null; sample: number }[];
  }[];
};
const novemberLets = async () => {
  const res = await s.t.request<Trends>(
    'GET',
    '/api/rent-trends?city=Bengaluru&locality=Koramangala',
  );
  expect(res.status).toBe(200);
  const flat = res.body.groups.find((g) => g.propertyType === 'flat');
  return flat?.letSeries?.find((p) => p.month === '2026-11-01');
};

beforeAll(async () => {
  for (const [i, id] of ids.entries())
    await appendListingEvents(s.t.deps.eventStore, id, [
      listingCreated(id, {
        at: '2026-11-02T06:00:00.000Z',
        ownerId: s.owner.user._id,
        fields: { rent: 25000 + i * 1000 },
      }),
    ]);
  for (const [i, id] of ids.slice(0, MIN_LET_SAMPLE - 1).entries())
    await appendListingEvents(s.t.deps.eventStore, id, letEvents(id, i), s.owner.user._id);
  await catchUpReadModels(s.t.db.sql);
});

describe('the let at series', () => {
  it(`counts the lets but shows no median below ${MIN_LET_SAMPLE} of them, then the median`, async () => {
    expect(await novemberLets()).toEqual({ month: '2026-11-01', median: null, sample: 4 });
    const last = MIN_LET_SAMPLE - 1;
    await appendListingEvents(
      s.t.deps.eventStore,
      ids[last]!,
      letEvents(ids[last]!, last),
      s.owner.user._id,
    );
    await catchUpReadModels(s.t.db.sql);
    expect(await novemberLets()).toEqual({ month: '2026-11-01', median: 24000, sample: 5 });
  });
});

describe("the owner's rent history", () => {
  it('says what the home was let at to its owner, and to nobody else', async () => {
    const market = (token: string) =>
      s.t.request<{ lets?: { rent: number; text: string }[] }>(
        'GET',
        `/api/properties/${ids[0]}/market`,
        { token },
      );
    const own = await market(s.owner.token);
    expect(own.status).toBe(200);
    expect(own.body.lets).toEqual([
      {
        at: '2026-11-10T06:00:00.000Z',
        rent: 20000,
        text: 'Let at ₹20,000 a month on 10 Nov 2026',
      },
    ]);
    const theirs = await market(s.tenant.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.lets).toBeUndefined();
    expect(JSON.stringify(theirs.body)).not.toContain('20,000');
  });
});
