import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, savedSearchStreamId } from '@rentals/core/savedSearches/events';
import { savedSearchMessages } from '@rentals/core/savedSearches/savedSearches';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import type { SavedSearchDocument } from '@rentals/core/contract/savedSearch';

/**
 * Saved searches through the API on real Postgres: commands become events on
 * the user's saved-search stream, the alerts projection counts new matches.
 */
let t: TestApp;
let tenant: TestUser;
let other: TestUser;

type One = { savedSearch: SavedSearchDocument };
type Errors = { message: string; errors?: { path: string; msg: string }[] };

const body = {
  name: '2BHK in Koramangala',
  filters: { city: 'bangalore', area: 'Koramangla', propertyType: ['flat'], maxRent: 30000 },
  alert: 'instant',
};
const create = (json: unknown = body, user = tenant) =>
  t.request<One & Errors>('POST', '/api/saved-searches', { token: user.token, json });
const list = async (user = tenant) => {
  await catchUpReadModels(t.db.sql);
  const res = await t.request<{ savedSearches: SavedSearchDocument[] }>(
    'GET',
    '/api/saved-searches',
    { token: user.token },
  );
  expect(res.status).toBe(200);
  return res.body.savedSearches;
};

beforeAll(async () => {
  t = await testApp();
  tenant = await t.registerUser('tenant');
  other = await t.registerUser('tenant');
});
afterAll(() => t.close());

