import type { Sql } from 'postgres';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { formatDate } from '@rentals/core/i18n/dates';
import type { Locale } from '@rentals/core/i18n/locales';
import { visitEmail, type VisitEmailKind } from '@rentals/core/mail/emails';
import { emailLink } from '@rentals/core/mail/links';
import type { Mailer } from '@rentals/core/mail/mailer';
import { visitInviteIcs } from '@rentals/core/visits/invite';
import { startRounds } from '../runner/rounds.ts';

/** Both sides get a reminder this long before the visit (unless it was booked within it). */
export const REMIND_BEFORE_MS = 3 * 60 * 60_000;
/** Changes older than this get no email: after an outage, old news is not worth a burst of mail. */
const MAIL_WITHIN_MS = 24 * 60 * 60_000;
const BATCH = 100;

export type VisitMailerOptions = {
  sql: Sql;
  mailer: Mailer;
  /** The public origin the email's link points to (SITE_URL). */
  siteUrl: string;
  clock: () => Date;
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
};

type Due = {
  visitId: string;
  kind: VisitEmailKind;
  startAt: Date;
  previousStart: Date | null;
  recipientId: string;
  role: 'tenant' | 'owner';
  email: string;
  name: string;
  language: Locale;
  withName: string | null;
  listingTitle: string | null;
  area: string | null;
  city: string | null;
  conversationId: string;
  changedBy: string | null;
  reason: string | null;
  sequence: number;
  updatedAt: Date;
};

/**
 * Each visit's emails not yet sent, one row per recipient: the booking, a
 * move and a cancellation to both sides while recent, and a reminder to both
 * in the hours before a booked visit. `after` pages past rows a round tried.
 */
const dueEmails = (sql: Sql, now: Date, after: string[]) => sql<Due[]>`
  WITH kinds AS (
    SELECT v.*, CASE
        WHEN v.status = 'cancelled' THEN 'cancelled'
        WHEN v.changed_by IS NULL THEN 'booked'
        ELSE 'moved' END AS kind
      FROM visits v
      WHERE v.updated_at > ${new Date(now.getTime() - MAIL_WITHIN_MS)} AND v.status <> 'noShow'
    UNION ALL
    SELECT v.*, 'reminder' AS kind FROM visits v
      WHERE v.status = 'booked' AND v.start_at > ${now}
        AND v.start_at <= ${new Date(now.getTime() + REMIND_BEFORE_MS)}
        AND v.updated_at < v.start_at - ${`${REMIND_BEFORE_MS / 1000} seconds`}::interval
  )
  SELECT k.visit_id AS "visitId", k.kind, k.start_at AS "startAt", k.previous_start AS "previousStart",
    r.id AS "recipientId", side.role, r.email, r.name, r.language, other.name AS "withName",
    l.title AS "listingTitle", l.area, l.city, k.conversation_id AS "conversationId",
    k.changed_by AS "changedBy", k.reason, k.sequence, k.updated_at AS "updatedAt"
  FROM kinds k
  CROSS JOIN LATERAL (VALUES (k.tenant_id, k.owner_id, 'tenant'), (k.owner_id, k.tenant_id, 'owner'))
    AS side(recipient_id, other_id, role)
  JOIN users r ON r.id = side.recipient_id
  LEFT JOIN users other ON other.id = side.other_id
  LEFT JOIN listing_read l ON l.id = k.listing_id
  WHERE NOT EXISTS (
      SELECT 1 FROM visit_emails e
      WHERE e.visit_id = k.visit_id AND e.kind = k.kind AND e.start_at = k.start_at
        AND e.recipient_id = r.id)
    AND NOT ((k.visit_id || ' ' || k.kind || ' ' || r.id) = ANY(${after}::text[]))
  ORDER BY k.updated_at
  LIMIT ${BATCH}`;

const contentOf = async (options: VisitMailerOptions, due: Due) => {
  const when = (at: Date) =>
    formatDate(at, due.language, 'weekdayTime', { timeZone: 'Asia/Kolkata' });
  const { t } = translatorFor(due.language);
  const conversationLink = emailLink(options.siteUrl, {
    to: 'conversation',
    conversationId: due.conversationId,
  });
  const content = await visitEmail({
    kind: due.kind,
    locale: due.language,
    name: due.name,
    role: due.role,
    withName: due.withName ?? t('email.common.formerUser'),
    listingTitle: due.listingTitle,
    when: when(due.startAt),
    previously: due.previousStart ? when(due.previousStart) : undefined,
    reason: due.kind === 'moved' || due.kind === 'cancelled' ? due.reason : null,
    byReader: due.kind === 'booked' ? due.role === 'tenant' : due.changedBy === due.recipientId,
    conversationLink,
  });
  const title = t('email.visit.inviteTitle', {
    title: due.listingTitle ?? t('email.visit.theProperty'),
  });
  const ics = visitInviteIcs({
    visitId: due.visitId,
    start: due.startAt.toISOString(),
    title,
    location: [due.area, due.city].filter(Boolean).join(', '),
    url: conversationLink,
    sequence: due.sequence,
    stamp: due.updatedAt.toISOString(),
    cancelled: due.kind === 'cancelled',
  });
  const method = due.kind === 'cancelled' ? ('CANCEL' as const) : ('REQUEST' as const);
  return { ...content, icalEvent: { method, filename: 'visit.ics', content: ics } };
};

/** Claims one email and sends it in the same transaction: a failed send rolls the claim back. */
const claimAndSend = async (options: VisitMailerOptions, due: Due) => {
  const content = await contentOf(options, due);
  return options.sql.begin(async (tx) => {
    const claimed = await tx`
      INSERT INTO visit_emails (visit_id, kind, start_at, recipient_id, sent_at)
      VALUES (${due.visitId}, ${due.kind}, ${due.startAt}, ${due.recipientId}, ${options.clock()})
      ON CONFLICT DO NOTHING RETURNING 1`;
    if (claimed.length === 0) return false;
    await options.mailer.send({ to: due.email, ...content });
    return true;
  });
};

export type VisitMailRound = { sent: number; failed: number };

/** One round: every due email is sent, or logged and tried again next round. */
export const mailVisitsOnce = async (options: VisitMailerOptions): Promise<VisitMailRound> => {
  const round: VisitMailRound = { sent: 0, failed: 0 };
  const tried: string[] = [];
  for (;;) {
    const due = await dueEmails(options.sql, options.clock(), tried);
    if (due.length === 0) return round;
    for (const entry of due) {
      tried.push(`${entry.visitId} ${entry.kind} ${entry.recipientId}`);
      try {
        if (await claimAndSend(options, entry)) round.sent++;
      } catch (error) {
        round.failed++;
        options.log?.(
          'visit email not sent; trying again next round',
          { visitId: entry.visitId, kind: entry.kind, error: (error as Error).message },
          'warn',
        );
      }
    }
  }
};

/** The visit mailer loop of the projections process; the claim keeps a standby's to one email. */
export const startVisitMailer = (options: VisitMailerOptions & { intervalMs?: number }) =>
  startRounds({
    name: 'visit emails',
    intervalMs: options.intervalMs ?? 10_000,
    round: () => mailVisitsOnce(options),
    report: (round) => (round.sent > 0 ? { line: `${round.sent} email(s) sent` } : undefined),
    log: options.log,
  });
