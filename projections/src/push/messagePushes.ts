import type { Sql } from 'postgres';
import type { Locale } from '@rentals/core/i18n/locales';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { sitePath } from '@rentals/core/mail/links';
import { NOTIFY_AT_MOST_EVERY_MS, NOTIFY_WITHIN_MS } from '../messageNotifications/notifier.ts';
import { addDelivered, type Delivered, type PushPayload, type PushSend } from './sender.ts';

/** How long a message waits unread before its push: a reply read in the open thread gets none. */
export const PUSH_AFTER_MS = 30_000;
/** Recipients pushed per round; the next round takes the rest. */
const BATCH = 200;

type Due = {
  userId: string;
  conversationId: string;
  language: Locale;
  senderName: string | null;
  listingTitle: string | null;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** The push's words in the recipient's language; no message text (a lock screen is seen by others). */
export const messagePayload = (due: Due): PushPayload => {
  const { t } = translatorFor(due.language);
  return {
    title:
      due.senderName === null
        ? t('push.message.titleNoSender')
        : t('push.message.title', { sender: due.senderName }),
    body:
      due.listingTitle === null
        ? t('push.message.bodyNoListing')
        : t('push.message.body', { listing: due.listingTitle }),
    url: sitePath({ to: 'conversation', conversationId: due.conversationId }),
  };
};

/**
 * Unread messages owed a push: the recipient has the messages channel on,
 * is not in quiet hours (`quiet`: now is within them), has a subscription,
 * and got no push about this conversation in the last hour about an older
 * message (the rule of the email, message_notifications, with a table of
 * its own: a push and an email are counted apart). A message held by quiet
 * hours is pushed after them if still unread (within a day, as the email).
 */
const duePushes = (sql: Sql, now: Date, afterMs: number, quiet: boolean) => sql<Due[]>`
  SELECT i.user_id AS "userId", i.conversation_id AS "conversationId", r.language,
         s.name AS "senderName", l.title AS "listingTitle"
  FROM inbox_entries i
  JOIN users r ON r.id = i.user_id AND r.push_messages AND NOT (r.push_quiet_hours AND ${quiet})
  LEFT JOIN users s ON s.id = i.last_sender_id
  LEFT JOIN listing_read l ON l.id = i.listing_id
  LEFT JOIN push_message_throttle n ON n.user_id = i.user_id AND n.conversation_id = i.conversation_id
  WHERE i.unread > 0 AND NOT i.blocked_by_me AND i.last_sender_id IS NOT NULL
    AND i.last_unread_at <= ${ago(now, afterMs)}
    AND i.last_unread_at > ${ago(now, NOTIFY_WITHIN_MS)}
    AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = i.user_id)
    AND (n.user_id IS NULL OR (n.last_sent_at <= ${ago(now, NOTIFY_AT_MOST_EVERY_MS)}
                               AND n.covered_unread_at < i.last_unread_at))
  ORDER BY i.last_unread_at
  LIMIT ${BATCH}`;

/**
 * Claims the conversation's push for the hour (the email's claim: the
 * conflict branch re-checks the hour, so the standby projections process
 * finds it taken). The claim commits before the send: a push that fails is
 * logged, not retried (the email still follows).
 */
const claim = async (sql: Sql, due: Due, now: Date, afterMs: number) =>
  (
    await sql`
      INSERT INTO push_message_throttle AS n (user_id, conversation_id, last_sent_at, covered_unread_at)
      SELECT user_id, conversation_id, ${now}, last_unread_at FROM inbox_entries
      WHERE user_id = ${due.userId} AND conversation_id = ${due.conversationId}
        AND unread > 0 AND NOT blocked_by_me AND last_unread_at <= ${ago(now, afterMs)}
      ON CONFLICT (user_id, conversation_id) DO UPDATE
        SET last_sent_at = excluded.last_sent_at, covered_unread_at = excluded.covered_unread_at
        WHERE n.last_sent_at <= ${ago(now, NOTIFY_AT_MOST_EVERY_MS)}
          AND n.covered_unread_at < excluded.covered_unread_at
      RETURNING 1`
  ).length > 0;

export const pushMessages = async (
  o: { sql: Sql; send: PushSend; now: Date; quiet: boolean; afterMs: number },
  total: Delivered,
) => {
  for (const due of await duePushes(o.sql, o.now, o.afterMs, o.quiet)) {
    if (!(await claim(o.sql, due, o.now, o.afterMs))) continue;
    const done = await o.send(due.userId, 'messages', messagePayload(due), due.conversationId);
    addDelivered(total, done);
  }
};
