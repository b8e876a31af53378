// Security checklist: the notification bell. Attacks: reading or clearing another user's notifications
// (IDOR: both routes act on the caller's own bell; user ids smuggled in the query, body or headers are
// ignored or refused; opening another user's notification by its id reads only the caller's own),
// malformed and oversized input (bounded limit, a time that must be one, an id of the bell's shape, no
// unknown fields), and flooding the event log with read marks (rate limit; a mark that does not move
// and an item opened again record nothing).
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages, NOTIFICATIONS_READ_LIMIT } from '@rentals/api/notifications/model';
import { notificationsStreamId } from '@rentals/core/notifications/events';
import { catchUpReadModels } from '@rentals/testing/readSide';
import {
  appendFixRequested,
  appendListingEvents,
  listingCreated,
} from '@rentals/testing/listingFixtures';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER } from '@rentals/testing/testApp';

const s = testAppWithUsers({ alice: 'homeowner', mallory: 'tenant' });

type Errors = { message: string; errors?: { path: string; msg: string }[] };
type Bell = { unread: number; items: { id: string; text: string }[] };

beforeAll(async () => {
  await appendListingEvents(
    s.t.deps.eventStore,
    'sec-bell',
    [listingCreated('sec-bell', { ownerId: s.alice.user._id, at: s.t.clock().toISOString() })],
    s.alice.user._id,
  );
  await appendFixRequested(s.t.deps.eventStore, {
    listingId: 'sec-bell',
    ownerId: s.alice.user._id,
    reason: 'Alice’s private notice',
    at: s.t.clock().toISOString(),
  });
  await catchUpReadModels(s.t.db.sql);
});

const aliceBell = async () => {
  await catchUpReadModels(s.t.db.sql);
  return (await s.t.request<Bell>('GET', '/api/notifications', { token: s.alice.token })).body;
};

describe('notifications: another user’s', () => {
  it('cannot be read by naming the user anywhere', async () => {
    const res = await s.t.request<Bell>(
      'GET',
      `/api/notifications?userId=${s.alice.user._id}&user_id=${s.alice.user._id}`,
      { token: s.mallory.token, headers: { 'x-user-id': s.alice.user._id } },
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('private notice');
    expect((await aliceBell()).unread).toBe(1);
  });

  /** Alice's notice is still unread and nothing was written to her notifications. */
  const expectAliceUntouched = async () => {
    expect((await aliceBell()).unread).toBe(1);
    const { events } = await s.t.deps.eventStore.readStream(
      notificationsStreamId(s.alice.user._id),
    );
    expect(events).toEqual([]);
  };

  it('cannot be marked read: a smuggled user id is refused, and the mark is the caller’s own', async () => {
    const smuggled = await s.t.request<Errors>('POST', '/api/notifications/read', {
      token: s.mallory.token,
      json: { userId: s.alice.user._id },
    });
    expect(smuggled.status).toBe(400);
    const own = await s.t.request('POST', `/api/notifications/read?userId=${s.alice.user._id}`, {
      token: s.mallory.token,
      headers: { 'x-user-id': s.alice.user._id },
    });
    expect(own.status).toBe(200);
    await expectAliceUntouched();
  });

  it('cannot be opened by its id: the id is read on the caller’s own bell only', async () => {
    const [notice] = (await aliceBell()).items;
    const opened = await s.t.request('POST', '/api/notifications/read', {
      token: s.mallory.token,
      json: { id: notice!.id },
    });
    expect(opened.status).toBe(200);
    await expectAliceUntouched();
  });

  it('is not there for visitors or bad tokens', async () => {
    expect((await s.t.request('GET', '/api/notifications')).status).toBe(401);
    expect((await s.t.request('GET', '/api/notifications', { token: 'x.y.z' })).status).toBe(401);
    expect((await s.t.request('POST', '/api/notifications/read', { token: 'x.y.z' })).status).toBe(
      401,
    );
  });
});

describe('notifications: input', () => {
  it('refuses times that are not times, oversized values, other shapes and other content types', async () => {
    for (const json of [
      { upTo: `2026-11-24T10:00:00.000Z${'0'.repeat(5000)}` },
      { upTo: "2026-11-24T10:00:00Z'; DROP TABLE events; --" },
      { upTo: '+275760-09-13T00:00:00.000Z' },
      { upTo: ['2026-11-24T10:00:00Z'] },
      { id: `notice-${'a'.repeat(5000)}` },
      { id: "match-1-1'; DROP TABLE notification_opened; --" },
      { id: 'notice-\u0000' },
      { id: ['match-1-1'] },
      { id: 'match-1-1', upTo: '2026-11-24T10:00:00Z' },
      [],
      'text',
    ]) {
      const res = await s.t.request<Errors>('POST', '/api/notifications/read', {
        token: s.mallory.token,
        json,
      });
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
    }
    const form = await s.t.request('POST', '/api/notifications/read', {
      token: s.mallory.token,
      body: 'upTo=now',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    for (const limit of ['-1', '1e9', '999999999999999999999', "1'"])
      expect(
        (await s.t.request('GET', `/api/notifications?limit=${limit}`, { token: s.mallory.token }))
          .status,
        limit,
      ).toBe(400);
  });
});

describe('notifications: flooding', () => {
  it(`marking read is limited to ${NOTIFICATIONS_READ_LIMIT.perSubject} a minute per account, and a mark that does not move records nothing`, async () => {
    const user = await s.t.registerUser('tenant');
    const headers = { [TEST_CLIENT_IP_HEADER]: '203.0.113.78' };
    // The same mark over and over (the bell showed the same newest notification).
    const upTo = s.t.clock().toISOString();
    const mark = () =>
      s.t.request('POST', '/api/notifications/read', {
        token: user.token,
        headers,
        json: { upTo },
      });
    expect((await mark()).status).toBe(200);
    // Applied, so the answers that follow need not wait for the read model.
    await catchUpReadModels(s.t.db.sql);
    for (let i = 1; i < NOTIFICATIONS_READ_LIMIT.perSubject; i++)
      expect((await mark()).status).toBe(200);
    // One mark recorded, however many requests.
    const { events } = await s.t.deps.eventStore.readStream(notificationsStreamId(user.user._id));
    expect(events).toHaveLength(1);
    const over = await s.t.request<Errors>('POST', '/api/notifications/read', {
      token: user.token,
      headers,
      json: { upTo },
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(notificationMessages.tooMany);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('opening the same notification again records nothing', async () => {
    const user = await s.t.registerUser('tenant');
    const open = () =>
      s.t.request('POST', '/api/notifications/read', {
        token: user.token,
        headers: { [TEST_CLIENT_IP_HEADER]: '203.0.113.79' },
        json: { id: 'match-1-1' },
      });
    for (let i = 0; i < 5; i++) expect((await open()).status).toBe(200);
    const { events } = await s.t.deps.eventStore.readStream(notificationsStreamId(user.user._id));
    expect(events).toHaveLength(1);
  });
});
