import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@rentals/api/app';
import { SESSION_ENDED } from '@rentals/api/conversations/liveHub';
import { HIDDEN_EMAIL, HIDDEN_PHONE } from '@rentals/core/conversations/contactMask';
import { messageBodyMessages } from '@rentals/core/conversations/messageBody';
import { MESSAGE_TEXT_ERROR } from '@rentals/api/conversations/model';
import { createSql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import {
  listingOf,
  openReadyStream,
  openStream,
  type SseEvent,
} from '@rentals/testing/conversations';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import {
  TEST_CLIENT_IP_HEADER,
  testAppWithUsers,
  type TestApp,
  type TestUser,
} from '@rentals/testing/testApp';

/**
 * Attacks on messaging: another user's conversation (IDOR), bodies that are
 * too big, malformed or hostile, and the per-user limits. The limits are
 * small here (the product's are 20 a day and 20 a minute).
 */
const LIMITS = { startsPerDay: 2, messagesPerMinute: 4 };

const s = testAppWithUsers(
  { owner: 'homeowner', tenant: 'tenant', intruder: 'broker' },
  { deps: { conversationLimits: LIMITS }, readModels: true },
);
let conversationId: string;
let listingId: string;

beforeAll(async () => {
  listingId = await listingOf(s.t, s.owner.user._id);
  const res = await s.t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
    token: s.tenant.token,
    json: { listingId, body: 'Private question', messageId: randomUUID() },
  });
  conversationId = res.body.conversation.id;
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
      const res = await s.t.request(method, `/api/conversations/${conversationId}${suffix}`, {
        token: s.intruder.token,
        json,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Conversation not found' });
      const thread = await s.t.request<{
        messages: unknown[];
        conversation: { blockedByThem: boolean };
      }>('GET', `/api/conversations/${conversationId}/messages`, { token: s.tenant.token });
      expect(thread.body.messages).toHaveLength(1);
      expect(thread.body.conversation.blockedByThem).toBe(false);
    },
  );

  it('an admin is no participant either', async () => {
    const admin = await s.t.registerUser('admin');
    const res = await s.t.request('GET', `/api/conversations/${conversationId}/messages`, {
      token: admin.token,
    });
    expect(res.status).toBe(404);
  });

  it('the intruder’s inbox stays empty', async () => {
    const res = await s.t.request<{ conversations: unknown[] }>('GET', '/api/conversations', {
      token: s.intruder.token,
    });
    expect(res.body.conversations).toEqual([]);
  });
});

