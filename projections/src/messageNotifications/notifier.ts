import type { Locale } from '@rentals/core/i18n/locales';
import type { Sql } from 'postgres';
import type { Mailer } from '@rentals/core/mail/mailer';
import { newMessageEmail } from '@rentals/core/mail/emails';
import { asksForMoney } from '@rentals/core/trust/moneyRequest';
import { emailLink } from '@rentals/core/mail/links';
import { SPLIT_WINDOW } from '@rentals/core/conversations/contactMask';
import { messageExcerpt } from './excerpt.ts';
import { threadPage } from '../queries/conversations.ts';
import { startRounds } from '../runner/rounds.ts';

/** How long a message waits unread before its recipient gets an email. */
export const NOTIFY_AFTER_MS = 5 * 60_000;
/** At most one email per recipient and conversation in this time. */
export const NOTIFY_AT_MOST_EVERY_MS = 60 * 60_000;
/**
 * Messages older than this get no email: after an outage or a restore, an
 * inbox full of old unread messages is not worth a burst of mail.
 */
export const NOTIFY_WITHIN_MS = 24 * 60 * 60_000;
/** Recipients emailed per query in one round; a round takes more queries while it finds work. */
const BATCH = 100;

export type MessageNotifierOptions = {
  sql: Sql;
  mailer: Mailer;
  /** The public origin the email's link points to (SITE_URL). */
  siteUrl: string;
  clock: () => Date;
  /** How long an unread message waits before its email (MESSAGE_NOTIFY_DELAY_SECONDS); NOTIFY_AFTER_MS by default. */
  notifyAfterMs?: number;
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
};

type Due = {
  userId: string;
  conversationId: string;
  email: string;
  name: string;
  language: Locale;
  isOwner: boolean;
  ownerId: string;
  ownerReplied: boolean;
  unread: number;
  lastSenderId: string;
  lastSeq: number;
  lastMessageBody: string;
  /** Null when the sender's account is gone. */
  senderName: string | null;
  listingTitle: string | null;
};

const at = (clock: () => Date, agoMs: number) => new Date(clock().getTime() - agoMs);

/**
 * Inbox entries whose newest unread message has waited NOTIFY_AFTER_MS, that
 * the recipient has not blocked, and whose last email is an hour old and
 * about older messages (or that have none). `after` pages past entries a
 * round already tried.
 */
const dueEntries = (sql: Sql, clock: () => Date, delayMs: number, after: string[]) => sql<Due[]>`
  SELECT i.user_id AS "userId", i.conversation_id AS "conversationId", r.email, r.name, r.language,
         i.is_owner AS "isOwner", c.owner_id AS "ownerId", c.owner_replied AS "ownerReplied", i.unread,
         i.last_sender_id AS "lastSenderId", i.last_seq AS "lastSeq", i.last_message_body AS "lastMessageBody",
         s.name AS "senderName", l.title AS "listingTitle"
  FROM inbox_entries i
  JOIN conversation_read c ON c.conversation_id = i.conversation_id
  JOIN users r ON r.id = i.user_id
  LEFT JOIN users s ON s.id = i.last_sender_id
  LEFT JOIN listing_read l ON l.id = i.listing_id
  LEFT JOIN message_notifications n ON n.user_id = i.user_id AND n.conversation_id = i.conversation_id
  WHERE i.unread > 0 AND NOT i.blocked_by_me
    AND i.last_sender_id IS NOT NULL AND i.last_message_body IS NOT NULL
    AND i.last_unread_at <= ${at(clock, delayMs)}
    AND i.last_unread_at > ${at(clock, NOTIFY_WITHIN_MS)}
    AND (n.user_id IS NULL OR (n.last_sent_at <= ${at(clock, NOTIFY_AT_MOST_EVERY_MS)}
                               AND n.covered_unread_at < i.last_unread_at))
    AND NOT ((i.user_id || ' ' || i.conversation_id) = ANY(${after}::text[]))
  ORDER BY i.last_unread_at
  LIMIT ${BATCH}`;

/**
 * Claims one email and sends it in the same transaction. The claim is an
 * upsert whose conflict branch re-checks the hour: a second notifier (the
 * standby projections process) claiming the same entry waits on the row
 * until the first commits, then finds it taken. A failed send rolls the
 * claim back, so the next round tries again.
 */
