import type { Locale } from '@rentals/core/i18n/locales';
import type { Sql } from 'postgres';
import type { Mailer } from '@rentals/core/mail/mailer';
import { expiryReminderEmail } from '@rentals/core/mail/emails';
import { emailLink } from '@rentals/core/mail/links';
import type { ListingEvent } from '@rentals/core/listings/events';
import { newConfirmLinkToken } from '@rentals/core/confirmLinkToken';
import { reminderDay } from './reminderNotice.ts';

type Reminded = Extract<ListingEvent, { type: 'ListingExpiryReminded' }>;

/**
 * The day-25 email: a single-use confirm link (its hash stored first, so a
 * link in an email always works) and the reminder to the owner's address.
 * Called by the sweep after ListingExpiryReminded is recorded; a failed send
 * is logged by the sweep (the owner still sees the reminder in My Properties).
 */
export const sendExpiryReminder =
  (deps: { sql: Sql; mailer: Mailer; siteUrl: string }) => async (event: Reminded) => {
    const { listingId } = event.data;
    const [owner] = await deps.sql<
      { ownerId: string; email: string; name: string; language: Locale; title: string | null }[]
    >`
      SELECT s.owner_id AS "ownerId", u.email, u.name, u.language, l.title
      FROM listing_expiry_schedule s
      JOIN users u ON u.id = s.owner_id
      LEFT JOIN listing_read l ON l.id = s.listing_id
      WHERE s.listing_id = ${listingId}`;
    if (!owner) return;
    const { token, tokenHash } = newConfirmLinkToken(listingId);
    await deps.sql`INSERT INTO listing_confirm_tokens (token_hash, listing_id, owner_id, issued_at)
      VALUES (${tokenHash}, ${listingId}, ${owner.ownerId}, ${event.data.at})`;
    const content = await expiryReminderEmail({
      locale: owner.language,
      name: owner.name,
      listingTitle: owner.title,
      expiresOn: reminderDay(event.data.expiresAt, owner.language),
      confirmLink: emailLink(deps.siteUrl, { to: 'confirm-available', token }),
      manageLink: emailLink(deps.siteUrl, { to: 'my-properties' }),
    });
    await deps.mailer.send({ to: owner.email, ...content });
  };
