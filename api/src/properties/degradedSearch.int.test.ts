import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppDeps } from '../deps.ts';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { freePort } from '@rentals/testing/infra';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import type { SearchAudience, SearchCriteria } from '@rentals/projections/queries/criteria';
import { createMeili } from '@rentals/projections/queries/meili';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import type { TestApp, TestUser } from '@rentals/testing/testApp';
import { searchable, type Seeded } from '@rentals/testing/corpus';
import type { TenancyFilters } from '@rentals/core/listings/tenancyFilters';
import { startSearchApp, type SearchApp } from '@rentals/testing/searchApp';
import { propertyServices } from './services.ts';
import { SEARCH_TIMEOUT_MS } from './propertySearch.ts';
import { GEOCODER_TIMEOUT_MS } from '../geo/geocoder.ts';
import { listingForm } from '@rentals/testing/listingForm';
import { listedLocalities } from '@rentals/projections/queries/listingQueries';
import { createLocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { resolvePlaces } from './criteriaFor.ts';

let t: TestApp;
let tenant: TestUser;
let corpus: Seeded[];
const index = `listings_p_${randomBytes(4).toString('hex')}`;

let app: SearchApp;
beforeAll(async () => {
  app = await startSearchApp({ index, size: 90 });
  ({ t, tenant, corpus } = app);
});
afterAll(() => app.close());

const page = { sort: 'newest', page: 1, limit: 50 } as const;
/** The query corpus: every filter alone and in combination, resolved localities included. */
const CORPUS: SearchCriteria[] = [
  { ...page },
  { ...page, cities: ['bengaluru'] },
  { ...page, cities: ['mumbai', 'pune'] },
  { ...page, cities: ['bengaluru'], areas: ['koramangala'] },
  { ...page, areas: ['hsr layout', 'indiranagar'] },
  { ...page, cities: ['atlantis'] },
  { ...page, propertyTypes: ['PG'] },
  { ...page, propertyTypes: ['flat', 'house'] },
  { ...page, minRent: 10000 },
  { ...page, maxRent: 20000 },
  { ...page, minRent: 15000, maxRent: 45000 },
  { ...page, bedrooms: 2 },
  { ...page, bedrooms: 4, bathrooms: 2 },
  {
    ...page,
    cities: ['bengaluru'],
    propertyTypes: ['flat'],
    minRent: 5000,
    maxRent: 50000,
    bedrooms: 1,
  },
  { ...page, bbox: { west: 77.5, south: 12.8, east: 77.7, north: 13.0 } },
  { ...page, bbox: { west: 72.0, south: 18.0, east: 74.0, north: 20.0 }, bedrooms: 1 },
  { ...page, q: 'lakeview' },
  { ...page, q: 'terrace', cities: ['pune'] },
  { ...page, sort: 'rent_asc', cities: ['gurugram'] },
  { ...page, sort: 'rent_desc', minRent: 30000 },
  { ...page, sort: 'recently_confirmed' },
  { ...page, sort: 'recently_confirmed', cities: ['pune'], limit: 5 },
  { ...page, limit: 10, page: 3 },
  // The tenancy terms (issue 18): listings that do not give a term match neither its yes nor its no.
  { ...page, tenancy: { furnishing: 'fully-furnished' } },
  { ...page, tenancy: { tenants: 'family' } },
  { ...page, tenancy: { tenants: 'women' }, propertyTypes: ['PG'] },
  { ...page, tenancy: { petsAllowed: true } },
  { ...page, tenancy: { petsAllowed: false } },
  { ...page, tenancy: { food: 'any' } },
  { ...page, tenancy: { food: 'vegetarian' } },
  { ...page, tenancy: { maxDepositMonths: 2 } },
  { ...page, tenancy: { maxDepositMonths: 3.5 }, cities: ['bengaluru'] },
  { ...page, tenancy: { maintenanceIncluded: true } },
  { ...page, tenancy: { maintenanceIncluded: false } },
  { ...page, tenancy: { availableBy: '2026-04-15' } },
  { ...page, tenancy: { facing: ['north', 'east', 'north-east'] } },
  { ...page, tenancy: { parking: 'two-wheeler' } },
  { ...page, tenancy: { parking: 'car' } },
  {
    ...page,
    cities: ['bengaluru', 'pune'],
    tenancy: { furnishing: 'semi-furnished', tenants: 'bachelors', parking: 'two-wheeler' },
    maxRent: 50000,
  },
  { ...page, q: 'lakeview', tenancy: { food: 'any', petsAllowed: true } },
];

describe('parity: Meilisearch and the Postgres fallback answer the same', () => {
  const meili = () => createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
  it.each(
    CORPUS.flatMap((c) =>
      (['full', 'public'] as SearchAudience[]).map((a) => [a, JSON.stringify(c), c] as const),
    ),
  )('%s %s', async (audience, _name, criteria) => {
    const [fromMeili, fromPostgres] = await Promise.all([
      searchInMeili(meili(), audience, criteria, index),
      searchInPostgres(t.db.sql, audience, criteria),
    ]);
    expect(fromPostgres.total).toBe(fromMeili.total);
    if (criteria.page === 1)
      expect([...fromPostgres.ids].sort()).toEqual([...fromMeili.ids].sort());
    else expect(fromPostgres.ids.length).toBe(fromMeili.ids.length);
  });
});

/** Each tenancy filter, worked out from the seeded terms by hand: what a tenant expects it to find. */
const tenancyOracle = (s: Seeded, f: TenancyFilters): boolean => {
  const t = s.tenancy;
  if (!t) return false; // 'not specified' is neither yes nor no
  const depositMonths =
    t.depositMonths ?? (t.depositRupees === undefined ? undefined : t.depositRupees / s.rent);
  return (
    (f.furnishing === undefined || t.furnishing === f.furnishing) &&
    (f.tenants === undefined || t.preferredTenants === f.tenants || t.preferredTenants === 'any') &&
    (f.petsAllowed === undefined || t.petsAllowed === f.petsAllowed) &&
    (f.food === undefined || t.food === f.food) &&
    (f.maxDepositMonths === undefined ||
      (depositMonths !== undefined && depositMonths <= f.maxDepositMonths)) &&
    (f.maintenanceIncluded === undefined || t.maintenanceIncluded === f.maintenanceIncluded) &&
    (f.availableBy === undefined ||
      (t.availableFrom !== undefined && t.availableFrom <= f.availableBy)) &&
    (f.facing === undefined || (t.facing !== undefined && f.facing.includes(t.facing))) &&
    (f.parking === undefined ||
      t.parking === 'car' ||
      (f.parking === 'two-wheeler' && t.parking === 'two-wheeler'))
  );
};

describe('tenancy filters find what a tenant expects, in both engines', () => {
  const meili = () => createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
  const filters = CORPUS.filter(
    (c) => c.tenancy && Object.keys(c).length === Object.keys(page).length + 1,
  );
  it.each(filters.map((c) => [JSON.stringify(c.tenancy), c] as const))(
    '%s',
    async (_name, criteria) => {
      const expected = searchable(corpus)
        .filter((s) => tenancyOracle(s, criteria.tenancy!))
        .map((s) => s.id)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(searchable(corpus).length);
      for (const found of await Promise.all([
        searchInMeili(meili(), 'full', criteria, index),
        searchInPostgres(t.db.sql, 'full', criteria),
      ]))
        expect([...found.ids].sort()).toEqual(expected);
    },
  );

  it('ignores them for visitors, whose model does not hold the terms', async () => {
    const all = await searchInPostgres(t.db.sql, 'public', { ...page });
    const filtered = await searchInMeili(
      meili(),
      'public',
      { ...page, tenancy: { furnishing: 'fully-furnished' } },
      index,
    );
    expect(filtered.total).toBe(all.total);
  });
});

/**
 * Places as tenants type them (old names with typos, PIN codes, spacing, a
 * locality's part, an old name in the free text), resolved as the API
 * resolves them: both engines find the same listings, and some.
 */
const TYPED: { city?: string; area?: string; q?: string }[] = [
  { city: 'Bangalore', area: 'Koramangla' },
  { city: 'bombay', area: 'Bandra (W)' },
  { area: '560001' },
  { city: 'Bengaluru', area: '560 001' },
  { q: 'lakeview 560001' },
  { area: 'HSRLayout' },
  { city: 'Bangalore', area: 'Indira nagar' },
  { area: 'Koramangala 4th Block' },
  { area: 'Kothrud Poona' },
  { q: 'bangalore' },
  { q: 'lakeview gurgaon' },
];

describe('parity on places as typed: both engines find the same listings, and some', () => {
  const meili = () => createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
  it.each(TYPED.map((typed) => [JSON.stringify(typed), typed] as const))(
    '%s',
    async (_name, typed) => {
      const matcher = createLocalityMatcher(await listedLocalities(t.db.sql));
      const criteria = resolvePlaces(matcher, { ...page, ...typed }, 'full');
      const [fromMeili, fromPostgres] = await Promise.all([
        searchInMeili(meili(), 'full', criteria, index),
        searchInPostgres(t.db.sql, 'full', criteria),
      ]);
      expect(fromMeili.total).toBeGreaterThan(0);
      expect(fromPostgres.total).toBe(fromMeili.total);
      expect([...fromPostgres.ids].sort()).toEqual([...fromMeili.ids].sort());
    },
  );
});

describe('degraded mode', () => {
  let degraded: { deps: AppDeps; app: ReturnType<typeof buildApp> };
  beforeAll(async () => {
    const deps: AppDeps = {
      ...t.deps,
      meili: { url: `http://127.0.0.1:${await freePort()}`, key: 'unused-key', index },
    };
    degraded = { deps, app: buildApp(deps) };
  });
  const get = async (app: ReturnType<typeof buildApp>, path: string, token?: string) => {
    const response = await app.handle(
      new Request(`http://localhost${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers both list endpoints from Postgres with the same results when Meilisearch is unreachable', async () => {
    for (const query of [
      'city=bangalore&area=Koramangla',
      'propertyType=PG&minRent=10000&bedrooms=2',
      'sort=rent_asc&limit=5&page=2',
    ]) {
      const live = await get(t.app, `/api/properties?${query}`, tenant.token);
      const fallback = await get(degraded.app, `/api/properties?${query}`, tenant.token);
      expect(fallback.status).toBe(200);
      expect(fallback.body.totalCount).toBe(live.body.totalCount);
      const idsOf = (b: Record<string, unknown>) =>
        (b.properties as PropertyDocument[]).map((p) => p._id).sort();
      expect(idsOf(fallback.body)).toEqual(idsOf(live.body));
    }
    const pub = await get(degraded.app, '/api/properties/public?city=pune');
    expect(pub.status).toBe(200);
    expect((pub.body.pagination as { totalItems: number }).totalItems).toBe(
      (
        (await get(t.app, '/api/properties/public?city=pune')).body.pagination as {
          totalItems: number;
        }
      ).totalItems,
    );
  });

  it('shows the fallback in /api/health and in the log status', async () => {
    expect(propertyServices(degraded.deps).search.status()).toMatchObject({
      engine: 'postgres-fallback',
    });
    const health = await get(degraded.app, '/api/health');
    expect(health.body.search).toMatchObject({
      engine: 'postgres-fallback',
      reason: expect.stringMatching(/unreachable/) as unknown,
    });
    expect(health.body.search).toMatchObject({ replicas: [{ state: 'down' }] });
    expect((await get(t.app, '/api/health')).body.search).toEqual({
      engine: 'meilisearch',
      replicas: [
        {
          url: inject('meiliUrl'),
          projection: 'listings-search-index',
          state: 'up',
          lag: expect.any(Number) as unknown,
        },
      ],
    });
  });

  it('answers from Postgres while the index exists but its settings are not applied yet', async () => {
    const bare = `listings_bare_${randomBytes(4).toString('hex')}`;
    const meiliUrl = inject('meiliUrl');
    const headers = {
      authorization: `Bearer ${inject('meiliKey')}`,
      'content-type': 'application/json',
    };
    const created = (await (
      await fetch(`${meiliUrl}/indexes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ uid: bare, primaryKey: 'id' }),
      })
    ).json()) as { taskUid: number };
    for (;;) {
      const task = (await (
        await fetch(`${meiliUrl}/tasks/${created.taskUid}`, { headers })
      ).json()) as {
        status: string;
      };
      if (task.status === 'succeeded') break;
      if (task.status === 'failed') throw new Error('could not create the bare index');
      await new Promise((r) => setTimeout(r, 20));
    }
    const app = buildApp({
      ...t.deps,
      meili: { url: meiliUrl, key: inject('meiliKey'), index: bare },
    });
    const query = 'city=bangalore&propertyType=flat';
    const fromBare = await get(app, `/api/properties?${query}`, tenant.token);
    expect(fromBare.status).toBe(200);
    expect(fromBare.body.totalCount).toBe(
      (await get(t.app, `/api/properties?${query}`, tenant.token)).body.totalCount,
    );
    expect((await get(app, '/api/health')).body.search).toMatchObject({
      engine: 'postgres-fallback',
    });
  });
});

