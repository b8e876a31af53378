import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { testAppWithUsers } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import type { OwnerSummary } from '@rentals/projections/queries/ownerSummary';

/**
 * Read-your-writes with the projections stopped: the read models are caught
 * up once, then every write below is left unapplied, as when the projections
 * process is down or lags by more than the 2 s a read waits.
 */
type PropertyBody = { property: PropertyDocument };
type MyProperties = { properties: PropertyDocument[]; summary: OwnerSummary };

const s = testAppWithUsers({ owner: 'homeowner', tenant: 'tenant' });

beforeAll(async () => {
  await s.t.request('POST', '/api/properties', {
    token: s.owner.token,
    form: listingForm({ ...LISTING_FORM, title: 'An older flat in Baner' }),
  });
  await catchUpReadModels(s.t.db.sql);
});

const detail = (id: string, token: string) =>
  s.t.request<PropertyBody>('GET', `/api/properties/${id}`, { token });
const myProperties = () =>
  s.t.request<MyProperties>('GET', '/api/properties/my-properties', { token: s.owner.token });

describe('an owner sees their own acknowledged writes while the projections are stopped', () => {
  let id: string;
  let created: PropertyDocument;

  it('a new listing: its detail and My Properties (first, counted in the summary)', async () => {
    const before = await myProperties();
    expect(before.body.properties).toHaveLength(1);
    const res = await s.t.request<PropertyBody>('POST', '/api/properties', {
      token: s.owner.token,
      form: listingForm({ ...LISTING_FORM, title: 'A new flat in Aundh' }),
    });
    expect(res.status).toBe(201);
    created = res.body.property;
    id = created._id;

    const seen = await detail(id, s.owner.token);
    expect(seen.status).toBe(200);
    expect(seen.body.property).toEqual(created);

    const mine = await myProperties();
    expect(mine.body.properties.map((p) => p.title)).toEqual([
      'A new flat in Aundh',
      'An older flat in Baner',
    ]);
    expect(mine.body.summary).toMatchObject({
      total: before.body.summary.total + 1,
      listed: before.body.summary.listed + 1,
    });
  });

  it('someone else does not get the owner’s view of it: the read model has not shown it yet', async () => {
    expect((await detail(id, s.tenant.token)).status).toBe(404);
  });

  it('an edit and a delisting: the detail and My Properties show them', async () => {
    const edit = await s.t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: s.owner.token,
      json: { title: 'A new flat in Aundh, now with a balcony', rent: 26000 },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const delist = await s.t.request<PropertyBody>(
      'PATCH',
      `/api/properties/${id}/toggle-availability`,
      { token: s.owner.token },
    );
    expect(delist.status).toBe(200);

    const seen = await detail(id, s.owner.token);
    expect(seen.body.property).toMatchObject({
      title: 'A new flat in Aundh, now with a balcony',
      rent: 26000,
      isAvailable: false,
    });
    expect(seen.body.property).toEqual(delist.body.property);
    const mine = await myProperties();
    expect(mine.body.properties[0]).toEqual(delist.body.property);
    expect(mine.body.summary).toMatchObject({ total: 2, listed: 1, delisted: 1 });
  });

  it('once the read models catch up they answer the same documents', async () => {
    const folded = (await detail(id, s.owner.token)).body.property;
    const foldedList = (await myProperties()).body;
    await catchUpReadModels(s.t.db.sql);
    expect((await detail(id, s.owner.token)).body.property).toEqual(folded);
    expect((await myProperties()).body).toEqual(foldedList);
  });

  it('a deletion: gone from the detail and My Properties at once', async () => {
    const res = await s.t.request('DELETE', `/api/properties/${id}`, { token: s.owner.token });
    expect(res.status).toBe(200);
    expect((await detail(id, s.owner.token)).status).toBe(404);
    const mine = await myProperties();
    expect(mine.body.properties.map((p) => p._id)).not.toContain(id);
    expect(mine.body.summary).toMatchObject({ total: 1, listed: 1, delisted: 0 });
  });
});
