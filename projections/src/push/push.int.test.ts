import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { vapidKeysFor } from '@rentals/core/push/vapidKeys';
import { QUIET_FROM_MINUTE, indiaMinuteOfDay } from '@rentals/core/push/quietHours';
import { listingOf } from '@rentals/testing/conversations';
import {
  appendFixRequested,
  appendListingEvents,
  listingCreated,
  PLACES,
} from '@rentals/testing/listingFixtures';
import { startPushService, type BrowserSubscription } from '@rentals/testing/pushService';
import { testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import { visitCalls } from '@rentals/testing/visits';
import { NOTIFY_AT_MOST_EVERY_MS } from '../messageNotifications/notifier.ts';
import { INSTANT_EVERY_MS } from '../alerts/alertMailer.ts';
import { PUSH_AFTER_MS } from './messagePushes.ts';
import { pushOnce } from './pushNotifier.ts';
import { createPushSender, type PushPayload } from './sender.ts';

/**
 * The whole push path, real: the API keeps a browser's subscription, the
 * read models count a message unread or match a listing, the sender
 * encrypts and signs a push, and a local push service checks the VAPID JWT
 * and decrypts the payload with the subscriber's private key (RFC 8291), as
 * a browser would. The sender and the API share the test clock.
 */
const service = await startPushService();
const s = testAppWithUsers(
  {},
  { readModels: true, deps: { push: { endpointAllowlist: [service.origin] } } },
);
afterAll(() => service.close());

const SUBJECT = 'mailto:push@rentals.test';
const round = async () => {
  await s.readModels.caughtUp();
  const sql = s.t.db.sql;
  const vapidKeys = await vapidKeysFor(sql, undefined, s.t.clock());
  const send = createPushSender({ sql, vapidKeys, subject: SUBJECT, clock: s.t.clock });
  return pushOnce({ sql, subject: SUBJECT, clock: s.t.clock, send });
};

/** Moves the test clock on to the next `minute` of the day in India (the sender's quiet hours are India's). */
const advanceToIndia = (minute: number) => {
  const now = indiaMinuteOfDay(s.t.clock());
  s.t.clock.advance(((minute - now + 1440) % 1440 || 1440) * 60_000);
};
const NOON = 12 * 60;

const subscribe = async (user: TestUser): Promise<BrowserSubscription> => {
  const subscription = service.subscribe();
  const res = await s.t.request('POST', '/api/push/subscriptions', {
    token: user.token,
    json: { ...subscription, expirationTime: null },
  });
  expect(res.status).toBe(201);
  return subscription;
};
const settings = async (user: TestUser, json: object) => {
  const res = await s.t.request('PUT', '/api/auth/profile', { token: user.token, json });
  expect(res.status).toBe(200);
};
const parties = async () => {
  const owner = await s.t.registerUser('homeowner', { name: 'Asha Rao' });
  const tenant = await s.t.registerUser('tenant', { name: 'Ravi Kumar' });
  const listingId = await listingOf(s.t, owner.user._id, 'Airy 1BHK in Koramangala');
  return { owner, tenant, listingId };
};
const write = async (from: TestUser, to: { listingId?: string; conversationId?: string }) => {
  const path = to.conversationId
    ? `/api/conversations/${to.conversationId}/messages`
    : '/api/conversations';
  const res = await s.t.request<{ conversation?: { id: string } }>('POST', path, {
    token: from.token,
    json: { listingId: to.listingId, body: 'Is the flat still free?', messageId: randomUUID() },
  });
  expect(res.status).toBe(201);
  return res.body.conversation?.id ?? to.conversationId!;
};
const payloads = (subscription: BrowserSubscription) =>
  service.pushesTo(subscription.endpoint).map((p) => p.payload);

describe('push for a new message', () => {
  it('arrives encrypted and signed, in the recipient language, with where a tap leads', async () => {
    advanceToIndia(NOON);
    const { owner, tenant, listingId } = await parties();
    const phone = await subscribe(owner);
    const id = await write(tenant, { listingId });
    await round();
    expect(payloads(phone)).toEqual([]); // not before the message waited PUSH_AFTER_MS

    s.t.clock.advance(PUSH_AFTER_MS);
    expect(await round()).toEqual({ sent: 1, gone: 0, failed: 0 });
    const [push] = service.pushesTo(phone.endpoint);
    expect(push!.payload).toEqual({
      title: 'New message from Ravi Kumar',
      body: 'About “Airy 1BHK in Koramangala”. Open to read and reply.',
      url: `/messages?c=${encodeURIComponent(id)}`,
    });
    expect(push!.claims.sub).toBe(SUBJECT);
    expect(push!.ttl).toBe('86400');
    expect(service.problems).toEqual([]);

    await settings(owner, { language: 'hi' });
    const other = await s.t.registerUser('tenant', { name: 'Meena' });
    await write(other, { listingId });
    s.t.clock.advance(PUSH_AFTER_MS);
    await round();
    expect(payloads(phone)[1]).toMatchObject({ title: 'Meena का नया मैसेज' });
  });

  it('comes at most once per conversation an hour, as the email', async () => {
    advanceToIndia(NOON);
    const { owner, tenant, listingId } = await parties();
    const phone = await subscribe(owner);
    const id = await write(tenant, { listingId });
    s.t.clock.advance(PUSH_AFTER_MS);
    await round();
    await write(tenant, { conversationId: id });
    s.t.clock.advance(PUSH_AFTER_MS);
    await round();
    expect(payloads(phone)).toHaveLength(1);

    // The hour over, the message that came meanwhile gets its push; then nothing more without a newer one.
    s.t.clock.advance(NOTIFY_AT_MOST_EVERY_MS);
    await round();
    expect(payloads(phone)).toHaveLength(2);
    s.t.clock.advance(NOTIFY_AT_MOST_EVERY_MS);
    await round();
    expect(payloads(phone)).toHaveLength(2);
  });

  it('does not come when the channel is off', async () => {
    advanceToIndia(NOON);
    const { owner, tenant, listingId } = await parties();
    const phone = await subscribe(owner);
    await settings(owner, { push: { messages: false } });
    await write(tenant, { listingId });
    s.t.clock.advance(PUSH_AFTER_MS);
    await round();
    expect(payloads(phone)).toEqual([]);
  });

  it('waits through quiet hours (22:00–07:00 India time), unless they are turned off', async () => {
    advanceToIndia(QUIET_FROM_MINUTE + 30);
    const { owner, tenant, listingId } = await parties();
    const phone = await subscribe(owner);
    const night = await s.t.registerUser('homeowner');
    const nightPhone = await subscribe(night);
    await settings(night, { push: { quietHours: false } });
    const nightListing = await listingOf(s.t, night.user._id, 'Flat for night owls');
    await write(tenant, { listingId });
    await write(tenant, { listingId: nightListing });
    s.t.clock.advance(PUSH_AFTER_MS);
    await round();
    expect(payloads(phone)).toEqual([]);
    expect(payloads(nightPhone)).toHaveLength(1);

    advanceToIndia(7 * 60 + 30);
    await round();
    expect(payloads(phone)).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410), and /api/health counts it', async () => {
    advanceToIndia(NOON);
    const { owner, tenant, listingId } = await parties();
    const phone = await subscribe(owner);
    service.answer(phone.endpoint, 410);
    await write(tenant, { listingId });
    s.t.clock.advance(PUSH_AFTER_MS);
    expect(await round()).toEqual({ sent: 0, gone: 1, failed: 0 });
    const left = await s.t.db
      .sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${phone.endpoint}`;
    expect(left).toHaveLength(0);

    const health = await s.t.request<{
      push: { subscriptions: number; lastDay: Record<string, number> };
    }>('GET', '/api/health');
    expect(health.body.push.lastDay.gone).toBeGreaterThanOrEqual(1);
    expect(health.body.push.lastDay.sent).toBeGreaterThanOrEqual(1);
    expect(health.body.push.subscriptions).toBeGreaterThanOrEqual(1);
  });
});

describe('push for an instant saved-search alert', () => {
  it('names the search and the listing, at most once a search in 15 minutes', async () => {
    advanceToIndia(NOON);
    const tenant = await s.t.registerUser('tenant');
    const phone = await subscribe(tenant);
    const saved = await s.t.request('POST', '/api/saved-searches', {
      token: tenant.token,
      json: { name: 'Adyar homes', filters: { city: 'Chennai' }, alert: 'instant' },
    });
    expect(saved.status).toBe(201);
    const post = async (title: string) => {
      const id = `push-${randomUUID()}`;
      await appendListingEvents(s.t.deps.eventStore, id, [
        listingCreated(id, {
          at: s.t.clock().toISOString(),
          fields: { location: PLACES.adyar, title },
        }),
      ]);
      await round();
      return id;
    };
    const first = await post('Sea-facing flat in Adyar');
    const [alert] = payloads(phone) as PushPayload[];
    expect(alert!.title).toBe('New match for “Adyar homes”');
    expect(alert!.body).toMatch(/^Sea-facing flat in Adyar in .+, Chennai$/);
    expect(alert!.url).toBe(`/properties/${first}`);
    await post('Garden flat in Adyar');
    expect(payloads(phone)).toHaveLength(1);
    s.t.clock.advance(INSTANT_EVERY_MS);
    await post('Quiet house in Adyar');
    expect(payloads(phone)).toHaveLength(2);

    await settings(tenant, { push: { alerts: false } });
    s.t.clock.advance(INSTANT_EVERY_MS);
    await post('One more flat in Adyar');
    expect(payloads(phone)).toHaveLength(2);
    expect(service.problems).toEqual([]);
  });
});

describe('push for an owner notice', () => {
  it('tells the owner an admin asked for a fix, in their language, leading to the edit form; once', async () => {
    advanceToIndia(NOON);
    const owner = await s.t.registerUser('homeowner');
    const phone = await subscribe(owner);
    await settings(owner, { language: 'kn' });
    const listingId = await listingOf(s.t, owner.user._id, 'Sunny flat in Jayanagar');
    await appendFixRequested(s.t.deps.eventStore, {
      listingId,
      ownerId: owner.user._id,
      reason: 'Photos do not match',
      at: s.t.clock().toISOString(),
    });
    await round();
    await round();
    expect(payloads(phone)).toEqual([
      {
        title: 'ಅಡ್ಮಿನ್ ನಿಮ್ಮ ಲಿಸ್ಟಿಂಗ್‌ನ ವಿಮರ್ಶೆ ಮಾಡಿದ್ದಾರೆ',
        body: '“Sunny flat in Jayanagar”: ಮುಂದೇನು ಮಾಡಬೇಕು ಎಂದು ನೋಡಲು ತೆರೆಯಿರಿ.',
        url: `/edit-property/${encodeURIComponent(listingId)}`,
      },
    ]);
  });

  it('does not come when news about listings is off', async () => {
    advanceToIndia(NOON);
    const owner = await s.t.registerUser('homeowner');
    const phone = await subscribe(owner);
    await settings(owner, { push: { ownerNotices: false } });
    const listingId = await listingOf(s.t, owner.user._id, 'Flat in Indiranagar');
    await appendFixRequested(s.t.deps.eventStore, {
      listingId,
      ownerId: owner.user._id,
      reason: 'Wrong rent',
      at: s.t.clock().toISOString(),
    });
    await round();
    expect(payloads(phone)).toEqual([]);
  });
});

describe('push for a visit', () => {
  const visits = visitCalls(() => s.t);

  it('tells the owner of a booking and the tenant of a move, each in their language, leading to the conversation; once', async () => {
    advanceToIndia(NOON);
    const { owner, tenant, listingId, conversationId } = await visits.parties();
    const ownerPhone = await subscribe(owner);
    const tenantPhone = await subscribe(tenant);
    await settings(tenant, { language: 'hi' });
    const [first, , later] = await visits.freeSlots(tenant, listingId);
    const { visitId } = (await visits.book(tenant, conversationId, first!)).body.visit;
    await round();
    await round();
    const url = `/messages?c=${conversationId}`;
    const toOwner = payloads(ownerPhone) as PushPayload[];
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatchObject({ title: 'Visit booked', url });
    expect(toOwner[0]!.body).toMatch(
      /^“Airy 1BHK in Koramangala”, .+\. Open the conversation for details\.$/,
    );
    expect(payloads(tenantPhone)).toEqual([]);

    await visits.act(owner, visitId, 'reschedule', { start: later, reason: 'A meeting ran late' });
    await round();
    const toTenant = payloads(tenantPhone) as PushPayload[];
    expect(toTenant).toHaveLength(1);
    expect(toTenant[0]).toMatchObject({ title: 'घर देखने का समय बदला', url });
    expect(toTenant[0]!.body).toMatch(
      /^“Airy 1BHK in Koramangala”, .+। जानकारी के लिए बातचीत खोलें।$/,
    );
    expect(payloads(ownerPhone)).toHaveLength(1);
  });

  it('does not come when pushes about messages are off', async () => {
    advanceToIndia(NOON);
    const { owner, tenant, listingId, conversationId } = await visits.parties();
    const ownerPhone = await subscribe(owner);
    await settings(owner, { push: { messages: false } });
    const [first] = await visits.freeSlots(tenant, listingId);
    await visits.book(tenant, conversationId, first!);
    await round();
    expect(payloads(ownerPhone)).toEqual([]);
  });
});
