import type { Sql } from 'postgres';
import type { Locale } from '@rentals/core/i18n/locales';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { sitePath } from '@rentals/core/mail/links';
import { pushClaimed, type Delivered, type PushPayload, type PushSend } from './sender.ts';

/** Changes older than this get no push (a rebuild of the visits, an outage). */
export const PUSH_VISITS_WITHIN_MS = 60 * 60_000;
const BATCH = 200;

type Change = {
  id: string;
  userId: string;
  kind: 'booked' | 'moved' | 'cancelled';
  conversationId: string;
  startAt: Date;
  language: Locale;
  title: string | null;
  wanted: boolean;
};

const TITLES = {
  booked: 'push.visit.booked.title',
  moved: 'push.visit.moved.title',
  cancelled: 'push.visit.cancelled.title',
} as const;

/** A visit the other side booked, moved or called off, in the recipient's language and India's time. */
export const visitPayload = (c: Change): PushPayload => {
  const { t } = translatorFor(c.language);
  const when = new Intl.DateTimeFormat(`${c.language}-IN`, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(c.startAt);
  return {
    title: t(TITLES[c.kind]),
    body: t('push.visit.body', { listing: c.title ?? '', when }),
    url: sitePath({ to: 'conversation', conversationId: c.conversationId }),
  };
};

/**
 * Visit changes not yet considered, each to the side that did not make it
 * (the owner hears of a booking; each side of the other's move or
 * cancellation, as the bell: queries/notificationQueries.ts), with whether
 * that person wants it now. Visits belong to a conversation, so they follow
 * the Messages switch. A change held by quiet hours is not pushed later: the
 * bell and the email carry it.
 */
const freshChanges = (sql: Sql, now: Date, quiet: boolean) => sql<Change[]>`
  WITH changes AS (
    SELECT 'visit-' || v.visit_id || '-' || v.sequence AS id,
           CASE WHEN v.status = 'cancelled' THEN 'cancelled'
                WHEN v.sequence = 0 THEN 'booked' ELSE 'moved' END AS kind,
           CASE WHEN coalesce(v.changed_by, v.tenant_id) = v.tenant_id THEN v.owner_id
                ELSE v.tenant_id END AS user_id,
           v.conversation_id, v.start_at, v.listing_id, v.updated_at
    FROM visits v
    WHERE v.status <> 'noShow'
      AND v.updated_at > ${new Date(now.getTime() - PUSH_VISITS_WITHIN_MS)})
  SELECT c.id, c.user_id AS "userId", c.kind, c.conversation_id AS "conversationId",
         c.start_at AS "startAt", u.language, l.title,
         (u.push_messages AND NOT (u.push_quiet_hours AND ${quiet})
          AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = c.user_id)) AS wanted
  FROM changes c
  JOIN users u ON u.id = c.user_id
  LEFT JOIN listing_read l ON l.id = c.listing_id
  WHERE NOT EXISTS (SELECT 1 FROM push_visits_done d WHERE d.item_id = c.id)
  ORDER BY c.updated_at
  LIMIT ${BATCH}`;

export const pushVisits = async (
  o: { sql: Sql; send: PushSend; now: Date; quiet: boolean },
  total: Delivered,
) => {
  await pushClaimed(
    await freshChanges(o.sql, o.now, o.quiet),
    async (change) =>
      (
        await o.sql`INSERT INTO push_visits_done (item_id, at) VALUES (${change.id}, ${o.now})
                    ON CONFLICT (item_id) DO NOTHING RETURNING 1`
      ).length > 0,
    (change) => o.send(change.userId, 'messages', visitPayload(change), change.id),
    total,
  );
  await o.sql`DELETE FROM push_visits_done WHERE at <= ${new Date(o.now.getTime() - 2 * PUSH_VISITS_WITHIN_MS)}`;
};