const claimAndSend = async (
  options: MessageNotifierOptions,
  due: Due,
): Promise<'sent' | 'taken'> => {
  const { sql, clock } = options;
  const now = clock();
  // The sender's messages before it: the mask catches a number split over messages.
  const earlier = (
    await threadPage(sql, due.conversationId, { beforeSeq: due.lastSeq, limit: SPLIT_WINDOW - 1 })
  )
    .filter((m) => m.senderId === due.lastSenderId)
    .map((m) => m.body);
  const content = await newMessageEmail({
    locale: due.language,
    name: due.name,
    senderName: due.senderName,
    listingTitle: due.listingTitle,
    toOwner: due.isOwner,
    excerpt: messageExcerpt(
      { senderId: due.lastSenderId, body: due.lastMessageBody },
      { ownerId: due.ownerId, ownerReplied: due.ownerReplied },
      due.userId,
      earlier,
    ),
    // The whole message, not the excerpt: a shortened one may cut the ask off.
    asksForMoney: asksForMoney(due.lastMessageBody),
    unread: due.unread,
    link: emailLink(options.siteUrl, { to: 'conversation', conversationId: due.conversationId }),
  });
  return sql.begin(async (tx) => {
    // Read again inside the claim: a message read or a sender blocked since the round's query gets no email.
    const claimed = await tx`
      INSERT INTO message_notifications AS n (user_id, conversation_id, last_sent_at, covered_unread_at)
      SELECT user_id, conversation_id, ${now}, last_unread_at FROM inbox_entries
      WHERE user_id = ${due.userId} AND conversation_id = ${due.conversationId}
        AND unread > 0 AND NOT blocked_by_me
        AND last_unread_at <= ${at(clock, options.notifyAfterMs ?? NOTIFY_AFTER_MS)}
      ON CONFLICT (user_id, conversation_id) DO UPDATE
        SET last_sent_at = excluded.last_sent_at, covered_unread_at = excluded.covered_unread_at
        WHERE n.last_sent_at <= ${at(clock, NOTIFY_AT_MOST_EVERY_MS)}
          AND n.covered_unread_at < excluded.covered_unread_at
      RETURNING 1`;
    if (claimed.length === 0) return 'taken' as const;
    await options.mailer.send({ to: due.email, ...content });
    return 'sent' as const;
  });
};

export type NotifierRound = { sent: number; failed: number };

/** One round: every due entry gets its email, or a logged failure and another try next round. */
export const notifyOnce = async (options: MessageNotifierOptions): Promise<NotifierRound> => {
  const round: NotifierRound = { sent: 0, failed: 0 };
  const tried: string[] = [];
  for (;;) {
    const due = await dueEntries(
      options.sql,
      options.clock,
      options.notifyAfterMs ?? NOTIFY_AFTER_MS,
      tried,
    );
    if (due.length === 0) return round;
    for (const entry of due) {
      tried.push(`${entry.userId} ${entry.conversationId}`);
      try {
        if ((await claimAndSend(options, entry)) === 'sent') round.sent++;
      } catch (error) {
        round.failed++;
        options.log?.(
          'message notification not sent; trying again next round',
          {
            userId: entry.userId,
            conversationId: entry.conversationId,
            error: (error as Error).message,
          },
          'warn',
        );
      }
    }
  }
};

/**
 * The notifier loop of the projections process: a round every `intervalMs`.
 * Every projections process runs one (active and standby alike); the claim
 * in `claimAndSend` keeps it to one email.
 */
export const startMessageNotifier = (options: MessageNotifierOptions & { intervalMs?: number }) => {
  // At least two rounds per delay, so a short delay (a test's) is kept about as well as the default.
  const intervalMs =
    options.intervalMs ??
    Math.min(30_000, Math.max(500, (options.notifyAfterMs ?? NOTIFY_AFTER_MS) / 2));
  return startRounds({
    name: 'message notifications',
    intervalMs,
    round: () => notifyOnce(options),
    report: (round) => (round.sent > 0 ? { line: `${round.sent} email(s) sent` } : undefined),
    log: options.log,
  });
};