describe('a paused Meilisearch (accepts connections, never answers)', () => {
  // What a SIGSTOPped or swamped engine looks like from here: the kernel accepts, nothing replies.
  const sockets: Socket[] = [];
  const blackHole = createServer((socket) => sockets.push(socket));
  let paused: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => blackHole.listen(port, '127.0.0.1', resolve));
    paused = buildApp({ ...t.deps, meili: { url: `http://127.0.0.1:${port}`, key: 'k', index } });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });
  const timed = async (path: string, init?: RequestInit) => {
    const started = Date.now();
    const response = await paused.handle(new Request(`http://localhost${path}`, init));
    return { response, ms: Date.now() - started };
  };

  it('answers searches from Postgres within the search timeout, and the next ones at once', async () => {
    const first = await timed('/api/properties/public?city=pune');
    expect(first.response.status).toBe(200);
    expect(first.ms).toBeLessThan(SEARCH_TIMEOUT_MS + 1000);
    const body = (await first.response.json()) as { pagination: { totalItems: number } };
    const live = (await (
      await t.app.handle(new Request('http://localhost/api/properties/public?city=pune'))
    ).json()) as { pagination: { totalItems: number } };
    expect(body.pagination.totalItems).toBe(live.pagination.totalItems);
    // Meilisearch is not asked again for a while: the next search does not wait for it.
    const next = await timed('/api/properties/public?city=mumbai');
    expect(next.response.status).toBe(200);
    expect(next.ms).toBeLessThan(SEARCH_TIMEOUT_MS);
    await next.response.arrayBuffer();
  });

  it('answers location search 503 with Retry-After within its timeout, and keeps readiness', async () => {
    const geo = await timed('/api/geo/search?q=pune');
    expect(geo.response.status).toBe(503);
    expect(geo.response.headers.get('retry-after')).toBeTruthy();
    expect(geo.ms).toBeLessThan(GEOCODER_TIMEOUT_MS + 1000);
    await geo.response.arrayBuffer();
    const ready = await timed('/api/health/ready');
    expect(ready.response.status).toBe(200);
    expect(await ready.response.json()).toEqual({ status: 'degraded' });
  });

  it('keeps taking writes: they append to the log, and Meilisearch is not on their path', async () => {
    const owner = await t.registerUser('homeowner');
    const created = await timed('/api/properties', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: listingForm(),
    });
    expect(created.response.status).toBe(201);
    await created.response.arrayBuffer();
  });
});
