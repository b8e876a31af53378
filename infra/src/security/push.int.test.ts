// Security checklist: Web Push subscriptions. Attacks: SSRF through the push sender (an endpoint
// on a private, loopback or link-local address, or plain http, makes the projections process post
// inside our network: refused unless its origin is allow-listed by the operator), removing another
// user's subscription (DELETE acts on the caller's own only), malformed and oversized subscriptions
// (bounded endpoint, keys of the exact sizes, no control characters, no unknown fields), and an
// account keeping an unbounded list of endpoints for the sender to post to (at most ten kept).
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MAX_ENDPOINT_LENGTH,
  MAX_SUBSCRIPTIONS_PER_USER,
  pushMessages,
} from '@rentals/api/push/model';
import { testAppWithUsers } from '@rentals/testing/testApp';

const s = testAppWithUsers({ alice: 'tenant', mallory: 'tenant' });

type Errors = { message: string; errors?: { path: string; msg: string }[] };

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
};
const subscribe = (token: string, json: unknown) =>
  s.t.request<Errors>('POST', '/api/push/subscriptions', { token, json });
const kept = async (userId: string) =>
  (
    await s.t.db.sql<{ endpoint: string }[]>`
    SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId}`
  ).map((r) => r.endpoint);
const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`;

describe('push subscriptions: the sender never posts inside the network', () => {
  it.each([
    'http://fcm.googleapis.com/fcm/send/x1',
    'https://127.0.0.1/push/x1',
    'https://localhost:8443/push/x1',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.5/push/x1',
    'https://192.168.0.1/push/x1',
    'https://[::1]/push/x1',
    'https://[::ffff:7f00:1]/push/x1',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://postgres/x',
    'file:///etc/passwd',
    'gopher://127.0.0.1:5432/x',
  ])('refuses %s', async (endpoint) => {
    const res = await subscribe(s.alice.token, { endpoint, keys: keys() });
    expect(res.status).toBe(400);
    expect(await kept(s.alice.user._id)).not.toContain(endpoint);
  });

  it('names the refused address without saying why (no probing of our rules)', async () => {
    const res = await subscribe(s.alice.token, { endpoint: 'https://10.0.0.5/p', keys: keys() });
    expect(res.body.errors).toEqual([{ path: 'endpoint', msg: pushMessages.refused }]);
  });
});

describe('push subscriptions: bounds', () => {
  it.each([
    [
      'an endpoint past the bound',
      { endpoint: `${fcm()}${'a'.repeat(MAX_ENDPOINT_LENGTH)}`, keys: keys() },
    ],
    ['a NUL in the endpoint', { endpoint: `${fcm()}\u0000x`, keys: keys() }],
    ['a line break in the endpoint', { endpoint: `${fcm()}\r\nHost: x`, keys: keys() }],
    ['a short p256dh', { endpoint: fcm(), keys: { ...keys(), p256dh: 'AAAA' } }],
    [
      'a compressed point',
      { endpoint: fcm(), keys: { ...keys(), p256dh: Buffer.alloc(65, 3).toString('base64url') } },
    ],
    [
      'an auth of 17 bytes',
      { endpoint: fcm(), keys: { ...keys(), auth: randomBytes(17).toString('base64url') } },
    ],
    ['an unknown field', { endpoint: fcm(), keys: keys(), userId: 'someone-else' }],
    ['no keys', { endpoint: fcm() }],
  ])('refuses %s', async (_, json) => {
    expect((await subscribe(s.alice.token, json)).status).toBe(400);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} an account, the newest`, async () => {
    const user = await s.t.registerUser('tenant');
    const endpoints = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) {
      endpoints.push(fcm());
      s.t.clock.advance(1000);
      expect(
        (await subscribe(user.token, { endpoint: endpoints.at(-1), keys: keys() })).status,
      ).toBe(201);
    }
    const left = await kept(user.user._id);
    expect(left).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(left).not.toContain(endpoints[0]);
  });
});

describe('push subscriptions: another user’s', () => {
  it('cannot be removed by someone else', async () => {
    const endpoint = fcm();
    expect((await subscribe(s.alice.token, { endpoint, keys: keys() })).status).toBe(201);
    const res = await s.t.request('DELETE', '/api/push/subscriptions', {
      token: s.mallory.token,
      json: { endpoint },
    });
    expect(res.status).toBe(200);
    expect(await kept(s.alice.user._id)).toContain(endpoint);

    await s.t.request('DELETE', '/api/push/subscriptions', {
      token: s.alice.token,
      json: { endpoint },
    });
    expect(await kept(s.alice.user._id)).not.toContain(endpoint);
  });
});

describe('push subscriptions: a lost phone', () => {
  it('stops getting pushes once the account signs out of all devices', async () => {
    const user = await s.t.registerUser('tenant');
    expect((await subscribe(user.token, { endpoint: fcm(), keys: keys() })).status).toBe(201);
    const res = await s.t.request('POST', '/api/auth/logout-all', { token: user.token });
    expect(res.status).toBe(200);
    expect(await kept(user.user._id)).toEqual([]);
  });
});
