import type { Sql } from 'postgres';
import type { Locale } from '@rentals/core/i18n/locales';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { ownerNoticeDestination, sitePath } from '@rentals/core/mail/links';
import { EXPIRY_REMINDER_NOTICE } from '../listingExpiry/reminderNotice.ts';
import { pushClaimed, type Delivered, type PushPayload, type PushSend } from './sender.ts';

/** Notices older than this get no push (a rebuild of the notices, an outage). */
export const PUSH_NOTICES_WITHIN_MS = 60 * 60_000;
const BATCH = 200;

type Notice = {
  id: string;
  userId: string;
  kind: string;
  listingId: string;
  language: Locale;
  title: string | null;
  wanted: boolean;
};

/** A review decision or the expiry reminder, in the owner's language; a tap leads where the email's link does. */
export const noticePayload = (n: Notice): PushPayload => {
  const { t } = translatorFor(n.language);
  return {
    title: t(
      n.kind === EXPIRY_REMINDER_NOTICE ? 'push.notice.expiry.title' : 'push.notice.review.title',
    ),
    body: t('push.notice.body', { listing: n.title ?? '' }),
    url: sitePath(ownerNoticeDestination(n.kind, n.listingId)),
  };
};

/**
 * Owner notices (review decisions, expiry reminders) not yet considered,
 * each with whether its owner wants it pushed now (the channel on, out of
 * quiet hours, a subscription). Each is considered once (push_notices_done,
 * claimed first, so the standby process skips it); one held by quiet hours
 * is not pushed later: it stays in the bell and the email.
 */
const freshNotices = (sql: Sql, now: Date, quiet: boolean) => sql<Notice[]>`
  SELECT n.id, n.user_id AS "userId", n.kind, n.listing_id AS "listingId", u.language, l.title,
         (u.push_owner_notices AND NOT (u.push_quiet_hours AND ${quiet})
          AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = n.user_id)) AS wanted
  FROM owner_notices n
  JOIN users u ON u.id = n.user_id
  LEFT JOIN listing_read l ON l.id = n.listing_id
  WHERE n.at > ${new Date(now.getTime() - PUSH_NOTICES_WITHIN_MS)}
    AND NOT EXISTS (SELECT 1 FROM push_notices_done d WHERE d.notice_id = n.id)
  ORDER BY n.at
  LIMIT ${BATCH}`;

export const pushNotices = async (
  o: { sql: Sql; send: PushSend; now: Date; quiet: boolean },
  total: Delivered,
) => {
  await pushClaimed(
    await freshNotices(o.sql, o.now, o.quiet),
    async (notice) =>
      (
        await o.sql`INSERT INTO push_notices_done (notice_id, at) VALUES (${notice.id}, ${o.now})
                    ON CONFLICT (notice_id) DO NOTHING RETURNING 1`
      ).length > 0,
    (notice) => o.send(notice.userId, 'owner-notices', noticePayload(notice), notice.id),
    total,
  );
  // Marks older than any notice still pushed are of no more use.
  await o.sql`DELETE FROM push_notices_done WHERE at <= ${new Date(o.now.getTime() - 2 * PUSH_NOTICES_WITHIN_MS)}`;
};
