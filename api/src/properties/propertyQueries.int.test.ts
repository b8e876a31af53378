import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { listingStreamId, LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import { Value } from '@sinclair/typebox/value';
import { PropertyDetailResponse, PublicPropertySchema } from '@rentals/core/contract/property';
import { nextTime } from '@rentals/testing/listingFixtures';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import { searchable, seedCorpus, type Seeded } from '@rentals/testing/corpus';
import { startReadSide } from '@rentals/testing/readSide';
import { propertyServices } from './services.ts';

type ListBody = { properties: PropertyDocument[]; totalCount: number; hasMore: boolean };
type PublicBody = {
  properties: Record<string, unknown>[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number };
};
type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };

const [FullDetail] = PropertyDetailResponse.anyOf;

let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let owner: TestUser;
let broker: TestUser;
let tenant: TestUser;
let corpus: Seeded[];

beforeAll(async () => {
  const index = `listings_t_${randomBytes(4).toString('hex')}`;
  t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index } },
  });
  owner = await t.registerUser('homeowner');
  broker = await t.registerUser('broker');
  tenant = await t.registerUser('tenant');
  readSide = startReadSide(t.db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  corpus = await seedCorpus(t.deps.eventStore, [owner.user._id, broker.user._id]);
  await readSide.caughtUp();
  await propertyServices(t.deps).localities.refresh();
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

const list = (query: string, token = tenant.token) =>
  t.request<ListBody>('GET', `/api/properties?${query}`, { token });
const ids = (docs: { _id: unknown }[]) => docs.map((d) => d._id as string).sort();
const expectedIds = (keep: (s: Seeded) => boolean) =>
  searchable(corpus)
    .filter(keep)
    .map((s) => s.id)
    .sort();
const all = async (query: string) => (await list(`${query}&limit=50`)).body;

describe('GET /api/properties (signed in)', () => {
  it('needs a token', async () => {
    expect((await t.request('GET', '/api/properties')).status).toBe(401);
  });

  it('finds every listed listing, newest first, with an exact total', async () => {
    const { status, body } = await list('limit=50');
    expect(status).toBe(200);
    const expected = searchable(corpus).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(body.totalCount).toBe(expected.length);
    expect(body.properties.map((p) => p._id)).toEqual(expected.map((s) => s.id));
    expect(body.hasMore).toBe(false);
    expect(body.properties[0]).toHaveProperty('rent');
    expect(body.properties[0]).toHaveProperty('location.address');
  });

  it("matches the city case-insensitively and by its old name: 'bangalore' finds Bengaluru", async () => {
    const body = await all('city=bangalore');
    expect(ids(body.properties)).toEqual(expectedIds((s) => s.city === 'Bengaluru'));
    expect(body.totalCount).toBeGreaterThan(0);
    expect(ids((await all('city=BENGALURU')).properties)).toEqual(
      expectedIds((s) => s.city === 'Bengaluru'),
    );
    expect(ids((await all('city=gurgaon')).properties)).toEqual(
      expectedIds((s) => s.city === 'Gurugram'),
    );
  });

  it("tolerates typos in the locality: 'Koramangla' finds Koramangala, 'hsr' finds HSR Layout", async () => {
    expect(ids((await all('area=Koramangla')).properties)).toEqual(
      expectedIds((s) => s.area === 'Koramangala'),
    );
    expect(ids((await all('city=Bengaluru&area=hsr')).properties)).toEqual(
      expectedIds((s) => s.area === 'HSR Layout'),
    );
    expect((await all('area=Nowhereville')).totalCount).toBe(0);
  });

  it('filters by several property types given as repeated keys', async () => {
    const body = await all('propertyType=PG&propertyType=house');
    expect(ids(body.properties)).toEqual(expectedIds((s) => s.propertyType !== 'flat'));
  });

  it('filters by rent range, and bedrooms/bathrooms as "at least"', async () => {
    expect(ids((await all('minRent=20000&maxRent=40000')).properties)).toEqual(
      expectedIds((s) => s.rent >= 20000 && s.rent <= 40000),
    );
    expect(ids((await all('bedrooms=4')).properties)).toEqual(expectedIds((s) => s.bedrooms >= 4));
    expect(ids((await all('bathrooms=3')).properties)).toEqual(
      expectedIds((s) => s.bathrooms >= 3),
    );
  });

  it('combines city, locality, type, rent and bedrooms in one call', async () => {
    const body = await all(
      'city=bangalore&area=koramangala&propertyType=flat&propertyType=PG&minRent=5000&maxRent=60000&bedrooms=1',
    );
    const expected = expectedIds(
      (s) =>
        s.area === 'Koramangala' &&
        s.propertyType !== 'house' &&
        s.rent >= 5000 &&
        s.rent <= 60000 &&
        s.bedrooms >= 1,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(body.properties)).toEqual(expected);
    expect(body.totalCount).toBe(expected.length);
  });

  it('sorts by rent ascending and descending', async () => {
    const asc = (await all('sort=rent_asc')).properties.map((p) => p.rent);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await all('sort=rent_desc')).properties.map((p) => p.rent);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('pages with an exact total and hasMore up to the last page', async () => {
    const total = searchable(corpus).length;
    const seen: string[] = [];
    const pages = Math.ceil(total / 7);
    for (let page = 1; page <= pages; page++) {
      const { body } = await list(`limit=7&page=${page}`);
      expect(body.totalCount).toBe(total);
      expect(body.hasMore).toBe(page < pages);
      expect(body.properties.length).toBe(page < pages ? 7 : total - 7 * (pages - 1));
      seen.push(...body.properties.map((p) => p._id));
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = (await list(`limit=7&page=${pages + 1}`)).body;
    expect(beyond).toEqual({ properties: [], totalCount: total, hasMore: false });
    expect((await list('')).body.properties).toHaveLength(12);
  });

  it('filters by map viewport and by free text', async () => {
    const bbox = (await all('bbox=72.5,18.9,73.0,19.2')).properties;
    expect(ids(bbox)).toEqual(expectedIds((s) => s.city === 'Mumbai' && s.coordinates !== null));
    expect(ids((await all('q=lakeview')).properties)).toEqual(
      expectedIds((s) => s.title.includes('lakeview')),
    );
  });

  it.each([
    ['minRent=-1', 'minRent', 'minRent must be a number of 0 or more'],
    ['minRent=50000&maxRent=10000', 'minRent', 'minRent cannot be greater than maxRent'],
    ['limit=500', 'limit', 'limit must be a whole number from 1 to 50'],
    ['limit=0', 'limit', 'limit must be a whole number from 1 to 50'],
    ['propertyType=castle', 'propertyType', 'Property type must be PG, house, or flat'],
    ['page=0', 'page', 'page must be a whole number of 1 or more'],
    ['page=abc', 'page', 'page must be a whole number of 1 or more'],
    [
      'bedrooms=two',
      'bedrooms',
      "bedrooms must be a whole number of 0 or more ('4' means 4 or more)",
    ],
    [
      'sort=cheapest',
      'sort',
      'sort must be one of newest, rent_asc, rent_desc, recently_confirmed',
    ],
    [
      'bbox=1,2,3',
      'bbox',
      'bbox must be four numbers west,south,east,north in degrees, with south ≤ north and west ≤ east',
    ],
  ])('rejects %s with a 400 naming the parameter', async (query, path, msg) => {
    const { status, body } = await t.request<ErrorBody>('GET', `/api/properties?${query}`, {
      token: tenant.token,
    });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Validation failed', errors: [{ path, msg }] });
  });

  it('never finds delisted or deleted listings', async () => {
    const found = new Set((await all('')).properties.map((p) => p._id));
    for (const s of corpus.filter((c) => !c.listed || c.deleted))
      expect(found.has(s.id)).toBe(false);
  });
});

describe('GET /api/properties/public (visitors)', () => {
  it('answers restricted documents with pagination, filtered on public fields', async () => {
    const { status, body } = await t.request<PublicBody>(
      'GET',
      '/api/properties/public?city=bengaluru&limit=5&page=2',
    );
    expect(status).toBe(200);
    const expected = expectedIds((s) => s.city === 'Bengaluru');
    expect(body.pagination).toEqual({
      currentPage: 2,
      totalPages: Math.ceil(expected.length / 5),
      totalItems: expected.length,
      itemsPerPage: 5,
    });
    expect(body.properties).toHaveLength(5);
  });

  it('ignores rent and area filters (not public) but applies type and bedrooms', async () => {
    const { body } = await t.request<PublicBody>(
      'GET',
      '/api/properties/public?minRent=999999&area=Koramangala&propertyType=PG&bedrooms=2&limit=50',
    );
    expect(ids(body.properties as { _id: unknown }[])).toEqual(
      expectedIds((s) => s.propertyType === 'PG' && s.bedrooms >= 2),
    );
  });

  it('rejects bad values the same way', async () => {
    expect((await t.request('GET', '/api/properties/public?limit=500')).status).toBe(400);
  });
});

const assertPublic = (doc: Record<string, unknown>) => {
  for (const key of Object.keys(doc))
    expect(Object.keys(PublicPropertySchema.properties) as readonly string[]).toContain(key);
  expect(
    Object.keys(doc.location as object).filter((k) => k !== 'city' && k !== 'coordinates'),
  ).toEqual([]);
  expect(Object.keys(doc.propertyDetails as object).sort()).toEqual(['bathrooms', 'bedrooms']);
  const text = JSON.stringify(doc);
  for (const restricted of [
    '"rent"',
    'rentType',
    'contactInfo',
    'showPhone',
    'facilities',
    'address',
    'pinCode',
    '"area"',
    'ownerId',
    'Main Road',
  ])
    expect(text).not.toContain(restricted);
};

describe('the visitor view never carries a restricted field', () => {
  it('on every public endpoint and for every seeded listing', async () => {
    const pub = await t.request<PublicBody>('GET', '/api/properties/public?limit=50');
    expect(pub.body.properties.length).toBe(searchable(corpus).length);
    pub.body.properties.forEach(assertPublic);
    const featured = await t.request<{ properties: Record<string, unknown>[] }>(
      'GET',
      '/api/properties/public/featured',
    );
    expect(featured.body.properties.length).toBeGreaterThan(0);
    featured.body.properties.forEach(assertPublic);
    for (const s of corpus) {
      const one = await t.request<{ property: Record<string, unknown> }>(
        'GET',
        `/api/properties/${s.id}`,
      );
      if (s.listed && !s.deleted) {
        expect(one.status).toBe(200);
        assertPublic(one.body.property);
        const coords = (one.body.property.location as { coordinates?: { latitude: number } })
          .coordinates;
        if (coords) expect(Math.round(coords.latitude * 100)).toBeCloseTo(coords.latitude * 100, 6);
      } else expect(one.status).toBe(404);
    }
  });
});

describe('featured', () => {
  it('shows 6 listed listings with photos, verified first, then newest', async () => {
    for (const [path, token] of [
      ['/api/properties/featured', tenant.token],
      ['/api/properties/public/featured', undefined],
    ] as const) {
      const { status, body } = await t.request<{
        properties: { _id: string; isVerified: boolean; images: unknown[] }[];
      }>('GET', path, { token });
      expect(status).toBe(200);
      expect(body.properties).toHaveLength(6);
      const expected = searchable(corpus)
        .filter((s) => s.images > 0)
        .sort(
          (a, b) =>
            Number(b.verified) - Number(a.verified) || b.createdAt.localeCompare(a.createdAt),
        )
        .slice(0, 6)
        .map((s) => s.id);
      expect(body.properties.map((p) => p._id)).toEqual(expected);
    }
    expect((await t.request('GET', '/api/properties/featured')).status).toBe(401);
  });
});

describe('GET /api/properties/my-properties', () => {
  it("lists all the owner's listings newest first, delisted included, with the summary figures", async () => {
    const { status, body } = await t.request<{
      properties: PropertyDocument[];
      summary: Record<string, number>;
    }>('GET', '/api/properties/my-properties', { token: broker.token });
    expect(status).toBe(200);
    const mine = corpus
      .filter((s) => s.ownerId === broker.user._id && !s.deleted)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(body.properties.map((p) => p._id)).toEqual(mine.map((s) => s.id));
    expect(body.properties.some((p) => !p.isAvailable)).toBe(true);
    expect(body.summary).toMatchObject({
      total: mine.length,
      listed: mine.filter((s) => s.listed).length,
    });
  });

  it('is for homeowners and brokers only', async () => {
    expect(
      (await t.request('GET', '/api/properties/my-properties', { token: tenant.token })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/properties/my-properties')).status).toBe(401);
  });
});

describe('GET /api/properties/:id', () => {
  it('gives the full document with a token, and 404 for missing or deleted listings', async () => {
    const s = searchable(corpus)[0]!;
    const { status, body } = await t.request<{ property: PropertyDocument }>(
      'GET',
      `/api/properties/${s.id}`,
      { token: tenant.token },
    );
    expect(status).toBe(200);
    expect(body.property).toMatchObject({
      _id: s.id,
      rent: s.rent,
      location: { city: s.city, area: s.area },
    });
    const missing = await t.request<ErrorBody>('GET', '/api/properties/does-not-exist', {
      token: tenant.token,
    });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Property not found' } });
    const deleted = corpus.find((c) => c.deleted)!;
    expect(
      (await t.request('GET', `/api/properties/${deleted.id}`, { token: tenant.token })).status,
    ).toBe(404);
  });

  it('lets the owner see a delisted listing but not visitors', async () => {
    const delisted = corpus.find((c) => !c.listed && !c.deleted)!;
    const token = delisted.ownerId === owner.user._id ? owner.token : broker.token;
    expect((await t.request('GET', `/api/properties/${delisted.id}`, { token })).status).toBe(200);
    expect((await t.request('GET', `/api/properties/${delisted.id}`)).status).toBe(404);
  });

  /** One of the owner's listed listings, its view count as the owner reads it, and that count after a flush. */
  const ownListingViews = async () => {
    const s = searchable(corpus).find((c) => c.ownerId === owner.user._id)!;
    const views = async () =>
      (
        await t.request<{ property: PropertyDocument }>('GET', `/api/properties/${s.id}`, {
          token: owner.token,
        })
      ).body.property.views;
    await propertyServices(t.deps).views.flush();
    return { s, views, before: await views() };
  };

  it('counts a view once per viewer, never the owner, in batches', async () => {
    const { s, views, before } = await ownListingViews();
    const other = await t.registerUser('tenant');
    await t.request('GET', `/api/properties/${s.id}`, { token: other.token });
    await t.request('GET', `/api/properties/${s.id}`, { token: other.token });
    await t.request('GET', `/api/properties/${s.id}`, {
      headers: { 'user-agent': 'visitor-browser', 'x-test-client-ip': '10.0.0.9' },
    });
    await t.request('GET', `/api/properties/${s.id}`, {
      headers: { 'user-agent': 'visitor-browser', 'x-test-client-ip': '10.0.0.9' },
    });
    await views();
    await propertyServices(t.deps).views.flush();
    expect(await views()).toBe(before + 2);
    await propertyServices(t.deps).views.flush();
    expect(await views()).toBe(before + 2);
  });

  it('answers a preview (a map popup) without counting a view or giving the contact', async () => {
    const { s, views, before } = await ownListingViews();
    const other = await t.registerUser('tenant');
    const preview = await t.request<{ property: PropertyDocument; contact?: unknown }>(
      'GET',
      `/api/properties/${s.id}?preview=1`,
      { token: other.token },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.property.title).toBe(s.title);
    expect(preview.body).not.toHaveProperty('contact');
    const visitor = await t.request<{ property: Record<string, unknown> }>(
      'GET',
      `/api/properties/${s.id}?preview=1`,
      { headers: { 'user-agent': 'visitor-browser', 'x-test-client-ip': '10.0.0.10' } },
    );
    expect(visitor.status).toBe(200);
    expect(visitor.body.property).not.toHaveProperty('rent');
    await propertyServices(t.deps).views.flush();
    expect(await views()).toBe(before);
    // The full read still counts.
    await t.request('GET', `/api/properties/${s.id}`, { token: other.token });
    await propertyServices(t.deps).views.flush();
    expect(await views()).toBe(before + 1);
    expect((await t.request('GET', `/api/properties/${s.id}?preview=yes`)).status).toBe(400);
  });

  it('answers a signed-in reader the whole document and the contact its response schema names', async () => {
    // The detail's schema is a union (full or visitor document): the answer must keep every
    // field of the full one, not be cut down to the visitor's.
    const s = searchable(corpus).find((c) => c.ownerId === owner.user._id)!;
    const reader = await t.registerUser('tenant');
    const full = await t.request<Record<string, unknown>>('GET', `/api/properties/${s.id}`, {
      token: reader.token,
    });
    expect(full.status).toBe(200);
    expect(Value.Check(FullDetail, full.body)).toBe(true);
    expect(full.body).toHaveProperty('contact');
    expect(full.body.property).toHaveProperty('rent');
    expect(full.body.property).toHaveProperty('contactInfo');
    const visitor = await t.request<Record<string, unknown>>('GET', `/api/properties/${s.id}`, {
      headers: { 'user-agent': 'detail-visitor', 'x-test-client-ip': '10.0.0.11' },
    });
    expect(Value.Check(PublicPropertySchema, visitor.body.property)).toBe(true);
    expect(visitor.body.property).not.toHaveProperty('rent');
  });

  it("reflects the owner's own write on the very next read (read-your-writes)", async () => {
    const s = searchable(corpus).find((c) => c.ownerId === owner.user._id)!;
    await t.deps.eventStore.append(
      listingStreamId(s.id),
      LISTING_STREAM_TYPE,
      'any',
      [
        {
          type: 'ListingRentChanged',
          data: {
            listingId: s.id,
            at: nextTime(),
            rent: 4321,
            rentType: 'monthly',
            previousRent: s.rent,
            previousRentType: 'monthly',
          },
        },
      ],
      { userId: owner.user._id },
    );
    const one = await t.request<{ property: PropertyDocument }>('GET', `/api/properties/${s.id}`, {
      token: owner.token,
    });
    expect(one.body.property.rent).toBe(4321);
    await t.deps.eventStore.append(
      listingStreamId(s.id),
      LISTING_STREAM_TYPE,
      'any',
      [{ type: 'ListingDelisted', data: { listingId: s.id, at: nextTime(), city: s.city } }],
      { userId: owner.user._id },
    );
    const mine = await t.request<{ properties: PropertyDocument[] }>(
      'GET',
      '/api/properties/my-properties',
      { token: owner.token },
    );
    expect(mine.body.properties.find((p) => p._id === s.id)?.isAvailable).toBe(false);
  });
});
