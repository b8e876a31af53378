import { describe, expect, it } from 'vitest';
import { sweepExpiriesAt } from '@rentals/testing/expirySweep';
import { listingForm } from '@rentals/testing/listingForm';
import { testAppWithUsers } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { messages } from '@rentals/core/listings/decide';
import { listingPageStatus } from '../web/listingStatus.ts';

const s = testAppWithUsers({ owner: { role: 'homeowner', name: 'Kavya Rao' } });

const DAY = 24 * 60 * 60_000;
type One = { property: PropertyDocument };
type Mine = { properties: PropertyDocument[] };

const create = async () => {
  const res = await s.t.request<One>('POST', '/api/properties', {
    token: s.owner.token,
    form: listingForm(),
  });
  expect(res.status).toBe(201);
  return res.body.property;
};
const confirm = (id: string) =>
  s.t.request<One & { message?: string }>('PATCH', `/api/properties/${id}/confirm-available`, {
    token: s.owner.token,
  });
const mine = async (id: string) => {
  const res = await s.t.request<Mine>('GET', '/api/properties/my-properties', {
    token: s.owner.token,
  });
  return res.body.properties.find((p) => p._id === id);
};

describe("'Still available', expiry and renew through the API", () => {
  it('confirms: lastConfirmedAt moves to now, the listing stays listed', async () => {
    const listing = await create();
    expect(listing.lastConfirmedAt).toBe(listing.createdAt);
    s.t.clock.advance(3 * DAY);
    const res = await confirm(listing._id);
    expect(res.status).toBe(200);
    expect(res.body.property).toMatchObject({ isAvailable: true, isExpired: false });
    expect(Date.parse(res.body.property.lastConfirmedAt)).toBeGreaterThan(
      Date.parse(listing.lastConfirmedAt),
    );
  });

  it('expires on day 30 (Expired in My Properties), and Renew lists it again', async () => {
    const listing = await create();
    const result = await sweepExpiriesAt(s.t.db.sql, new Date(s.t.clock().getTime() + 30 * DAY));
    expect(result.failures).toBe(0);
    expect(await mine(listing._id)).toMatchObject({ isAvailable: false, isExpired: true });
    // The visitor page of an expired listing answers 410 (gone), not 404.
    const page = `/browse/${listing._id}`;
    expect(await listingPageStatus(s.t.deps.eventStore, page)).toBe(410);
    const renewed = await confirm(listing._id);
    expect(renewed.status).toBe(200);
    expect(renewed.body.property).toMatchObject({ isAvailable: true, isExpired: false });
    expect(await listingPageStatus(s.t.deps.eventStore, page)).toBeUndefined();
  });

  it('refuses to confirm a listing its owner delisted (409) and a stranger (403)', async () => {
    const listing = await create();
    const stranger = await s.t.registerUser('homeowner');
    const theirs = await s.t.request('PATCH', `/api/properties/${listing._id}/confirm-available`, {
      token: stranger.token,
    });
    expect(theirs.status).toBe(403);
    await s.t.request('PATCH', `/api/properties/${listing._id}/toggle-availability`, {
      token: s.owner.token,
    });
    const res = await confirm(listing._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.confirmDelisted);
  });
});
