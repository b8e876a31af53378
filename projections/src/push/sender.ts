import { createHash } from 'node:crypto';
import type { Sql } from 'postgres';
import webpush from 'web-push';
import type { VapidKeys } from '@rentals/core/push/vapidKeys';

/** What a user chose to hear about, one switch each on the profile. */
export type PushChannel = 'messages' | 'alerts' | 'owner-notices';

/** What the service worker shows: a title, a line, and where a tap leads (a path on the site). */
export type PushPayload = { title: string; body: string; url: string };

export type Delivered = { sent: number; gone: number; failed: number };

/** Adds one send's outcome to a round's totals. */
export const addDelivered = (total: Delivered, done: Delivered) => {
  total.sent += done.sent;
  total.gone += done.gone;
  total.failed += done.failed;
};

/**
 * Items pushed at most once: each claimed first (`claim` answers false when
 * another process has it), then pushed if its recipient wants it now. A
 * claimed item is never pushed later, wanted or not (quiet hours hold
 * nothing back: the bell and the email carry it).
 */
export const pushClaimed = async <I extends { wanted: boolean }>(
  items: I[],
  claim: (item: I) => Promise<boolean>,
  push: (item: I) => Promise<Delivered>,
  total: Delivered,
) => {
  for (const item of items) {
    if (!(await claim(item)) || !item.wanted) continue;
    addDelivered(total, await push(item));
  }
};

export type PushSenderOptions = {
  sql: Sql;
  vapidKeys: VapidKeys;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services. */
  subject: string;
  clock: () => Date;
  /** How long a push service may take to answer; 10 s unless set. */
  timeoutMs?: number;
};

/** A push waits this long at the push service for an offline phone, then is dropped (a day: stale news is noise). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * A topic per conversation or search: the push service keeps only the newest
 * undelivered push of a topic, so a phone that comes online gets one, not a pile.
 */
const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

type Subscription = { endpoint: string; p256dh: string; auth: string };

/**
 * Sends one push to each of a user's subscriptions: the payload encrypted
 * for the browser (RFC 8291 aes128gcm) and signed with our VAPID key (RFC
 * 8292), both by web-push; the request itself goes by fetch, with a timeout
 * and without following redirects (a push service never redirects; a
 * redirect to an inside address would be a way in). Each attempt is logged
 * in push_deliveries; a 404 or 410 means the browser unsubscribed or the
 * subscription expired, and the subscription is removed.
 */
export const createPushSender = (options: PushSenderOptions) => {
  const { sql } = options;
  const vapidDetails = { subject: options.subject, ...options.vapidKeys };

  const attempt = async (s: Subscription, body: string, topic: string) => {
    const request = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      body,
      { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal', topic },
    );
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      const outcome =
        response.status >= 200 && response.status < 300
          ? ('sent' as const)
          : response.status === 404 || response.status === 410
            ? ('gone' as const)
            : ('failed' as const);
      return { outcome, status: response.status };
    } catch {
      return { outcome: 'failed' as const, status: null };
    }
  };

  return async (
    userId: string,
    channel: PushChannel,
    payload: PushPayload,
    topicKey: string,
  ): Promise<Delivered> => {
    const subscriptions = await sql<Subscription[]>`
      SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ${userId}`;
    const delivered: Delivered = { sent: 0, gone: 0, failed: 0 };
    const body = JSON.stringify(payload);
    for (const s of subscriptions) {
      const { outcome, status } = await attempt(s, body, topicOf(topicKey));
      delivered[outcome]++;
      if (outcome === 'gone')
        await sql`DELETE FROM push_subscriptions WHERE endpoint = ${s.endpoint} AND auth = ${s.auth}`;
      await sql`INSERT INTO push_deliveries (user_id, channel, endpoint, outcome, status_code, at)
        VALUES (${userId}, ${channel}, ${s.endpoint}, ${outcome}, ${status}, ${options.clock()})`;
    }
    return delivered;
  };
};

export type PushSend = ReturnType<typeof createPushSender>;
