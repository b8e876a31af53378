import { beforeAll, describe, expect, it } from 'vitest';
import { openReadyStream } from '@rentals/testing/conversations';
import {
  appendFixRequested,
  appendListingEvents,
  listingCreated,
  PLACES,
} from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';
import { notificationMessages } from './model.ts';

/**
 * The header's bell through the API on real Postgres: a saved search's new
 * match and an admin's notice to an owner are listed and counted, arrive
 * live on the stream as `notifications`, and marking read clears the count.
 */
const s = testAppWithUsers({ user: 'homeowner' }, { readModels: true });

type Bell = {
  unread: number;
  unreadMessages: number;
  items: {
    id: string;
    kind: string;
    text: string;
    search: string | null;
    title: string | null;
    link: string;
    at: string;
    read: boolean;
    searchId: string | null;
  }[];
};
type Errors = { message: string; errors?: { path: string; msg: string }[] };

const bell = async (token = s.user.token) => {
  await s.readModels.caughtUp();
  const res = await s.t.request<Bell>('GET', '/api/notifications', { token });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  // A homeowner who also saves searches: both kinds of notification reach one bell.
});

describe('the notification bell', () => {
  it('lists new matches and owner notices, live, and marking read clears the count', async () => {
    expect(await bell()).toEqual({ unread: 0, unreadMessages: 0, items: [] });
    const saved = await s.t.request('POST', '/api/saved-searches', {
      token: s.user.token,
      json: { name: 'Pune flats', filters: { city: 'Pune' }, alert: 'instant' },
    });
    expect(saved.status).toBe(201);
    await s.readModels.caughtUp();
    const stream = await openReadyStream(s.t, s.user.token);

    s.t.clock.advance(1000);
    const pune = { ...PLACES.baner };
    await appendListingEvents(s.t.deps.eventStore, 'bell-match', [
      listingCreated('bell-match', {
        at: s.t.clock().toISOString(),
        fields: { location: pune, title: 'Flat in Baner' },
      }),
    ]);
    expect((await stream.nextOf('notifications')).data).toEqual({ unread: 1 });

    s.t.clock.advance(1000);
    await appendListingEvents(
      s.t.deps.eventStore,
      'bell-own',
      [listingCreated('bell-own', { at: s.t.clock().toISOString(), ownerId: s.user.user._id })],
      s.user.user._id,
    );
    await appendFixRequested(s.t.deps.eventStore, {
      listingId: 'bell-own',
      ownerId: s.user.user._id,
      reason: 'The photos show another flat',
      at: new Date(s.t.clock().getTime() + 1000).toISOString(),
    });
    expect((await stream.nextOf('notifications')).data).toEqual({ unread: 2 });

    const listed = await bell();
    expect(listed.unread).toBe(2);
    expect(listed.items.map((i) => [i.kind, i.read])).toEqual([
      ['fix-requested', false],
      ['search-match', false],
    ]);
    expect(listed.items[0]!.text).toContain('The photos show another flat');
    // 'Please correct your listing' opens the listing's form, as its email does.
    expect(listed.items[0]!.link).toBe('/edit-property/bell-own');
    expect(listed.items[1]).toMatchObject({
      text: 'New match for “Pune flats”: Flat in Baner',
      // Its parts, for a client that says it in another language.
      search: 'Pune flats',
      title: 'Flat in Baner',
      link: '/properties/bell-match',
    });
    expect(listed.items[0]!.search).toBeNull();

    // Read up to the match only: the notice after it stays unread.
    const upTo = listed.items[1]!.at;
    const partly = await s.t.request<Bell>('POST', '/api/notifications/read', {
      token: s.user.token,
      json: { upTo },
    });
    expect(partly.status).toBe(200);
    expect(partly.body.unread).toBe(1);
    expect((await stream.nextOf('notifications')).data).toEqual({ unread: 1 });
    s.t.clock.advance(5000);
    const all = await s.t.request<Bell>('POST', '/api/notifications/read', { token: s.user.token });
    expect(all.body.unread).toBe(0);
    expect(all.body.items.every((i) => i.read)).toBe(true);
    await stream.close();
    // Another user's bell is their own.
    const other = await s.t.registerUser('tenant');
    expect((await bell(other.token)).items).toEqual([]);
  });

  it('opening one notification reads that one alone, once, and only for its user', async () => {
    for (const id of ['bell-open-1', 'bell-open-2']) {
      s.t.clock.advance(1000);
      await appendListingEvents(s.t.deps.eventStore, id, [
        listingCreated(id, {
          at: s.t.clock().toISOString(),
          fields: { location: { ...PLACES.baner }, title: `Flat ${id}` },
        }),
      ]);
    }
    const before = await bell();
    expect(before.unread).toBe(2);
    const [newer, older] = before.items;
    expect(older!.searchId).toEqual(expect.any(String));
    expect(before.items.find((i) => i.kind === 'fix-requested')!.searchId).toBeNull();

    const open = (id: string, token = s.user.token) =>
      s.t.request<Bell>('POST', '/api/notifications/read', { token, json: { id } });
    const opened = await open(older!.id);
    expect(opened.status).toBe(200);
    expect(opened.body.unread).toBe(1);
    expect(opened.body.items.find((i) => i.id === older!.id)!.read).toBe(true);
    expect(opened.body.items.find((i) => i.id === newer!.id)!.read).toBe(false);
    expect((await open(older!.id)).body.unread).toBe(1);

    // Someone else 'opening' my notification's id reads nothing of mine.
    const other = await s.t.registerUser('tenant');
    expect((await open(newer!.id, other.token)).status).toBe(200);
    expect((await bell()).unread).toBe(1);
  });

  it('bad input is a 400 naming the field; visitors get 401', async () => {
    const markRead = (json: unknown) =>
      s.t.request<Errors>('POST', '/api/notifications/read', { token: s.user.token, json });
    for (const id of ['match-1', 'other-1', 'notice-', 5, `notice-${'x'.repeat(200)}`]) {
      const res = await markRead({ id });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'id', msg: notificationMessages.id }]);
    }
    const both = await markRead({ id: 'match-1-2', upTo: '2026-11-24T10:00:00.000Z' });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ path: 'id', msg: notificationMessages.both }]);
    for (const upTo of ['yesterday', '2026-02-31T10:00:00Z', 5, 'x'.repeat(40)]) {
      const res = await markRead({ upTo });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'upTo', msg: notificationMessages.upTo }]);
    }
    const extra = await markRead({ userId: 'someone-else' });
    expect(extra.status).toBe(400);
    for (const limit of ['0', '51', 'many']) {
      const res = await s.t.request<Errors>('GET', `/api/notifications?limit=${limit}`, {
        token: s.user.token,
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(notificationMessages.limit);
    }
    expect((await s.t.request('GET', '/api/notifications')).status).toBe(401);
    expect((await s.t.request('POST', '/api/notifications/read')).status).toBe(401);
  });
});
