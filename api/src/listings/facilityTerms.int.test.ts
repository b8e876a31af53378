import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { listingStreamId } from '@rentals/core/listings/events';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { startReadSide } from '@rentals/testing/readSide';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';

type PropertyBody = { property: PropertyDocument };

let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let owner: TestUser;
const index = `listings_f_${randomBytes(4).toString('hex')}`;

const create = (facilities: Record<string, boolean>, tenancy?: Record<string, string>) =>
  t.request<PropertyBody>('POST', '/api/properties', {
    token: owner.token,
    form: listingForm({
      ...LISTING_FORM,
      facilities: JSON.stringify(facilities),
      ...(tenancy ? { tenancy: JSON.stringify(tenancy) } : {}),
    }),
  });

/** The listing as the read model serves it, once the projections caught up. */
const served = async (id: string) => {
  await readSide.caughtUp();
  const res = await t.request<PropertyBody>('GET', `/api/properties/${id}`, {
    token: owner.token,
  });
  return res.body.property;
};

/** The facilities the listing's events recorded, in order. */
const recordedFacilities = async (id: string) =>
  (
    await t.db.sql<{ facilities: Record<string, boolean> | null }[]>`
      SELECT data -> 'facilities' AS facilities FROM events
      WHERE stream_id = ${listingStreamId(id)} ORDER BY stream_version`
  ).map((r) => r.facilities);

beforeAll(async () => {
  t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index } },
  });
  owner = await t.registerUser('homeowner');
  readSide = startReadSide(t.db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

describe('facility flags and tenancy terms over HTTP (one concept, one field)', () => {
  it('turns a ticked flag with no term into the smallest term, and records only the term', async () => {
    const res = await create({ wifi: true, furnished: true, petFriendly: true });
    expect(res.status).toBe(201);
    const { property } = res.body;
    expect(property.tenancy).toEqual({ furnishing: 'semi-furnished', petsAllowed: true });
    expect(property.facilities).toMatchObject({
      wifi: true,
      furnished: true,
      petFriendly: true,
      parking: false,
    });
    const [created] = await recordedFacilities(property._id);
    expect(created).not.toHaveProperty('furnished');
    expect(created).not.toHaveProperty('petFriendly');
    expect(created).not.toHaveProperty('parking');
    expect(await served(property._id)).toMatchObject({
      facilities: property.facilities,
      tenancy: property.tenancy,
    });
  });

  it('lets a given term win over a flag that says otherwise', async () => {
    const res = await create(
      { furnished: true, parking: false, petFriendly: true },
      { furnishing: 'unfurnished', parking: 'car', petsAllowed: 'false' },
    );
    expect(res.status).toBe(201);
    const { property } = res.body;
    expect(property.tenancy).toEqual({
      furnishing: 'unfurnished',
      parking: 'car',
      petsAllowed: false,
    });
    expect(property.facilities).toMatchObject({
      furnished: false,
      parking: true,
      petFriendly: false,
    });
    expect((await served(property._id)).facilities).toEqual(property.facilities);
  });

  it('changes the flag with its term on an edit, in the response and the read model', async () => {
    const { property } = (await create({ wifi: true })).body;
    expect(property.facilities.furnished).toBe(false);
    expect(property).not.toHaveProperty('tenancy');
    const edited = await t.request<PropertyBody>('PUT', `/api/properties/${property._id}`, {
      token: owner.token,
      json: { tenancy: { furnishing: 'fully-furnished', parking: 'none' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.property.facilities).toMatchObject({
      wifi: true,
      furnished: true,
      parking: false,
    });
    const read = await served(property._id);
    expect(read.facilities).toEqual(edited.body.property.facilities);
    expect(read.tenancy).toEqual({ furnishing: 'fully-furnished', parking: 'none' });
    // An edit of the other flags keeps the three the terms say.
    const gym = await t.request<PropertyBody>('PUT', `/api/properties/${property._id}`, {
      token: owner.token,
      json: { facilities: { gym: true } },
    });
    expect(gym.body.property.facilities).toMatchObject({ gym: true, furnished: true });
    expect((await served(property._id)).facilities).toEqual(gym.body.property.facilities);
  });
});
