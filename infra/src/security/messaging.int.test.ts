import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_EMAIL, HIDDEN_PHONE } from '@rentals/core/conversations/contactMask';
import { messageBodyMessages } from '@rentals/core/conversations/messageBody';
import { listingOf, runReadModels } from '@rentals/testing/conversations';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';

/**
 * Attacks on messaging: another user's conversation (IDOR), bodies that are
 * too big, malformed or hostile, and the per-user limits. The limits are
 * small here (the product's are 20 a day and 20 a minute).
 */
const LIMITS = { startsPerDay: 2, messagesPerMinute: 4 };

let t: TestApp;
let readModels: ReturnType<typeof runReadModels>;
let owner: TestUser;
let tenant: TestUser;
let intruder: TestUser;
let conversationId: string;
let listingId: string;

beforeAll(async () => {
  t = await testApp({ deps: { conversationLimits: LIMITS } });
  readModels = runReadModels(t.db.sql);
  owner = await t.registerUser('homeowner');
  tenant = await t.registerUser('tenant');
  intruder = await t.registerUser('broker');
  listingId = await listingOf(t, owner.user._id);
  const res = await t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
    token: tenant.token,
    json: { listingId, body: 'Private question', messageId: randomUUID() },
  });
  conversationId = res.body.conversation.id;
});
afterAll(async () => {
  await readModels.stop();
  await t.close();
});

