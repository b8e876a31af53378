import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { samplePhoto } from '../media/samplePhotos.ts';
import { temporaryMedia } from '@rentals/testing/temporaryMedia';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import { startReadSide } from '@rentals/testing/readSide';
import { propertyServices } from './services.ts';

/**
 * The "done when", through the product's own routes: an owner lists
 * through POST /api/properties while the projections run as in production;
 * the owner reads their write back at once, and a tenant finds the listing
 * in one call by city (old name), locality (typo), type, rent and bedrooms.
 */
let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
const disk = temporaryMedia('tenant-search-');
let owner: TestUser;
let tenant: TestUser;

beforeAll(async () => {
  const index = `listings_e_${randomBytes(4).toString('hex')}`;
  t = await testApp({
    deps: {
      media: disk.store,
      meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index },
    },
  });
  readSide = startReadSide(t.db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  owner = await t.registerUser('homeowner');
  tenant = await t.registerUser('tenant');
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

const listingForm = async (title: string, rent: number, bedrooms: number) => {
  const f = new FormData();
  const values: Record<string, string> = {
    title,
    description: 'Bright flat near the Forum mall, covered parking, balcony and lift.',
    propertyType: 'flat',
    rent: String(rent),
    rentType: 'monthly',
    'location[city]': 'Bengaluru',
    'location[area]': 'Koramangala',
    'location[pinCode]': '560034',
    'location[address]': '7th Block, 80 Feet Road',
    facilities: JSON.stringify({ parking: true }),
    propertyDetails: JSON.stringify({
      bedrooms,
      bathrooms: 1,
      area: 650,
      floor: 1,
      totalFloors: 4,
    }),
  };
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  f.append('images', new File([await samplePhoto({ width: 600, height: 400 })], 'hall.jpg'));
  return f;
};

describe('a tenant finds what an owner just listed', () => {
  it('reads its own write at once, and search finds it by city, locality, type, rent and bedrooms', async () => {
    const created = await t.request<{ property: PropertyDocument }>('POST', '/api/properties', {
      token: owner.token,
      form: await listingForm('Airy 2 BHK in Koramangala', 24000, 2),
    });
    expect(created.status).toBe(201);
    const id = created.body.property._id;
    await t.request('POST', '/api/properties', {
      token: owner.token,
      form: await listingForm('Big 3 BHK', 60000, 3),
    });

    // Read-your-writes: no waiting in the test; the endpoint waits for the read model itself.
    const mine = await t.request<{ properties: PropertyDocument[] }>(
      'GET',
      '/api/properties/my-properties',
      {
        token: owner.token,
      },
    );
    expect(mine.body.properties.map((p) => p._id)).toContain(id);
    const one = await t.request<{ property: PropertyDocument }>('GET', `/api/properties/${id}`, {
      token: owner.token,
    });
    expect(one.body.property).toMatchObject({ _id: id, rent: 24000 });

    await readSide.caughtUp();
    await propertyServices(t.deps).localities.refresh();
    const query =
      'city=bangalore&area=Koramangla&propertyType=flat&minRent=20000&maxRent=30000&bedrooms=2';
    const found = await t.request<{ properties: PropertyDocument[]; totalCount: number }>(
      'GET',
      `/api/properties?${query}`,
      {
        token: tenant.token,
      },
    );
    expect(found.status).toBe(200);
    expect(found.body.totalCount).toBe(1);
    expect(found.body.properties[0]).toMatchObject({
      _id: id,
      rent: 24000,
      location: { city: 'Bengaluru', area: 'Koramangala' },
    });

    // In the tenant's own words and script: the place in Devanagari, the most they pay in Hindi.
    const said = await t.request<{ properties: PropertyDocument[]; totalCount: number }>(
      'GET',
      `/api/properties?q=${encodeURIComponent('कोरमंगला 2 BHK 25 हज़ार तक')}`,
      { token: tenant.token },
    );
    expect(said.status).toBe(200);
    expect(said.body.properties.map((p) => p._id)).toEqual([id]);
    const dearer = await t.request<{ properties: PropertyDocument[] }>(
      'GET',
      `/api/properties?q=${encodeURIComponent('ಕೋರಮಂಗಲ 3 BHK under 1 lakh')}`,
      { token: tenant.token },
    );
    expect(dearer.body.properties.map((p) => p.rent).sort()).toEqual([24000, 60000]);

    const visitor = await t.request<{ properties: Record<string, unknown>[] }>(
      'GET',
      '/api/properties/public?city=Bengaluru',
    );
    expect(visitor.body.properties.map((p) => p._id)).toContain(id);
    expect(JSON.stringify(visitor.body)).not.toMatch(/24000|80 Feet|560034|"area"|"rent"/);
  });
});
