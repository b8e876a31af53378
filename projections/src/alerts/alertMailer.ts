import type { Locale } from '@rentals/core/i18n/locales';
import type { Sql } from 'postgres';
import { savedSearchAlertEmail } from '@rentals/core/mail/emails';
import { emailLink } from '@rentals/core/mail/links';
import type { Mailer } from '@rentals/core/mail/mailer';
import { unsubscribeLink } from '@rentals/core/savedSearches/unsubscribeToken';
import { startRounds } from '../runner/rounds.ts';

/** Instant alerts: at most one email per saved search in this time, with what matched meanwhile. */
export const INSTANT_EVERY_MS = 15 * 60_000;
/** Daily digests: at most one email per saved search in this time. */
export const DAILY_EVERY_MS = 24 * 60 * 60_000;
/**
 * Matches older than this get no email: after an outage, or a rebuild of the
 * alerts read model (which records old matches again), no burst of old news.
 */
export const MAIL_WITHIN_MS = 2 * DAILY_EVERY_MS;
/** Listings an email names; the rest are counted. */
const LISTED = 12;
/** Searches emailed per query in one round; a round takes more queries while it finds work. */
const BATCH = 100;
/** Announcements read into the queue per statement; a round reads on until none are left. */
const QUEUE_READ = 20_000;

export type AlertMailerOptions = {
  sql: Sql;
  mailer: Mailer;
  /** The public origin the email's links point to (SITE_URL). */
  siteUrl: string;
  /** Signs the unsubscribe links (JWT_SECRET, as the API that checks them). */
  secret: string;
  clock: () => Date;
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
};

type Due = {
  searchId: string;
  userId: string;
  searchName: string;
  alert: 'instant' | 'daily';
  email: string;
  name: string;
  language: Locale;
  newest: string;
};

const ago = (clock: () => Date, ms: number) => new Date(clock().getTime() - ms);
const everyMs = (alert: Due['alert']) => (alert === 'instant' ? INSTANT_EVERY_MS : DAILY_EVERY_MS);

/**
 * Reads the announcements after the cursor into the queue of searches owed
 * an email (their first and newest such announcement), leaving out searches
 * with alerts off at the time and announcements older than MAIL_WITHIN_MS,
 * and moves the cursor past them: each announcement is read once, however
 * long the searches wait. The cursor's row lock keeps two mailers (the active
 * and the standby projections process) from reading the same ones twice.
 * Also drops queued searches with nothing left to mail: deleted, or whose
 * newest announcement is too old. Resolves with the announcements read.
 */
export const queueAnnouncements = (o: Pick<AlertMailerOptions, 'sql' | 'clock'>): Promise<number> =>
  o.sql.begin(async (tx) => {
    const [cursor] = await tx<{ id: string }[]>`
      SELECT alert_id::text AS id FROM alert_mail_cursor FOR UPDATE`;
    const [read] = await tx<{ upto: string | null; rows: number }[]>`
      WITH fresh AS MATERIALIZED (
        SELECT id, at, search_nos, quiet_nos FROM listing_search_alerts
        WHERE id > ${cursor!.id}::bigint ORDER BY id LIMIT ${QUEUE_READ}
      ),
      owed AS (
        INSERT INTO alert_mail_queue AS q (search_no, first_alert_id, newest_alert_id, newest_at)
        SELECT n, min(f.id), max(f.id), max(f.at)
        FROM fresh f CROSS JOIN unnest(f.search_nos) n
        WHERE f.at > ${ago(o.clock, MAIL_WITHIN_MS)} AND n <> ALL(f.quiet_nos)
        GROUP BY n
        ON CONFLICT (search_no) DO UPDATE
          SET newest_alert_id = greatest(q.newest_alert_id, excluded.newest_alert_id),
              newest_at = greatest(q.newest_at, excluded.newest_at)
      )
      SELECT max(id)::text AS upto, count(*)::int AS rows FROM fresh`;
    if (read?.upto) await tx`UPDATE alert_mail_cursor SET alert_id = ${read.upto}::bigint`;
    await tx`
      DELETE FROM alert_mail_queue q
      WHERE q.newest_at <= ${ago(o.clock, MAIL_WITHIN_MS)}
         OR NOT EXISTS (SELECT 1 FROM saved_search_filters s WHERE s.search_no = q.search_no)`;
    return read?.rows ?? 0;
  });

/**
 * Queued saved searches with alerts on and not paused whose matches no email
 * covered yet, whose last email (if any) is older than their kind allows;
 * longest waiting first.
 */
const dueSearches = (o: AlertMailerOptions, after: string[]) => o.sql<Due[]>`
  SELECT s.search_id AS "searchId", s.user_id AS "userId", s.name AS "searchName", s.alert,
         u.email, u.name, u.language, q.newest_alert_id::text AS newest
  FROM alert_mail_queue q
  JOIN saved_search_filters s ON s.search_no = q.search_no
  JOIN users u ON u.id = s.user_id
  LEFT JOIN saved_search_emails e ON e.search_id = s.search_id
  WHERE NOT s.paused AND s.alert IN ('instant', 'daily')
    AND q.newest_alert_id > coalesce(e.covered_alert_id, 0)
    AND (e.search_id IS NULL OR e.last_sent_at <= CASE s.alert
          WHEN 'instant' THEN ${ago(o.clock, INSTANT_EVERY_MS)}::timestamptz
          ELSE ${ago(o.clock, DAILY_EVERY_MS)}::timestamptz END)
    AND NOT (s.search_id = ANY(${after}::text[]))
  ORDER BY q.first_alert_id
  LIMIT ${BATCH}`;