describe('a third user cannot reach someone else’s conversation', () => {
  const attempts: [string, string, unknown?][] = [
    ['GET', ''],
    ['GET', '/messages'],
    ['POST', '/messages', { body: 'hi', messageId: 'm-x' }],
    ['POST', '/read', { upToSeq: 1 }],
    ['POST', '/archive'],
    ['DELETE', '/archive'],
    ['POST', '/block'],
    ['DELETE', '/block'],
  ];
  it.each(attempts)(
    '%s /api/conversations/:id%s → 404, and nothing changes',
    async (method, suffix, json) => {
      const res = await t.request(method, `/api/conversations/${conversationId}${suffix}`, {
        token: intruder.token,
        json,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Conversation not found' });
      const thread = await t.request<{
        messages: unknown[];
        conversation: { blockedByThem: boolean };
      }>('GET', `/api/conversations/${conversationId}/messages`, { token: tenant.token });
      expect(thread.body.messages).toHaveLength(1);
      expect(thread.body.conversation.blockedByThem).toBe(false);
    },
  );

  it('an admin is no participant either', async () => {
    const admin = await t.registerUser('admin');
    const res = await t.request('GET', `/api/conversations/${conversationId}/messages`, {
      token: admin.token,
    });
    expect(res.status).toBe(404);
  });

  it('the intruder’s inbox stays empty', async () => {
    const res = await t.request<{ conversations: unknown[] }>('GET', '/api/conversations', {
      token: intruder.token,
    });
    expect(res.body.conversations).toEqual([]);
  });
});

describe('bad bodies get clear 4xx answers, never a 500', () => {
  const post = (json: unknown) =>
    t.request<{ message: string; errors?: { path: string; msg: string }[] }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { token: tenant.token, json },
    );
  it.each([
    ['empty', '   ', messageBodyMessages.required],
    ['too long', 'a'.repeat(2001), messageBodyMessages.tooLong],
    ['a control character', 'hi\u0000there', messageBodyMessages.control],
  ])('%s message → 400 on body', async (_name, body, msg) => {
    const res = await post({ body, messageId: randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'body', msg });
  });
  it('a body far past the bound is refused by the schema', async () => {
    const res = await post({ body: 'x'.repeat(50_000), messageId: randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('body');
  });
  it.each([
    ['no messageId', { body: 'hi' }],
    ['a messageId with slashes', { body: 'hi', messageId: '../../etc' }],
    ['a number as body', { body: 42, messageId: 'm-1' }],
  ])('%s → 400', async (_name, json) => {
    expect((await post(json)).status).toBe(400);
  });
  it('a forged senderId is ignored: the message is the caller’s', async () => {
    const res = await t.request<{ message: { senderId: string } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      {
        token: tenant.token,
        json: { body: 'forged?', messageId: randomUUID(), senderId: owner.user._id },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.message.senderId).toBe(tenant.user._id);
  });
  it('malformed JSON → 400', async () => {
    const res = await t.request('POST', `/api/conversations/${conversationId}/messages`, {
      token: tenant.token,
      body: '{"body": "hi",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
  it('a conversation id that is no id → 404', async () => {
    const res = await t.request('GET', `/api/conversations/${'x'.repeat(300)}/messages`, {
      token: tenant.token,
    });
    expect(res.status).toBe(404);
  });
  it('a read mark that is not a message number → 400', async () => {
    const res = await t.request('POST', `/api/conversations/${conversationId}/read`, {
      token: owner.token,
      json: { upToSeq: -1 },
    });
    expect(res.status).toBe(400);
  });
  it('a page size past its bound → 400', async () => {
    const res = await t.request('GET', `/api/conversations/${conversationId}/messages?limit=5000`, {
      token: owner.token,
    });
    expect(res.status).toBe(400);
  });
});

describe('limits', () => {
  it('a user starts at most the stated number of new conversations a day', async () => {
    const spammer = await t.registerUser('tenant');
    const start = async () =>
      t.request<{ message: string }>('POST', '/api/conversations', {
        token: spammer.token,
        json: {
          listingId: await listingOf(t, owner.user._id),
          body: 'hi',
          messageId: randomUUID(),
        },
      });
    expect((await start()).status).toBe(201);
    expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /at most 2 new conversations a day\. Try again in \d+ hours?\./,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a user sends at most the stated number of messages a minute; a retry of a sent one is free', async () => {
    const chatty = await t.registerUser('tenant');
    listingId = await listingOf(t, owner.user._id);
    const first = await t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
      token: chatty.token,
      json: { listingId, body: 'one', messageId: 'first-message' },
    });
    const id = first.body.conversation.id;
    const send = (body: string, messageId: string = randomUUID()) =>
      t.request<{ message: string }>('POST', `/api/conversations/${id}/messages`, {
        token: chatty.token,
        json: { body, messageId },
      });
    for (const body of ['two', 'three', 'four']) expect((await send(body)).status).toBe(201);
    const refused = await send('five');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /too fast \(at most 4 a minute\)\. Try again in \d+ (seconds?|minute)\./,
    );
    // The same message again is a retry, not a new message: answered, not counted.
    expect((await send('one', 'first-message')).status).toBe(201);
    t.clock.advance(61_000);
    expect((await send('five')).status).toBe(201);
  });
});

describe('the contact mask cannot be slipped past', () => {
  type Thread = { messages: { body: string; masked: boolean }[] };
  type Inbox = { conversations: { id: string; lastMessage: { body: string } | null }[] };
  const start = async (sender: TestUser, body: string) =>
    (
      await t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
        token: sender.token,
        json: { listingId, body, messageId: randomUUID() },
      })
    ).body.conversation.id;
  const send = (sender: TestUser, id: string, body: string) =>
    t.request('POST', `/api/conversations/${id}/messages`, {
      token: sender.token,
      json: { body, messageId: randomUUID() },
    });
  const thread = async (reader: TestUser, id: string) =>
    (await t.request<Thread>('GET', `/api/conversations/${id}/messages`, { token: reader.token }))
      .body.messages;

  const disguised: [string, string][] = [
    ['Devanagari digits', '९८७६५४३२१०'],
    ['full-width digits', '９８７６５４３２１０'],
    ['an underscore', '98765_43210'],
    ['a slash', '98765/43210'],
    ['zero-width spaces', '98765\u200b43210'],
    ['(at) and (dot)', 'ravi (at) example (dot) com'],
    ['a full-width at sign', 'ravi＠example.com'],
  ];
  it.each(disguised)(
    'a number or address written with %s is hidden from the owner until they reply',
    async (_, contact) => {
      const sender = await t.registerUser('tenant');
      const id = await start(sender, `Reach me: ${contact}`);
      const hidden = `Reach me: ${contact.includes('example') ? HIDDEN_EMAIL : HIDDEN_PHONE}`;
      expect(await thread(owner, id)).toEqual([
        expect.objectContaining({ body: hidden, masked: true }),
      ]);
      expect((await thread(sender, id))[0]!.body).toBe(`Reach me: ${contact}`);
    },
  );

  it('a number split over two messages is hidden in the thread, the inbox and the conversation', async () => {
    const sender = await t.registerUser('tenant');
    const id = await start(sender, 'My number is 98765');
    expect((await send(sender, id, '43210')).status).toBe(201);
    expect((await thread(owner, id)).map((m) => m.body)).toEqual([
      `My number is ${HIDDEN_PHONE}`,
      HIDDEN_PHONE,
    ]);
    const inbox = await t.request<Inbox>('GET', '/api/conversations', { token: owner.token });
    expect(inbox.body.conversations.find((c) => c.id === id)?.lastMessage?.body).toBe(HIDDEN_PHONE);
    const one = await t.request<{ conversation: { lastMessage: { body: string } } }>(
      'GET',
      `/api/conversations/${id}`,
      { token: owner.token },
    );
    expect(one.body.conversation.lastMessage.body).toBe(HIDDEN_PHONE);

    expect((await send(owner, id, 'Sure, call me')).status).toBe(201);
    expect((await thread(owner, id)).map((m) => m.body).slice(0, 2)).toEqual([
      'My number is 98765',
      '43210',
    ]);
  });
});