describe('bad bodies get clear 4xx answers, never a 500', () => {
  const post = (json: unknown) =>
    s.t.request<{ message: string; errors?: { path: string; msg: string }[] }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { token: s.tenant.token, json },
    );
  it.each([
    ['empty', '   ', messageBodyMessages.required],
    ['too long', 'a'.repeat(2001), messageBodyMessages.tooLong],
    // Refused by the request's schema (the text helper) before the domain's own check.
    ['a control character', 'hi\u0000there', MESSAGE_TEXT_ERROR],
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
    const res = await s.t.request<{ message: { senderId: string } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      {
        token: s.tenant.token,
        json: { body: 'forged?', messageId: randomUUID(), senderId: s.owner.user._id },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.message.senderId).toBe(s.tenant.user._id);
  });
  it('malformed JSON → 400', async () => {
    const res = await s.t.request('POST', `/api/conversations/${conversationId}/messages`, {
      token: s.tenant.token,
      body: '{"body": "hi",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
  it('a conversation id that is no id → 404', async () => {
    const res = await s.t.request('GET', `/api/conversations/${'x'.repeat(300)}/messages`, {
      token: s.tenant.token,
    });
    expect(res.status).toBe(404);
  });
  it('a read mark that is not a message number → 400', async () => {
    const res = await s.t.request('POST', `/api/conversations/${conversationId}/read`, {
      token: s.owner.token,
      json: { upToSeq: -1 },
    });
    expect(res.status).toBe(400);
  });
  it('a page size past its bound → 400', async () => {
    const res = await s.t.request(
      'GET',
      `/api/conversations/${conversationId}/messages?limit=5000`,
      {
        token: s.owner.token,
      },
    );
    expect(res.status).toBe(400);
  });
});

describe('limits', () => {
  it('a user starts at most the stated number of new conversations a day', async () => {
    const spammer = await s.t.registerUser('tenant');
    const start = async () =>
      s.t.request<{ message: string }>('POST', '/api/conversations', {
        token: spammer.token,
        json: {
          listingId: await listingOf(s.t, s.owner.user._id),
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
    const chatty = await s.t.registerUser('tenant');
    listingId = await listingOf(s.t, s.owner.user._id);
    const first = await s.t.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        token: chatty.token,
        json: { listingId, body: 'one', messageId: 'first-message' },
      },
    );
    const id = first.body.conversation.id;
    const send = (body: string, messageId: string = randomUUID()) =>
      s.t.request<{ message: string }>('POST', `/api/conversations/${id}/messages`, {
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
    s.t.clock.advance(61_000);
    expect((await send('five')).status).toBe(201);
  });
});

describe('a live stream ends with its session, on every web process', () => {
  // A second web process: its own pool, so its own LISTEN connections and streams; the same database.
  let secondSql: ReturnType<typeof createSql>;
  let second: Pick<TestApp, 'app'>;
  const mail = mailbox();
  let address = 0;
  const from = () => ({ [TEST_CLIENT_IP_HEADER]: `203.0.113.${++address}` });

  beforeAll(() => {
    secondSql = createSql(s.t.db.url, { max: 4 });
    second = {
      app: buildApp({ ...s.t.deps, sql: secondSql, eventStore: createEventStore(secondSql) }),
    };
  });
  afterAll(() => secondSql.end({ timeout: 1 }));

  /** The token's stream on each process, each past its 'ready'. */
  const streamsOf = async (token: string) => {
    const streams = [await openStream(s.t, token), await openStream(second, token)];
    for (const s of streams) await s.nextOf('ready');
    return streams;
  };
  /** The very next event is 'closed' saying the session ended, and then the stream is over. */
  const expectEnded = async (streams: Awaited<ReturnType<typeof streamsOf>>) => {
    for (const s of streams) {
      const next: SseEvent = await s.next();
      expect(next).toMatchObject({ event: 'closed', data: { message: SESSION_ENDED } });
      await expect(s.next()).rejects.toThrow('the stream ended');
    }
  };
  const signIn = async (user: TestUser) => {
    const res = await s.t.request<{ token: string }>('POST', '/api/auth/login', {
      json: { email: user.email, password: user.password },
      headers: from(),
    });
    expect(res.status).toBe(200);
    return res.body.token;
  };

  it('a logout ends that token’s streams on both processes; the same user’s other session keeps its own', async () => {
    const victim = await s.t.registerUser('tenant');
    const other = await signIn(victim);
    const listingId = await listingOf(s.t, s.owner.user._id);
    const started = await s.t.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        token: victim.token,
        json: { listingId, body: 'Is it free?', messageId: randomUUID() },
      },
    );
    const loggedOut = await streamsOf(victim.token);
    const kept = await streamsOf(other);
    // Logged out through the second process: the first process's stream ends too.
    const res = await second.app.handle(
      new Request('http://localhost/api/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${victim.token}` },
      }),
    );
    expect(res.status).toBe(200);
    await expectEnded(loggedOut);
    await s.t.request('POST', `/api/conversations/${started.body.conversation.id}/messages`, {
      token: s.owner.token,
      json: { body: 'Yes, still free', messageId: randomUUID() },
    });
    for (const s of kept) {
      const event = await s.nextOf('message');
      expect((event.data as { message: { body: string } }).message.body).toBe('Yes, still free');
      await s.close();
    }
  });

  it('a logout everywhere ends every stream of the user on both processes', async () => {
    const victim = await s.t.registerUser('tenant');
    const streams = [
      ...(await streamsOf(victim.token)),
      ...(await streamsOf(await signIn(victim))),
    ];
    const res = await s.t.request('POST', '/api/auth/logout-all', { token: victim.token });
    expect(res.status).toBe(200);
    await expectEnded(streams);
  });

  it('a password change ends every stream opened before it', async () => {
    const victim = await s.t.registerUser('homeowner');
    const streams = [
      ...(await streamsOf(victim.token)),
      ...(await streamsOf(await signIn(victim))),
    ];
    const res = await s.t.request<{ token: string }>('POST', '/api/auth/change-password', {
      token: victim.token,
      json: { currentPassword: victim.password, newPassword: 'a-brand-new-password' },
      headers: from(),
    });
    expect(res.status).toBe(200);
    await expectEnded(streams);
    // The token the change handed back opens a stream as usual.
    const fresh = await openReadyStream(s.t, res.body.token);
    await fresh.close();
  });

  it('a password reset ends every stream of the account', async () => {
    const victim = await s.t.registerUser('tenant');
    const streams = await streamsOf(victim.token);
    const link = 'http://rentals.test/reset-password?token=';
    expect(
      (
        await s.t.request('POST', '/api/auth/forgot-password', {
          json: { email: victim.email },
          headers: from(),
        })
      ).status,
    ).toBe(200);
    const token = decodeURIComponent(
      linkIn(await mail.next(victim.email), link).slice(link.length),
    );
    const res = await s.t.request('POST', '/api/auth/reset-password', {
      json: { token, newPassword: 'reset-to-this-one' },
      headers: from(),
    });
    expect(res.status).toBe(200);
    await expectEnded(streams);
  });

  it('an admin’s suspension ends every stream of the suspended owner', async () => {
    const suspect = await s.t.registerUser('homeowner');
    const admin = await s.t.registerUser('admin');
    const listingId = await listingOf(s.t, suspect.user._id);
    const streams = [
      ...(await streamsOf(suspect.token)),
      ...(await streamsOf(await signIn(suspect))),
    ];
    const reported = await s.t.request('POST', '/api/reports', {
      token: s.tenant.token,
      json: { listingId, reason: 'Fake or scam' },
    });
    expect(reported.status).toBe(201);
    const res = await s.t.request('POST', `/api/reports/listings/${listingId}/review`, {
      token: admin.token,
      json: { action: 'suspendOwner', reason: 'Fake listings' },
    });
    expect(res.status).toBe(200);
    await expectEnded(streams);
  });
});

describe('the contact mask cannot be slipped past', () => {
  type Thread = { messages: { body: string; masked: boolean }[] };
  type Inbox = { conversations: { id: string; lastMessage: { body: string } | null }[] };
  const start = async (sender: TestUser, body: string) =>
    (
      await s.t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
        token: sender.token,
        json: { listingId, body, messageId: randomUUID() },
      })
    ).body.conversation.id;
  const send = (sender: TestUser, id: string, body: string) =>
    s.t.request('POST', `/api/conversations/${id}/messages`, {
      token: sender.token,
      json: { body, messageId: randomUUID() },
    });
  const thread = async (reader: TestUser, id: string) =>
    (await s.t.request<Thread>('GET', `/api/conversations/${id}/messages`, { token: reader.token }))
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
      const sender = await s.t.registerUser('tenant');
      const id = await start(sender, `Reach me: ${contact}`);
      const hidden = `Reach me: ${contact.includes('example') ? HIDDEN_EMAIL : HIDDEN_PHONE}`;
      expect(await thread(s.owner, id)).toEqual([
        expect.objectContaining({ body: hidden, masked: true }),
      ]);
      expect((await thread(sender, id))[0]!.body).toBe(`Reach me: ${contact}`);
    },
  );

  it('a number split over two messages is hidden in the thread, the inbox and the conversation', async () => {
    const sender = await s.t.registerUser('tenant');
    const id = await start(sender, 'My number is 98765');
    expect((await send(sender, id, '43210')).status).toBe(201);
    expect((await thread(s.owner, id)).map((m) => m.body)).toEqual([
      `My number is ${HIDDEN_PHONE}`,
      HIDDEN_PHONE,
    ]);
    const inbox = await s.t.request<Inbox>('GET', '/api/conversations', { token: s.owner.token });
    expect(inbox.body.conversations.find((c) => c.id === id)?.lastMessage?.body).toBe(HIDDEN_PHONE);
    const one = await s.t.request<{ conversation: { lastMessage: { body: string } } }>(
      'GET',
      `/api/conversations/${id}`,
      { token: s.owner.token },
    );
    expect(one.body.conversation.lastMessage.body).toBe(HIDDEN_PHONE);

    expect((await send(s.owner, id, 'Sure, call me')).status).toBe(201);
    expect((await thread(s.owner, id)).map((m) => m.body).slice(0, 2)).toEqual([
      'My number is 98765',
      '43210',
    ]);
  });
});
