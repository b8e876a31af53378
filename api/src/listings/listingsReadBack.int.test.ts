import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { samplePhoto } from '../media/samplePhotos.ts';
import { temporaryMedia } from '@rentals/testing/temporaryMedia';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';

/**
 * The product's loop end to end on real Postgres: a homeowner's writes through
 * /api/properties become events, the read-model projections build from them,
 * and the read endpoints return what the write responses returned.
 */
let t: TestApp;
const disk = temporaryMedia('listings-readback-');
let owner: TestUser;

beforeAll(async () => {
  t = await testApp({ deps: { media: disk.store } });
  owner = await t.registerUser('homeowner', { name: 'Meera Iyer' });
});
afterAll(async () => {
  await t.close();
});

const catchUp = () => catchUpReadModels(t.db.sql);

const form = async () => {
  const f = new FormData();
  const values: Record<string, string> = {
    title: 'Airy 1 BHK in Koramangala',
    description: 'First floor flat near Forum mall with covered parking and a balcony.',
    propertyType: 'flat',
    rent: '21000',
    rentType: 'monthly',
    'location[city]': 'Bengaluru',
    'location[area]': 'Koramangala',
    'location[pinCode]': '560034',
    'location[address]': '7th Block, 80 Feet Road',
    'location[coordinates][latitude]': '12.9352',
    'location[coordinates][longitude]': '77.6245',
    facilities: JSON.stringify({ parking: true, balcony: true }),
    propertyDetails: JSON.stringify({
      bedrooms: 1,
      bathrooms: 1,
      area: 650,
      floor: 1,
      totalFloors: 4,
    }),
  };
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  f.append(
    'images',
    new File([await samplePhoto({ width: 900, height: 600, label: 'Hall' })], 'hall.jpg'),
  );
  return f;
};

type One = { property: PropertyDocument };
type Mine = { properties: PropertyDocument[] };

describe('write, project, read', () => {
  it('a created listing reads back as the document the create returned', async () => {
    const created = await t.request<One>('POST', '/api/properties', {
      token: owner.token,
      form: await form(),
    });
    expect(created.status).toBe(201);
    await catchUp();
    const id = created.body.property._id;
    const read = await t.request<One>('GET', `/api/properties/${id}`, { token: owner.token });
    expect(read.status).toBe(200);
    const { views: _v1, ...written } = created.body.property;
    const { views: _v2, ...stored } = read.body.property;
    expect(stored).toMatchObject(written);

    const mine = await t.request<Mine>('GET', '/api/properties/my-properties', {
      token: owner.token,
    });
    expect(mine.body.properties.map((p) => p._id)).toContain(id);

    const toggled = await t.request<One>('PATCH', `/api/properties/${id}/toggle-availability`, {
      token: owner.token,
    });
    expect(toggled.body.property.isAvailable).toBe(false);
    await catchUp();
    const after = await t.request<One>('GET', `/api/properties/${id}`, { token: owner.token });
    expect(after.body.property.isAvailable).toBe(false);

    expect(
      (await t.request('DELETE', `/api/properties/${id}`, { token: owner.token })).status,
    ).toBe(200);
    await catchUp();
    expect((await t.request('GET', `/api/properties/${id}`, { token: owner.token })).status).toBe(
      404,
    );
  });
});
