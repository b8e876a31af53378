import { Elysia } from 'elysia';
import type { Sql } from 'postgres';
import { vapidKeysFor, type VapidKeys } from '@rentals/core/push/vapidKeys';
import { access } from '../access/access.ts';
import { jsonBody, requireJsonBody } from '../auth/jsonBody.ts';
import type { AppDeps } from '../deps.ts';
import {
  MAX_SUBSCRIPTIONS_PER_USER,
  readSubscribeBody,
  readUnsubscribeBody,
  SubscribeBody,
  UnsubscribeBody,
} from './model.ts';
import { SubscriptionResponse, VapidKeyResponse } from '@rentals/core/contract/push';

const tags = ['Push'];
const security = [{ bearer: [] }];

export type PushDeps = Pick<AppDeps, 'sql' | 'clock' | 'jwtSecret' | 'tokenTtlSeconds' | 'push'>;

/**
 * Keeps the subscription for the caller: an endpoint already kept moves to
 * them (the same browser signed in as someone else), and past
 * MAX_SUBSCRIPTIONS_PER_USER the oldest go, so an account cannot make the
 * sender post to an unbounded list of addresses.
 */
const keep = async (sql: Sql, userId: string, s: SubscribeBody, now: Date) =>
  sql.begin(async (tx) => {
    await tx`
      INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at)
      VALUES (${s.endpoint}, ${userId}, ${s.keys.p256dh}, ${s.keys.auth}, ${now})
      ON CONFLICT (endpoint) DO UPDATE
        SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
            created_at = excluded.created_at`;
    await tx`
      DELETE FROM push_subscriptions WHERE endpoint IN (
        SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId}
        ORDER BY created_at DESC, endpoint OFFSET ${MAX_SUBSCRIPTIONS_PER_USER})`;
  });

/**
 * Web Push subscriptions (issue 43, docs/PUSH.md): the caller's own only. The
 * browser subscribes with the VAPID public key and sends its subscription
 * here; the projections process pushes to it (projections/src/push).
 */
export const pushRoutes = (deps: PushDeps) => {
  const allowlist = deps.push?.endpointAllowlist ?? [];
  let kept: VapidKeys | undefined;
  // Read once and kept: the pair never changes while the process runs.
  const publicKey = async () => {
    kept ??= await vapidKeysFor(deps.sql, deps.push?.vapidKeys, deps.clock());
    return kept.publicKey;
  };
  return new Elysia({ name: 'push', prefix: '/push' })
    .use(access(deps))
    .get('/key', async () => ({ publicKey: await publicKey() }), {
      requireUser: true,
      response: { 200: VapidKeyResponse },
      detail: { summary: 'The VAPID public key to subscribe this browser with', tags, security },
    })
    .post(
      '/subscriptions',
      async ({ user, body, set }) => {
        await keep(deps.sql, user.id, readSubscribeBody(body, allowlist), deps.clock());
        set.status = 201;
        return { subscribed: true };
      },
      {
        requireUser: true,
        beforeHandle: requireJsonBody,
        response: { 201: SubscriptionResponse },
        detail: {
          summary: 'Push to this browser: keep its subscription (PushSubscription.toJSON())',
          description:
            'The endpoint must be https on a public host (400 otherwise); keys.p256dh a 65-byte P-256 point ' +
            `and keys.auth 16 bytes, both base64url. At most ${MAX_SUBSCRIPTIONS_PER_USER} browsers an account: ` +
            'a new one replaces the oldest. Subscribing an endpoint again replaces its keys.',
          requestBody: jsonBody(SubscribeBody),
          tags,
          security,
        },
      },
    )
    .delete(
      '/subscriptions',
      async ({ user, body }) => {
        const endpoint = readUnsubscribeBody(body);
        await deps.sql`
          DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${user.id}`;
        return { subscribed: false };
      },
      {
        requireUser: true,
        beforeHandle: requireJsonBody,
        response: { 200: SubscriptionResponse },
        detail: {
          summary: 'No more pushes to this browser: forget its subscription',
          description:
            "Only the caller's own: another account's endpoint is left as it is. Idempotent.",
          requestBody: jsonBody(UnsubscribeBody),
          tags,
          security,
        },
      },
    );
};
