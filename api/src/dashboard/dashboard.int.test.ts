import { beforeAll, describe, expect, it } from 'vitest';
import { runReadModels } from '@rentals/testing/conversations';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER } from '@rentals/testing/testApp';
import { propertyServices } from '../properties/services.ts';
import { RECENT_SEARCHES_KEPT } from './recentSearches.ts';

/** The dashboards' figures from real activity: views, favourites and searches of the caller only. */
const s = testAppWithUsers({ owner: 'homeowner', tenant: 'tenant' });

type Tenant = {
  propertiesViewed: number;
  favourites: number;
  enquiriesSent: number;
  recentSearches: { criteria: Record<string, string>; searchedAt: string }[];
};
type Views = {
  days: string[];
  listings: { listingId: string; title: string; views: number[]; enquiries: number[] }[];
};

const DAY = 86_400_000;
const flushViews = () => propertyServices(s.t.deps).views.flush();
const view = async (id: string, as: { token?: string; address?: string }) => {
  const res = await s.t.request('GET', `/api/properties/${id}`, {
    token: as.token,
    headers: as.address ? { [TEST_CLIENT_IP_HEADER]: as.address } : {},
  });
  expect(res.status).toBe(200);
};
const tenantFigures = async (user = s.tenant) => {
  await flushViews();
  await catchUpReadModels(s.t.db.sql);
  const res = await s.t.request<Tenant>('GET', '/api/dashboard/tenant', { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  for (const id of ['dash-1', 'dash-2'])
    await appendListingEvents(
      s.t.deps.eventStore,
      id,
      [listingCreated(id, { ownerId: s.owner.user._id, fields: { title: `Home ${id}` } })],
      s.owner.user._id,
    );
  await catchUpReadModels(s.t.db.sql);
});

describe('the tenant dashboard', () => {
  it('starts at zero and counts the listings the tenant opened and the favourites', async () => {
    expect(await tenantFigures()).toEqual({
      propertiesViewed: 0,
      favourites: 0,
      enquiriesSent: 0,
      recentSearches: [],
    });
    await view('dash-1', { token: s.tenant.token });
    await view('dash-1', { token: s.tenant.token });
    await view('dash-2', { token: s.tenant.token });
    await s.t.request('PUT', '/api/favourites/dash-2', { token: s.tenant.token });
    const figures = await tenantFigures();
    expect(figures.propertiesViewed).toBe(2);
    expect(figures.favourites).toBe(1);
    // Another user's figures are their own.
    const other = await s.t.registerUser('tenant');
    expect(await tenantFigures(other)).toMatchObject({ propertiesViewed: 0, favourites: 0 });
  });

  it('keeps the last searches, newest first, a repeat moved to the top and not doubled', async () => {
    const post = (criteria: Record<string, string>) =>
      s.t.request<{ recentSearches: Tenant['recentSearches'] }>(
        'POST',
        '/api/dashboard/recent-searches',
        { token: s.tenant.token, json: criteria },
      );
    // A second between searches, so "newest first" is well defined.
    for (let i = 0; i < RECENT_SEARCHES_KEPT + 2; i++) {
      s.t.clock.advance(1000);
      expect((await post({ city: 'Pune', minRent: String(1000 * i) })).status).toBe(200);
    }
    s.t.clock.advance(1000);
    await post({ city: ' pune ', minRent: '3000', area: '' });
    // A search without criteria is not kept.
    await post({ city: '', bedrooms: '' });
    const { recentSearches } = await tenantFigures();
    expect(recentSearches).toHaveLength(RECENT_SEARCHES_KEPT);
    expect(recentSearches[0]!.criteria).toEqual({ city: 'pune', minRent: '3000' });
    expect(recentSearches.filter((s) => s.criteria.minRent === '3000')).toHaveLength(1);
    expect(recentSearches.map((s) => s.criteria.minRent)).not.toContain('0');
    // The tenancy-term filters of the properties page's URL are kept too, and tell searches apart.
    s.t.clock.advance(1000);
    expect(
      (await post({ city: 'Pune', furnishing: 'semi-furnished', tenants: 'family' })).status,
    ).toBe(200);
    const latest = (await tenantFigures()).recentSearches[0]!;
    expect(latest.criteria).toEqual({
      city: 'Pune',
      furnishing: 'semi-furnished',
      tenants: 'family',
    });
  });

  it('refuses a bad search with a message per field', async () => {
    const res = await s.t.request<{ message: string; errors: { path: string; msg: string }[] }>(
      'POST',
      '/api/dashboard/recent-searches',
      {
        token: s.tenant.token,
        json: { city: 'x'.repeat(101), minRent: '-5', propertyType: 'castle', userId: 'u-1' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.errors.length).toBeGreaterThan(0);
  });
});

describe('the owner’s views chart', () => {
  it('gives 30 days, oldest first, of each listing’s views, and nothing of other owners', async () => {
    await view('dash-1', { address: '203.0.113.10' });
    await flushViews();
    s.t.clock.advance(DAY);
    await view('dash-1', { address: '203.0.113.10' });
    await view('dash-1', { address: '203.0.113.11' });
    await view('dash-2', { address: '203.0.113.10' });
    await flushViews();
    const res = await s.t.request<Views>('GET', '/api/dashboard/owner/views', {
      token: s.owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days[29]! > res.body.days[28]!).toBe(true);
    const one = res.body.listings.find((l) => l.listingId === 'dash-1')!;
    expect(one.views).toHaveLength(30);
    // The tenant's signed-in views (two listings, once each) were the day before.
    expect(one.views.slice(-2)).toEqual([2, 2]);
    expect(res.body.listings[0]!.listingId).toBe('dash-1');
    const stranger = await s.t.registerUser('broker');
    const theirs = await s.t.request<Views>('GET', '/api/dashboard/owner/views', {
      token: stranger.token,
    });
    expect(theirs.body.listings).toEqual([]);
  });
});

describe('enquiries', () => {
  it('counts the conversations a tenant started, and shows them per day on the owner’s chart', async () => {
    const readModels = runReadModels(s.t.db.sql);
    try {
      const asked = await s.t.request('POST', '/api/conversations', {
        token: s.tenant.token,
        json: { listingId: 'dash-1', body: 'Is it free from June?', messageId: 'dash-m1' },
      });
      expect(asked.status).toBe(201);
      expect((await tenantFigures()).enquiriesSent).toBe(1);
      const other = await s.t.registerUser('tenant');
      expect((await tenantFigures(other)).enquiriesSent).toBe(0);
      const res = await s.t.request<Views>('GET', '/api/dashboard/owner/views', {
        token: s.owner.token,
      });
      const byId = new Map(res.body.listings.map((l) => [l.listingId, l.enquiries]));
      expect(byId.get('dash-1')).toEqual([...Array<number>(29).fill(0), 1]);
      expect(byId.get('dash-2')).toEqual(Array<number>(30).fill(0));
    } finally {
      await readModels.stop();
    }
  });
});
