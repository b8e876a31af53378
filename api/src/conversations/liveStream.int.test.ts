import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { MAX_STREAMS_PER_USER, REPLACED } from './liveHub.ts';
import { createSql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { HIDDEN_PHONE } from '@rentals/core/conversations/contactMask';
import {
  listingOf,
  openReadyStream,
  openStream,
  type SseEvent,
} from '@rentals/testing/conversations';
import { testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import { FEED_KEPT_PER_USER, INBOX_CHANNEL } from '@rentals/projections/queries/conversations';
import type { PresentedMessage } from './present.ts';

type Sent = { conversation: { id: string }; message: PresentedMessage };
type Data = { conversationId: string; message: PresentedMessage | null; unread: number };

const s = testAppWithUsers({ owner: 'homeowner' }, { readModels: true });

const start = (user: TestUser, listingId: string, body: string) =>
  s.t.request<Sent>('POST', '/api/conversations', {
    token: user.token,
    json: { listingId, body, messageId: randomUUID() },
  });
/** A new tenant starts a conversation on the owner's listing with `first`. */
const newTenantWrites = async (first: string) => {
  const tenant = await s.t.registerUser('tenant');
  const listingId = await listingOf(s.t, s.owner.user._id);
  const { body } = await start(tenant, listingId, first);
  return { tenant, body };
};
const send = (user: TestUser, id: string, body: string) =>
  s.t.request<Sent>('POST', `/api/conversations/${id}/messages`, {
    token: user.token,
    json: { body, messageId: randomUUID() },
  });
const data = (e: SseEvent) => e.data as Data;
const messageEvent = (body: string) => (e: SseEvent) =>
  e.event === 'message' && data(e).message?.body === body;

describe('the live stream', () => {
  it('refuses a visitor', async () => {
    const res = await s.t.app.handle(new Request('http://localhost/api/conversations/stream'));
    expect(res.status).toBe(401);
  });

  it('delivers a message another user sends, as the receiver may see it, with the unread total', async () => {
    const tenant = await s.t.registerUser('tenant');
    const listingId = await listingOf(s.t, s.owner.user._id);
    const stream = await openStream(s.t, s.owner.token);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    const before = (ready.data as { unread: number }).unread;

    await start(tenant, listingId, 'Call 9876543210 please');
    const event = await stream.next(messageEvent(`Call ${HIDDEN_PHONE} please`));
    expect(event.id).toMatch(/^\d+\.\d+$/);
    expect(data(event)).toMatchObject({
      unread: before + 1,
      message: { masked: true, mine: false },
    });
    await stream.close();
  });

  it('hides the end of a number whose start came in the sender’s earlier message', async () => {
    const { tenant, body } = await newTenantWrites('My number is 98765');
    const stream = await openReadyStream(s.t, s.owner.token);
    await send(tenant, body.conversation.id, '43210');
    const event = await stream.next(
      (e) =>
        e.event === 'message' &&
        data(e).conversationId === body.conversation.id &&
        data(e).message?.seq === 2,
    );
    expect(data(event).message).toMatchObject({ body: HIDDEN_PHONE, masked: true });
    expect(event.data).toMatchObject({ conversation: { lastMessage: { body: HIDDEN_PHONE } } });
    await stream.close();
  });

  it('resumes after a disconnect with Last-Event-ID and gets every event it missed, in order', async () => {
    const { tenant, body } = await newTenantWrites('first');
    const stream = await openReadyStream(s.t, tenant.token);
    await send(s.owner, body.conversation.id, 'reply one');
    const seen = await stream.next(messageEvent('reply one'));
    await stream.close();

    // Sent while the tenant is away.
    await send(s.owner, body.conversation.id, 'reply two');
    await send(s.owner, body.conversation.id, 'reply three');

    const resumed = await openStream(s.t, tenant.token, seen.id);
    const two = await resumed.nextOf('message');
    const three = await resumed.nextOf('message');
    expect([data(two).message?.body, data(three).message?.body]).toEqual([
      'reply two',
      'reply three',
    ]);
    expect(new Set([seen.id, two.id, three.id]).size).toBe(3);
    expect(two.id).toMatch(/^\d+\.\d+$/);
    await resumed.close();
  });

  it('is delivered by two web processes on one database: each LISTENs and wakes its own streams', async () => {
    // A second app with its own connection pool (and so its own LISTEN connection), same database.
    const sql = createSql(s.t.db.url, { max: 4 });
    const second = buildApp({ ...s.t.deps, sql, eventStore: createEventStore(sql) });
    try {
      const { tenant, body } = await newTenantWrites('hello from app one');
      const ownerOnSecond = await openStream({ app: second }, s.owner.token);
      const tenantOnFirst = await openStream(s.t, tenant.token);
      await ownerOnSecond.nextOf('ready');
      await tenantOnFirst.nextOf('ready');

      const reply = await second.handle(
        new Request(`http://localhost/api/conversations/${body.conversation.id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body: 'reply via app two', messageId: randomUUID() }),
        }),
      );
      expect(reply.status).toBe(201);
      await tenantOnFirst.next(messageEvent('reply via app two'));
      await send(tenant, body.conversation.id, 'back via app one');
      await ownerOnSecond.next(messageEvent('back via app one'));
      await ownerOnSecond.close();
      await tenantOnFirst.close();
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('keeps at most the stated number of streams per user: a newer one ends the oldest', async () => {
    const user = await s.t.registerUser('tenant');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await openReadyStream(s.t, user.token);
      streams.push(stream);
    }
    const newest = await openReadyStream(s.t, user.token);
    const closed = await streams[0]!.next((e) => e.event === 'closed');
    expect((closed.data as { message: string }).message).toBe(REPLACED);
    await expect(streams[0]!.next()).rejects.toThrow('the stream ended');
    for (const s of [...streams.slice(1), newest]) await s.close();
  });

  it('counts the streams of every web process: one more on another process ends the oldest here', async () => {
    const sql = createSql(s.t.db.url, { max: 4 });
    const second = buildApp({ ...s.t.deps, sql, eventStore: createEventStore(sql) });
    try {
      const user = await s.t.registerUser('tenant');
      // A row of a process that died a while ago (never marked alive since) is not counted.
      await s.t.db.sql`INSERT INTO live_streams (stream_id, user_id, opened_at, seen_at)
        VALUES (${randomUUID()}, ${user.user._id}, now() - interval '10 minutes', now() - interval '5 minutes')`;
      const streams = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        const stream = await openReadyStream(s.t, user.token);
        streams.push(stream);
      }
      const onSecond = await openReadyStream({ app: second }, user.token);
      const closed = await streams[0]!.next((e) => e.event === 'closed');
      expect((closed.data as { message: string }).message).toBe(REPLACED);
      await expect(streams[0]!.next()).rejects.toThrow('the stream ended');
      // The rest stay open: the limit, across both processes.
      const [row] = await s.t.db.sql<{ open: number }[]>`
        SELECT count(*)::int AS open FROM live_streams
        WHERE user_id = ${user.user._id} AND seen_at > now() - interval '1 minute'`;
      expect(row!.open).toBe(MAX_STREAMS_PER_USER);
      for (const s of [...streams.slice(1), onSecond]) await s.close();
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('keeps a bounded feed per user, and tells a client back from before it to reload', async () => {
    const tenant = await s.t.registerUser('tenant');
    const landlord = await s.t.registerUser('homeowner');
    const listingId = await listingOf(s.t, landlord.user._id);
    const { body } = await start(tenant, listingId, 'a long story');
    const id = body.conversation.id;
    // A long history, as if from earlier transactions: more than the feed keeps.
    await s.t.db
      .sql`INSERT INTO inbox_feed (user_id, transaction_id, position, conversation_id, kind)
      SELECT ${tenant.user._id}, '1'::xid8, n, ${id}, 'read' FROM generate_series(1, ${FEED_KEPT_PER_USER + 100}) n`;
    // Enough appends that one lands on a pruning position.
    for (let i = 0; i < 10; i++) {
      await send(tenant, id, `tenant ${i}`);
      await send(landlord, id, `owner ${i}`);
    }
    await s.readModels.caughtUp();
    const [feed] = await s.t.db.sql<{ rows: number; oldest: boolean }[]>`
      SELECT count(*)::int AS rows, bool_or(transaction_id = '1'::xid8 AND position = 1) AS oldest
      FROM inbox_feed WHERE user_id = ${tenant.user._id}`;
    expect(feed!.oldest).toBe(false);
    expect(feed!.rows).toBeLessThanOrEqual(FEED_KEPT_PER_USER + 21);

    const back = await openStream(s.t, tenant.token, '1.1');
    const first = await back.next((e) => e.event !== 'ready');
    expect(first.event).toBe('reset');
    expect(first.id).toMatch(/^\d+\.\d+$/);
    await back.close();
  });

  it('reads only the feed when a message wakes it; the bell’s own wake reads the bell', async () => {
    const listingId = await listingOf(s.t, s.owner.user._id);
    const stream = await openReadyStream(s.t, s.owner.token);
    const tenant = await s.t.registerUser('tenant');
    const { body } = await start(tenant, listingId, 'first of two');
    // Once the first message is here, the stream's opening read of everything is over.
    await stream.next(messageEvent('first of two'));
    // A notice that no wake announced (the projections announce theirs on INBOX_CHANNEL alone).
    const noticeId = `silent/${randomUUID()}`;
    await s.t.db.sql`INSERT INTO owner_notices (id, user_id, kind, listing_id, reason, at)
      VALUES (${noticeId}, ${s.owner.user._id}, 'fix-requested', ${listingId}, 'Add photos', now())`;
    await send(tenant, body.conversation.id, 'second of two');
    const before: SseEvent[] = [];
    await stream.next((e) => (before.push(e), messageEvent('second of two')(e)));
    expect(before.map((e) => e.event)).not.toContain('notice');

    await s.t.db.sql`SELECT pg_notify(${INBOX_CHANNEL}, ${s.owner.user._id})`;
    const notice = await stream.next((e) => e.event === 'notice');
    expect(notice.data).toMatchObject({ notice: { id: noticeId, kind: 'fix-requested' } });
    await stream.close();
  });

  it('tells the reader’s other tabs when they read, so every badge drops', async () => {
    const { body } = await newTenantWrites('unread one');
    const stream = await openReadyStream(s.t, s.owner.token);
    await s.t.request('POST', `/api/conversations/${body.conversation.id}/read`, {
      token: s.owner.token,
      json: { upToSeq: 1 },
    });
    const read = await stream.next(
      (e) => e.event === 'read' && data(e).conversationId === body.conversation.id,
    );
    const unread = await s.t.request<{ unread: number }>('GET', '/api/conversations/unread', {
      token: s.owner.token,
    });
    expect(data(read).unread).toBe(unread.body.unread);
    await stream.close();
  });
});
