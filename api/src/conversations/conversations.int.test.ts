import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HIDDEN_PHONE } from '@rentals/core/conversations/contactMask';
import { conversationMessages } from '@rentals/core/conversations/decide';
import { listingOf } from '@rentals/testing/conversations';
import { testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import type { PresentedConversation, PresentedMessage } from './present.ts';

type Sent = { conversation: PresentedConversation; message: PresentedMessage };
type Inbox = { conversations: PresentedConversation[]; unread: number };
type Thread = {
  conversation: PresentedConversation;
  messages: PresentedMessage[];
  hasMore: boolean;
};

const s = testAppWithUsers(
  { owner: { role: 'homeowner', name: 'Asha Rao' } },
  { readModels: true },
);

const start = (user: TestUser, listingId: string, body: string, messageId = randomUUID()) =>
  s.t.request<Sent>('POST', '/api/conversations', {
    token: user.token,
    json: { listingId, body, messageId },
  });
const send = (user: TestUser, id: string, body: string, messageId = randomUUID()) =>
  s.t.request<Sent>('POST', `/api/conversations/${id}/messages`, {
    token: user.token,
    json: { body, messageId },
  });
const inbox = (user: TestUser, archived = false) =>
  s.t.request<Inbox>('GET', `/api/conversations?archived=${archived}`, { token: user.token });
const thread = (user: TestUser, id: string, query = '') =>
  s.t.request<Thread>('GET', `/api/conversations/${id}/messages${query}`, { token: user.token });

describe('starting a conversation from a listing', () => {
  it('opens it with the first message; the owner sees it unread, with the listing and an enquiry', async () => {
    const tenant = await s.t.registerUser('tenant', { name: 'Ravi Kumar' });
    const listingId = await listingOf(s.t, s.owner.user._id, 'Airy 1BHK in Koramangala');
    const res = await start(tenant, listingId, '  Is it still available?  ');
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ seq: 1, mine: true, body: 'Is it still available?' });
    expect(res.body.conversation).toMatchObject({
      role: 'tenant',
      listing: { id: listingId, title: 'Airy 1BHK in Koramangala' },
      counterpart: { id: s.owner.user._id, name: 'Asha Rao' },
      unread: 0,
    });

    // Read-your-writes for the sender: the thread has it at once.
    const mine = await thread(tenant, res.body.conversation.id);
    expect(mine.body.messages.map((m) => m.body)).toEqual(['Is it still available?']);

    const theirs = await inbox(s.owner);
    const entry = theirs.body.conversations.find((c) => c.id === res.body.conversation.id);
    expect(entry).toMatchObject({
      role: 'owner',
      unread: 1,
      counterpart: { name: 'Ravi Kumar' },
      lastMessage: { body: 'Is it still available?', mine: false },
    });
    expect(entry?.lastUnreadAt).toBe(res.body.message.sentAt);
    const unread = await s.t.request<{ unread: number }>('GET', '/api/conversations/unread', {
      token: s.owner.token,
    });
    expect(unread.body.unread).toBeGreaterThanOrEqual(1);
    const enquiries = await s.t.request<{ listings: { listingId: string; enquiries: number }[] }>(
      'GET',
      '/api/conversations/enquiries',
      { token: s.owner.token },
    );
    expect(enquiries.body.listings).toContainEqual(
      expect.objectContaining({ listingId, enquiries: 1 }),
    );
  });

  it('continues the same conversation when the tenant asks again, and records a retried send once', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const first = await start(tenant, listingId, 'Hello');
    const messageId = randomUUID();
    const again = await start(tenant, listingId, 'Hello again', messageId);
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(first.body.conversation.id);
    expect(again.body.message.seq).toBe(2);
    const retry = await start(tenant, listingId, 'Hello again', messageId);
    expect(retry.body.message).toEqual(again.body.message);
    const retried = await send(tenant, first.body.conversation.id, 'Hello again', messageId);
    expect(retried.status).toBe(201);
    expect(retried.body.message).toEqual(again.body.message);
    expect((await thread(tenant, first.body.conversation.id)).body.messages).toHaveLength(2);
  });

  it('refuses an owner messaging about their own property', async () => {
    const listingId = await listingOf(s.t, s.owner.user._id);
    const res = await start(s.owner, listingId, 'Me again');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: conversationMessages.ownListing });
  });

  it('answers 404 for a property that does not exist', async () => {
    const tenant = await s.t.registerUser('tenant');
    const res = await start(tenant, randomUUID(), 'Hello');
    expect(res.status).toBe(404);
  });
});

