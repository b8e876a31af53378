import type { Sql } from 'postgres';
import type { Locale } from '@rentals/core/i18n/locales';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { sitePath } from '@rentals/core/mail/links';
import { INSTANT_EVERY_MS } from '../alerts/alertMailer.ts';
import { addDelivered, type Delivered, type PushPayload, type PushSend } from './sender.ts';

/** Matches older than this get no push: after an outage or a rebuild of the alerts, no burst of old news. */
export const PUSH_ALERTS_WITHIN_MS = 60 * 60_000;
/** Announcements read per round; the cursor moves past them. */
const READ = 5_000;

type Match = {
  alertId: string;
  searchId: string;
  userId: string;
  searchName: string;
  language: Locale;
  listingId: string;
  title: string;
  area: string;
  city: string;
};

export const alertPayload = (m: Match): PushPayload => {
  const { t } = translatorFor(m.language);
  return {
    title: t('push.alert.title', { search: m.searchName }),
    body: t('push.alert.body', { title: m.title, area: m.area, city: m.city }),
    url: sitePath({ to: 'listing', listingId: m.listingId }),
  };
};

/**
 * Reads the announcements after the push cursor (the alerts' matches, as
 * the alert mailer reads them) and moves the cursor past them, under the
 * cursor's row lock (the standby process waits, then reads what is after).
 * Each instant, unpaused search of a user with the alerts channel on, out of
 * quiet hours and with a subscription, gets at most one push per
 * INSTANT_EVERY_MS (the email's interval; push_search_throttle) about its
 * newest still-available match. A match in quiet hours is not pushed later:
 * it stays in the bell and the email.
 */
const claimMatches = (sql: Sql, now: Date, quiet: boolean) =>
  sql.begin(async (tx) => {
    const [cursor] = await tx<{ id: string }[]>`
      SELECT alert_id::text AS id FROM push_alert_cursor FOR UPDATE`;
    const [upto] = await tx<{ id: string | null }[]>`
      SELECT max(id)::text AS id FROM (SELECT id FROM listing_search_alerts
        WHERE id > ${cursor!.id}::bigint ORDER BY id LIMIT ${READ}) f`;
    if (!upto?.id) return [];
    await tx`UPDATE push_alert_cursor SET alert_id = ${upto.id}::bigint`;
    const matches = await tx<Match[]>`
      SELECT DISTINCT ON (s.search_id) f.id::text AS "alertId", s.search_id AS "searchId",
             s.user_id AS "userId", s.name AS "searchName", u.language, f.listing_id AS "listingId",
             l.title, l.area, l.city
      FROM listing_search_alerts f CROSS JOIN unnest(f.search_nos) n
      JOIN saved_search_filters s ON s.search_no = n AND s.alert = 'instant' AND NOT s.paused
      JOIN users u ON u.id = s.user_id AND u.push_alerts AND NOT (u.push_quiet_hours AND ${quiet})
      JOIN alert_listings l ON l.id = f.listing_id AND l.available
      WHERE f.id > ${cursor!.id}::bigint AND f.id <= ${upto.id}::bigint
        AND n <> ALL(f.quiet_nos) AND f.at > ${new Date(now.getTime() - PUSH_ALERTS_WITHIN_MS)}
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = s.user_id)
      ORDER BY s.search_id, f.id DESC`;
    const claimed: Match[] = [];
    for (const m of matches) {
      const won = await tx`
        INSERT INTO push_search_throttle AS t (search_id, last_sent_at) VALUES (${m.searchId}, ${now})
        ON CONFLICT (search_id) DO UPDATE SET last_sent_at = excluded.last_sent_at
          WHERE t.last_sent_at <= ${new Date(now.getTime() - INSTANT_EVERY_MS)}
        RETURNING 1`;
      if (won.length > 0) claimed.push(m);
    }
    return claimed;
  });

/** Pushes what `claimMatches` claimed, after its transaction committed (no network call holds the cursor). */
export const pushAlerts = async (
  o: { sql: Sql; send: PushSend; now: Date; quiet: boolean },
  total: Delivered,
) => {
  for (;;) {
    const claimed = await claimMatches(o.sql, o.now, o.quiet);
    for (const m of claimed) {
      const done = await o.send(m.userId, 'alerts', alertPayload(m), `search ${m.searchId}`);
      addDelivered(total, done);
    }
    if (claimed.length === 0) return;
  }
};
