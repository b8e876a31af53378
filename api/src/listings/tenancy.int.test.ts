import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { tenancyMessages } from '@rentals/core/listings/tenancy';
import { tenancyFilterMessages } from '@rentals/core/listings/tenancyFilters';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { startReadSide } from '@rentals/testing/readSide';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';

type PropertyBody = { property: PropertyDocument };
type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };
type ListBody = { properties: PropertyDocument[]; totalCount: number };
type MapBody = { features?: unknown[]; listings?: { id: string }[] } & Record<string, unknown>;

let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let owner: TestUser;
let tenant: TestUser;
const index = `listings_t_${randomBytes(4).toString('hex')}`;
const oldId = `old-${randomBytes(4).toString('hex')}`;

/** A day `days` from today, as the form sends it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const TERMS = {
  furnishing: 'fully-furnished',
  depositMonths: '3',
  availableFrom: inDays(20),
  preferredTenants: 'bachelors',
  petsAllowed: 'true',
  food: 'any',
  maintenance: '2000',
  maintenanceIncluded: 'false',
  facing: 'north-east',
  parking: 'car',
  powerBackup: 'common-areas',
};

const create = (tenancy: Record<string, string>, title = 'Furnished 2BHK for bachelors') =>
  t.request<PropertyBody & ErrorBody>('POST', '/api/properties', {
    token: owner.token,
    form: listingForm({ ...LISTING_FORM, title, tenancy: JSON.stringify(tenancy) }),
  });

beforeAll(async () => {
  t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index } },
  });
  owner = await t.registerUser('homeowner');
  tenant = await t.registerUser('tenant');
  readSide = startReadSide(t.db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  // A listing recorded before the terms existed: its event has no `tenancy` at all.
  await appendListingEvents(
    t.deps.eventStore,
    oldId,
    [listingCreated(oldId, { ownerId: owner.user._id, fields: { title: 'An old Pune listing' } })],
    owner.user._id,
  );
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

describe('tenancy terms over HTTP', () => {
  let id: string;

  it('creates a listing with every term, typed from the form text', async () => {
    const res = await create(TERMS);
    expect(res.status).toBe(201);
    id = res.body.property._id;
    expect(res.body.property.tenancy).toEqual({
      furnishing: 'fully-furnished',
      depositMonths: 3,
      availableFrom: TERMS.availableFrom,
      preferredTenants: 'bachelors',
      petsAllowed: true,
      food: 'any',
      maintenance: 2000,
      maintenanceIncluded: false,
      facing: 'north-east',
      parking: 'car',
      powerBackup: 'common-areas',
    });
  });

  it('refuses bad terms with a 400 naming each, and creates nothing', async () => {
    const res = await create({
      depositRupees: '50000',
      depositMonths: '2',
      availableFrom: inDays(400),
      preferredTenants: 'women',
      maintenance: '-5',
      facing: 'upwards',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'tenancy.maintenance', msg: tenancyMessages.maintenance },
        { path: 'tenancy.facing', msg: tenancyMessages.facing },
      ]),
    );
    const cross = await create({ depositRupees: '50000', depositMonths: '2' });
    expect(cross.status).toBe(400);
    expect(cross.body.errors).toEqual([
      { path: 'tenancy.depositMonths', msg: tenancyMessages.depositBoth },
    ]);
    const tenants = await create({ preferredTenants: 'women' });
    expect(tenants.body.errors).toEqual([
      { path: 'tenancy.preferredTenants', msg: tenancyMessages.homeTenants },
    ]);
    const late = await create({ availableFrom: inDays(400) });
    expect(late.body.errors).toEqual([
      { path: 'tenancy.availableFrom', msg: tenancyMessages.availableTooLate },
    ]);
  });

  it('keeps the terms on an edit that leaves them out, and replaces them when sent', async () => {
    const keep = await t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      json: { rent: 26000 },
    });
    expect(keep.status).toBe(200);
    expect(keep.body.property.tenancy?.furnishing).toBe('fully-furnished');
    const replace = await t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      json: { tenancy: { ...keep.body.property.tenancy, petsAllowed: false } },
    });
    expect(replace.status).toBe(200);
    expect(replace.body.property.tenancy?.petsAllowed).toBe(false);
  });

  it('leaves the terms out of a listing made before them (the site shows "Not specified")', async () => {
    await readSide.caughtUp();
    const res = await t.request<PropertyBody>('GET', `/api/properties/${oldId}`, {
      token: tenant.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.property).not.toHaveProperty('tenancy');
  });

  const search = async (query: string) => {
    await readSide.caughtUp();
    return t.request<ListBody & ErrorBody>('GET', `/api/properties?city=Pune&${query}`, {
      token: tenant.token,
    });
  };

  it.each([
    'furnishing=fully-furnished',
    'tenants=bachelors',
    'petsAllowed=false',
    'food=any',
    'maxDepositMonths=3',
    'maintenanceIncluded=false',
    `availableBy=${inDays(30)}`,
    'facing=north,north-east',
    'parking=two-wheeler',
    'powerBackup=common-areas',
  ])('finds it by %s, and never the listing that does not say', async (query) => {
    const res = await search(query);
    expect(res.status).toBe(200);
    expect(res.body.properties.map((p) => p._id)).toEqual([id]);
  });

  it.each([
    'furnishing=unfurnished',
    'tenants=family',
    'petsAllowed=true',
    'food=vegetarian',
    'maxDepositMonths=2.5',
    'maintenanceIncluded=true',
    `availableBy=${inDays(10)}`,
    'facing=south',
    // Lifts and common areas only: not a full backup.
    'powerBackup=full',
  ])('does not find it by %s', async (query) => {
    const res = await search(query);
    expect(res.body.properties.map((p) => p._id)).toEqual([]);
  });

  it('applies the term filters on the map too', async () => {
    await readSide.caughtUp();
    const map = (query: string) =>
      t.request<MapBody>('GET', `/api/properties/map?bbox=73.5,18.3,74.1,18.8&zoom=16&${query}`, {
        token: tenant.token,
      });
    const hit = await map('furnishing=fully-furnished&parking=car&powerBackup=common-areas');
    const miss = await map('furnishing=unfurnished');
    expect(hit.status).toBe(200);
    expect(JSON.stringify(hit.body)).toContain(id);
    expect(JSON.stringify(miss.body)).not.toContain(id);
  });

  it('refuses malformed term filters with their messages', async () => {
    const res = await search(
      'furnishing=luxury&maxDepositMonths=99&availableBy=2026-13-01&powerBackup=diesel',
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'furnishing', msg: tenancyFilterMessages.furnishing },
        { path: 'maxDepositMonths', msg: tenancyFilterMessages.maxDepositMonths },
        { path: 'availableBy', msg: tenancyFilterMessages.availableBy },
        { path: 'powerBackup', msg: 'powerBackup must be one of common-areas, full' },
      ]),
    );
  });
});