describe('contact protection', () => {
  it('hides the phone number in the tenant’s first messages from the owner until the owner replies', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const res = await start(tenant, listingId, 'Call me on 98765 43210');
    const id = res.body.conversation.id;
    expect(res.body.message).toMatchObject({ body: 'Call me on 98765 43210', masked: false });

    const masked = await thread(s.owner, id);
    expect(masked.body.messages[0]).toMatchObject({
      body: `Call me on ${HIDDEN_PHONE}`,
      masked: true,
    });
    expect(masked.body.conversation.lastMessage?.body).toBe(`Call me on ${HIDDEN_PHONE}`);

    await send(s.owner, id, 'Sure, calling you now');
    const shown = await thread(s.owner, id);
    expect(shown.body.messages[0]).toMatchObject({ body: 'Call me on 98765 43210', masked: false });
  });
});

describe('read marks, archive and block', () => {
  it('mark read clears the unread count and its time', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const { body } = await start(tenant, listingId, 'One');
    await send(tenant, body.conversation.id, 'Two');
    const read = await s.t.request<{ conversation: PresentedConversation }>(
      'POST',
      `/api/conversations/${body.conversation.id}/read`,
      { token: s.owner.token, json: { upToSeq: 1 } },
    );
    expect(read.status).toBe(200);
    expect(read.body.conversation).toMatchObject({ unread: 1, readSeq: 1 });
    const all = await s.t.request<{ conversation: PresentedConversation }>(
      'POST',
      `/api/conversations/${body.conversation.id}/read`,
      { token: s.owner.token, json: { upToSeq: 2 } },
    );
    expect(all.body.conversation).toMatchObject({ unread: 0, readSeq: 2, lastUnreadAt: null });
  });

  it('archive moves it to the archive for that participant only', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const { body } = await start(tenant, listingId, 'Archive me');
    const id = body.conversation.id;
    expect(
      (await s.t.request('POST', `/api/conversations/${id}/archive`, { token: tenant.token }))
        .status,
    ).toBe(200);
    expect((await inbox(tenant)).body.conversations.map((c) => c.id)).not.toContain(id);
    expect((await inbox(tenant, true)).body.conversations.map((c) => c.id)).toContain(id);
    expect((await inbox(s.owner)).body.conversations.map((c) => c.id)).toContain(id);
    await s.t.request('DELETE', `/api/conversations/${id}/archive`, { token: tenant.token });
    expect((await inbox(tenant)).body.conversations.map((c) => c.id)).toContain(id);
  });

  it('a blocked tenant cannot message again, not even by starting over from the listing', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const { body } = await start(tenant, listingId, 'Spam spam');
    const id = body.conversation.id;
    const blocked = await s.t.request<{ conversation: PresentedConversation }>(
      'POST',
      `/api/conversations/${id}/block`,
      { token: s.owner.token },
    );
    expect(blocked.body.conversation.blockedByMe).toBe(true);
    const refused = await send(tenant, id, 'Hello?');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: conversationMessages.blocked });
    expect((await start(tenant, listingId, 'Hello?')).status).toBe(403);
    expect((await send(s.owner, id, 'Oops')).body).toEqual({
      message: conversationMessages.youBlocked,
    });
    const theirs = await s.t.request<{ conversation: PresentedConversation }>(
      'GET',
      `/api/conversations/${id}`,
      {
        token: tenant.token,
      },
    );
    expect(theirs.body.conversation.blockedByThem).toBe(true);
    await s.t.request('DELETE', `/api/conversations/${id}/block`, { token: s.owner.token });
    expect((await send(tenant, id, 'Hello?')).status).toBe(201);
  });
});

describe('concurrent sends', () => {
  it('a burst from both sides in one conversation all lands, numbered without gaps', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const { body } = await start(tenant, listingId, 'start');
    const sends = Array.from({ length: 8 }, (_, i) =>
      send(i % 2 === 0 ? tenant : s.owner, body.conversation.id, `burst ${i}`),
    );
    expect((await Promise.all(sends)).map((r) => r.status)).toEqual(Array(8).fill(201));
    const all = await thread(tenant, body.conversation.id);
    expect(all.body.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('paging', () => {
  it('pages backwards through a thread', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const { body } = await start(tenant, listingId, 'm1');
    for (const text of ['m2', 'm3', 'm4']) await send(s.owner, body.conversation.id, text);
    const newest = await thread(tenant, body.conversation.id, '?limit=3');
    expect(newest.body.messages.map((m) => m.body)).toEqual(['m2', 'm3', 'm4']);
    expect(newest.body.hasMore).toBe(true);
    const older = await thread(tenant, body.conversation.id, '?limit=3&before=2');
    expect(older.body.messages.map((m) => m.body)).toEqual(['m1']);
    expect(older.body.hasMore).toBe(false);
  });
});