type Listed = { id: string; title: string; area: string; city: string; rent: number };

/**
 * Claims one email and sends it in the same transaction. The claim's
 * conflict branch re-checks the interval: a second mailer (the standby
 * projections process) claiming the same search waits on the row until the
 * first commits, then finds it taken. A failed send rolls the claim back.
 */
const claimAndSend = async (o: AlertMailerOptions, due: Due): Promise<'sent' | 'taken'> => {
  const now = o.clock();
  return o.sql.begin(async (tx) => {
    const [previous] = await tx<{ covered: string }[]>`
      SELECT covered_alert_id::text AS covered FROM saved_search_emails
      WHERE search_id = ${due.searchId} FOR UPDATE`;
    const claimed = await tx`
      INSERT INTO saved_search_emails AS e (search_id, last_sent_at, covered_alert_id)
      VALUES (${due.searchId}, ${now}, ${due.newest}::bigint)
      ON CONFLICT (search_id) DO UPDATE
        SET last_sent_at = excluded.last_sent_at, covered_alert_id = excluded.covered_alert_id
        WHERE e.last_sent_at <= ${ago(o.clock, everyMs(due.alert))}
          AND e.covered_alert_id < excluded.covered_alert_id
      RETURNING 1`;
    if (claimed.length === 0) return 'taken' as const;
    // Covered now, unless more came meanwhile (then the row's newest is higher and it stays).
    await tx`
      DELETE FROM alert_mail_queue
      WHERE search_no = (SELECT search_no FROM saved_search_filters WHERE search_id = ${due.searchId})
        AND newest_alert_id <= ${due.newest}::bigint`;
    const listings = await tx<(Listed & { total: number })[]>`
      SELECT l.id, l.title, l.area, l.city, l.rent, count(*) OVER ()::int AS total
      FROM (SELECT DISTINCT ON (listing_id) listing_id, id FROM listing_search_alerts
            WHERE search_nos @> ARRAY[(SELECT search_no FROM saved_search_filters WHERE search_id = ${due.searchId})]
              AND NOT quiet_nos @> ARRAY[(SELECT search_no FROM saved_search_filters WHERE search_id = ${due.searchId})]
              AND id <= ${due.newest}::bigint
              AND at > ${ago(o.clock, MAIL_WITHIN_MS)}
              AND id > ${previous?.covered ?? '0'}::bigint
            ORDER BY listing_id, id DESC) a
      JOIN alert_listings l ON l.id = a.listing_id AND l.available
      ORDER BY a.id DESC LIMIT ${LISTED}`;
    // Everything that matched is gone again: the claim stands, and there is nothing to say.
    if (listings.length === 0) return 'taken' as const;
    const content = await savedSearchAlertEmail({
      locale: due.language,
      name: due.name,
      searchName: due.searchName,
      kind: due.alert,
      listings: listings.map((l) => ({
        title: l.title,
        area: l.area,
        city: l.city,
        rent: l.rent,
        link: emailLink(o.siteUrl, { to: 'listing', listingId: l.id }),
      })),
      more: listings[0]!.total - listings.length,
      link: emailLink(o.siteUrl, { to: 'saved-searches' }),
      unsubscribeLink: unsubscribeLink(o.siteUrl, o.secret, due.userId, due.searchId),
    });
    await o.mailer.send({ to: due.email, ...content });
    return 'sent' as const;
  });
};

export type AlertMailerRound = { sent: number; failed: number };

/** One round: every due saved search gets its email, or a logged failure and another try next round. */
export const mailAlertsOnce = async (o: AlertMailerOptions): Promise<AlertMailerRound> => {
  const round: AlertMailerRound = { sent: 0, failed: 0 };
  while ((await queueAnnouncements(o)) === QUEUE_READ);
  const tried: string[] = [];
  for (;;) {
    const due = await dueSearches(o, tried);
    if (due.length === 0) return round;
    for (const search of due) {
      tried.push(search.searchId);
      try {
        if ((await claimAndSend(o, search)) === 'sent') round.sent++;
      } catch (error) {
        round.failed++;
        o.log?.(
          'saved-search alert email not sent; trying again next round',
          { searchId: search.searchId, error: (error as Error).message },
          'warn',
        );
      }
    }
  }
};

/**
 * The alert mailer loop of the projections process: a round every
 * `intervalMs` (10 s: an instant alert's email leaves within seconds of its
 * match). Every projections process runs one; the claim keeps it to one email.
 */
export const startAlertMailer = (options: AlertMailerOptions & { intervalMs?: number }) =>
  startRounds({
    name: 'saved-search alerts',
    intervalMs: options.intervalMs ?? 10_000,
    round: () => mailAlertsOnce(options),
    report: (round) => (round.sent > 0 ? { line: `${round.sent} email(s) sent` } : undefined),
    log: options.log,
  });
