import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiriesAt } from '@rentals/testing/expirySweep';
import { listingForm } from '@rentals/testing/listingForm';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { messages } from '@rentals/core/listings/decide';
import { listingPageStatus } from '../web/listingStatus.ts';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await testApp();
  owner = await t.registerUser('homeowner', { name: 'Kavya Rao' });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;
type One = { property: PropertyDocument };
type Mine = { properties: PropertyDocument[] };

const create = async () => {
  const res = await t.request<One>('POST', '/api/properties', {
    token: owner.token,
    form: listingForm(),
  });
  expect(res.status).toBe(201);
  return res.body.property;
};
const confirm = (id: string) =>
  t.request<One & { message?: string }>('PATCH', `/api/properties/${id}/confirm-available`, {
    token: owner.token,
  });
const mine = async (id: string) => {
  const res = await t.request<Mine>('GET', '/api/properties/my-properties', { token: owner.token });
  return res.body.properties.find((p) => p._id === id);
};

describe("'Still available', expiry and renew through the API", () => {
  it('confirms: lastConfirmedAt moves to now, the listing stays listed', async () => {
    const listing = await create();
    expect(listing.lastConfirmedAt).toBe(listing.createdAt);
    t.clock.advance(3 * DAY);
    const res = await confirm(listing._id);
    expect(res.status).toBe(200);
    expect(res.body.property).toMatchObject({ isAvailable: true, isExpired: false });
    expect(Date.parse(res.body.property.lastConfirmedAt)).toBeGreaterThan(
      Date.parse(listing.lastConfirmedAt),
    );
  });

  it('expires on day 30 (Expired in My Properties), and Renew lists it again', async () => {
    const listing = await create();
    const result = await sweepExpiriesAt(t.db.sql, new Date(t.clock().getTime() + 30 * DAY));
    expect(result.failures).toBe(0);
    expect(await mine(listing._id)).toMatchObject({ isAvailable: false, isExpired: true });
    // The visitor page of an expired listing answers 410 (gone), not 404.
    const page = `/browse/${listing._id}`;
    expect(await listingPageStatus(t.deps.eventStore, page)).toBe(410);
    const renewed = await confirm(listing._id);
    expect(renewed.status).toBe(200);
    expect(renewed.body.property).toMatchObject({ isAvailable: true, isExpired: false });
    expect(await listingPageStatus(t.deps.eventStore, page)).toBeUndefined();
  });

  it('refuses to confirm a listing its owner delisted (409) and a stranger (403)', async () => {
    const listing = await create();
    const stranger = await t.registerUser('homeowner');
    const theirs = await t.request('PATCH', `/api/properties/${listing._id}/confirm-available`, {
      token: stranger.token,
    });
    expect(theirs.status).toBe(403);
    await t.request('PATCH', `/api/properties/${listing._id}/toggle-availability`, {
      token: owner.token,
    });
    const res = await confirm(listing._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.confirmDelisted);
  });
});