describe('saved searches', () => {
  it('a search is saved with its filters as typed and its places resolved', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.body.savedSearch).toMatchObject({
      name: body.name,
      filters: body.filters,
      area: null,
      alert: 'instant',
      paused: false,
      newMatches: 0,
    });
    const { events } = await t.deps.eventStore.readStream(savedSearchStreamId(tenant.user._id));
    expect(events.map((e) => e.type)).toEqual(['SavedSearchCreated']);
    // The keys stored in listings, as the list search resolves them (with their other spellings).
    const { places } = events[0]!.data as { places: { cities: string[]; areas: string[] } };
    expect(places.cities).toContain('bengaluru');
    expect(places.areas).toContain('koramangala');
    expect((await list()).map((s) => s.name)).toEqual([body.name]);
  });

  it('new listings that match are counted until the matches are seen', async () => {
    const { savedSearch } = (await create({ ...body, name: 'Counting' })).body;
    const at = new Date(t.clock().getTime() + 1000).toISOString();
    await appendListingEvents(t.deps.eventStore, 'ss-match-1', [
      listingCreated('ss-match-1', { at }),
    ]);
    await appendListingEvents(t.deps.eventStore, 'ss-other-1', [
      listingCreated('ss-other-1', { at, fields: { propertyType: 'house' } }),
    ]);
    expect((await list()).find((s) => s.id === savedSearch.id)?.newMatches).toBe(1);
    t.clock.advance(2000);
    const seen = await t.request('POST', `/api/saved-searches/${savedSearch.id}/seen`, {
      token: tenant.token,
    });
    expect(seen.status).toBe(200);
    expect((await list()).find((s) => s.id === savedSearch.id)?.newMatches).toBe(0);
  });

  it('keeps the tenancy terms and counts only listings whose terms match them', async () => {
    const terms = {
      ...body,
      name: 'Furnished, pets',
      filters: {
        ...body.filters,
        furnishing: 'fully-furnished',
        petsAllowed: true,
        maxDepositMonths: 2,
        facing: ['east'],
      },
    };
    const res = await create(terms);
    expect(res.status).toBe(201);
    expect(res.body.savedSearch.filters).toEqual(terms.filters);
    const at = new Date(t.clock().getTime() + 1000).toISOString();
    const tenancy = {
      furnishing: 'fully-furnished',
      petsAllowed: true,
      depositRupees: 40000,
      facing: 'east',
    } as const;
    await appendListingEvents(t.deps.eventStore, 'ss-terms-1', [
      listingCreated('ss-terms-1', { at, fields: { rent: 20000, tenancy } }),
    ]);
    await appendListingEvents(t.deps.eventStore, 'ss-terms-2', [
      listingCreated('ss-terms-2', {
        at,
        fields: { rent: 20000, tenancy: { ...tenancy, depositRupees: 60000 } },
      }),
    ]);
    await appendListingEvents(t.deps.eventStore, 'ss-terms-3', [
      listingCreated('ss-terms-3', { at, fields: { rent: 20000 } }),
    ]);
    expect((await list()).find((s) => s.id === res.body.savedSearch.id)?.newMatches).toBe(1);
    const bad = await create({
      ...body,
      name: 'Bad terms',
      filters: { furnishing: 'palatial', facing: ['up'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.path).sort()).toEqual([
      'filters.facing',
      'filters.furnishing',
    ]);
  });

  it('edit, pause, resume and delete act on the caller’s own search', async () => {
    const { savedSearch } = (await create({ ...body, name: 'To change' })).body;
    const path = `/api/saved-searches/${savedSearch.id}`;
    const edited = await t.request<One>('PUT', path, {
      token: tenant.token,
      json: { ...body, name: 'Changed', alert: 'daily', area: bbox },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.savedSearch).toMatchObject({ name: 'Changed', alert: 'daily', area: bbox });
    const paused = await t.request<One>('POST', `${path}/pause`, { token: tenant.token });
    expect(paused.body.savedSearch.paused).toBe(true);
    const again = await t.request<One>('POST', `${path}/pause`, { token: tenant.token });
    expect(again.status).toBe(200);
    const resumed = await t.request<One>('POST', `${path}/resume`, { token: tenant.token });
    expect(resumed.body.savedSearch.paused).toBe(false);
    const deleted = await t.request('DELETE', path, { token: tenant.token });
    expect(deleted.body).toEqual({ id: savedSearch.id, deleted: true });
    expect((await list()).map((s) => s.id)).not.toContain(savedSearch.id);
    expect((await t.request('DELETE', path, { token: tenant.token })).status).toBe(404);
  });

  it('another user’s search is not found, whatever the call', async () => {
    const { savedSearch } = (await create({ ...body, name: 'Mine only' })).body;
    const path = `/api/saved-searches/${savedSearch.id}`;
    const asOther = { token: other.token };
    for (const [method, suffix, json] of [
      ['PUT', '', body],
      ['POST', '/pause', undefined],
      ['POST', '/resume', undefined],
      ['POST', '/seen', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const res = await t.request<Errors>(method, `${path}${suffix}`, { ...asOther, json });
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.message).toBe(savedSearchMessages.notFound);
    }
    expect(await list(other)).toEqual([]);
    expect((await list()).map((s) => s.name)).toContain('Mine only');
    expect((await t.request('GET', '/api/saved-searches')).status).toBe(401);
  });

  it('bad input is a 400 naming each field', async () => {
    const res = await create({
      name: 'x'.repeat(61),
      filters: { maxRent: -5, propertyType: ['castle'] },
      area: { kind: 'polygon', points: [[77.6, 12.9]] },
      alert: 'hourly',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.errors?.map((e) => e.path).sort()).toEqual(
      ['alert', 'area', 'filters.maxRent', 'filters.propertyType', 'name'].sort(),
    );
    const order = await create({ ...body, name: 'Rents', filters: { minRent: 9, maxRent: 5 } });
    expect(order.status).toBe(400);
    expect(order.body.errors).toEqual([
      { path: 'filters.minRent', msg: savedSearchMessages.rentOrder },
    ]);
    const taken = await create({ ...body });
    expect(taken.body.errors).toEqual([{ path: 'name', msg: savedSearchMessages.nameTaken }]);
    const form = await t.request('POST', '/api/saved-searches', {
      token: tenant.token,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(
      (await t.request('PUT', '/api/saved-searches/bad.id', { token: tenant.token, json: body }))
        .status,
    ).toBe(404);
  });

  it(`a user keeps at most ${MAX_SAVED_SEARCHES} saved searches`, async () => {
    const user = await t.registerUser('tenant');
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
      expect((await create({ ...body, name: `s ${i}` }, user)).status).toBe(201);
    const over = await create({ ...body, name: 'one more' }, user);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(savedSearchMessages.tooMany);
  });
});

const bbox = { kind: 'bbox', west: 77.5, south: 12.8, east: 77.7, north: 13 };
