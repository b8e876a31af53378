import { describe, expect, it } from 'vitest';
import { sweepExpiriesAt } from '@rentals/testing/expirySweep';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { openReadyStream, type SseEvent } from '@rentals/testing/conversations';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { testAppWithUsers } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import type { OwnerNotice } from '@rentals/core/contract/ownerNotice';

const s = testAppWithUsers({ owner: { role: 'homeowner', name: 'Kavya Rao' } });

const DAY = 24 * 60 * 60_000;

const create = async (title: string) => {
  const res = await s.t.request<{ property: PropertyDocument }>('POST', '/api/properties', {
    token: s.owner.token,
    form: listingForm({ ...LISTING_FORM, title }),
  });
  expect(res.status).toBe(201);
  return res.body.property;
};
const notices = async () =>
  (
    await s.t.request<{ notices: OwnerNotice[] }>('GET', '/api/reports/notices', {
      token: s.owner.token,
    })
  ).body.notices;
const noticeFor = (listingId: string) => (e: SseEvent) =>
  e.event === 'notice' && (e.data as { notice: OwnerNotice }).notice.listingId === listingId;

describe('the day-25 reminder as an owner notice', () => {
  it("reaches the owner's open live stream and their notices, and goes once confirmed", async () => {
    const listing = await create('Sunny 2BHK in Indiranagar');
    const stream = await openReadyStream(s.t, s.owner.token);

    const created = Date.parse(listing.lastConfirmedAt);
    const result = await sweepExpiriesAt(s.t.db.sql, new Date(created + 25 * DAY));
    expect(result.reminded).toBe(1);

    const expiresOn = new Date(created + 30 * DAY).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    const expected = {
      kind: 'expiry-reminder',
      listingId: listing._id,
      title: 'Sunny 2BHK in Indiranagar',
      reason: `Confirm in one click or it expires on ${expiresOn}.`,
    };
    const event = await stream.next(noticeFor(listing._id));
    expect((event.data as { notice: OwnerNotice }).notice).toMatchObject(expected);
    await stream.close();
    expect(await notices()).toContainEqual(expect.objectContaining(expected));

    const confirmed = await s.t.request(
      'PATCH',
      `/api/properties/${listing._id}/confirm-available`,
      {
        token: s.owner.token,
      },
    );
    expect(confirmed.status).toBe(200);
    await catchUpReadModels(s.t.db.sql);
    expect((await notices()).filter((n) => n.listingId === listing._id)).toEqual([]);
  });

  it('goes when the listing expires (My Properties shows Expired with Renew instead)', async () => {
    const listing = await create('Quiet 1BHK in Jayanagar');
    const created = Date.parse(listing.lastConfirmedAt);
    await sweepExpiriesAt(s.t.db.sql, new Date(created + 25 * DAY));
    expect((await notices()).map((n) => n.listingId)).toContain(listing._id);
    await sweepExpiriesAt(s.t.db.sql, new Date(created + 30 * DAY));
    expect((await notices()).map((n) => n.listingId)).not.toContain(listing._id);
  });
});
