import type { Locale } from '@rentals/core/i18n/locales';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { formatDate } from '@rentals/core/i18n/dates';
import type { ListingExpiryReminded } from '@rentals/core/listings/events';
import { sql, type Statement } from '../runner/statement.ts';
import { INBOX_CHANNEL } from '../queries/conversations.ts';

/** The owner notice's kind for the day-25 reminder (beside the review decisions' kinds). */
export const EXPIRY_REMINDER_NOTICE = 'expiry-reminder';

/** A day as owners read it (the reminder email and notice): '24 Dec 2026', in India's time, in their language. */
export const reminderDay = (iso: string, locale: Locale = 'en') =>
  formatDate(iso, locale, 'date', { timeZone: 'Asia/Kolkata' });

/** The notice's text after its headline ('Is <title> still available?'). */
export const reminderNoticeText = (expiresAt: string) =>
  `Confirm in one click or it expires on ${reminderDay(expiresAt)}.`;

/** Events that end a reminder: the listing was confirmed (edit, relist, 'Still available'), expired or deleted. */
const ENDS_REMINDER = new Set([
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingRelisted',
  'ListingAvailabilityConfirmed',
  'ListingExpired',
  'ListingDeleted',
]);

/**
 * The day-25 reminder as an in-app owner notice (`owner_notices`, the table
 * the review decisions' notices are in; written by the report-queue read
 * model, its one writer), and a wake of the owner's live stream (the channel
 * messages and alerts use) so an open dashboard shows it at once. The notice
 * goes when the listing is confirmed, expires or is deleted.
 */
export const reminderNoticeStatements = (event: RecordedEvent): Statement[] => {
  if (event.type === 'ListingExpiryReminded') {
    const { listingId, at, expiresAt, ownerId } = event.data as ListingExpiryReminded['data'];
    // Reminders recorded before the notice existed name no owner: their email went out.
    if (!ownerId) return [];
    return [
      sql`DELETE FROM owner_notices WHERE listing_id = ${listingId} AND kind = ${EXPIRY_REMINDER_NOTICE}`,
      sql`INSERT INTO owner_notices (id, user_id, kind, listing_id, reason, at)
          VALUES (${`${event.streamId}/${event.streamVersion}`}, ${ownerId}, ${EXPIRY_REMINDER_NOTICE},
            ${listingId}, ${reminderNoticeText(expiresAt)}, ${at})
          ON CONFLICT (id) DO NOTHING`,
      sql`SELECT pg_notify(${INBOX_CHANNEL}, ${ownerId})`,
    ];
  }
  if (!ENDS_REMINDER.has(event.type)) return [];
  const { listingId } = event.data as { listingId: string };
  return [
    sql`DELETE FROM owner_notices WHERE listing_id = ${listingId} AND kind = ${EXPIRY_REMINDER_NOTICE}`,
  ];
};
