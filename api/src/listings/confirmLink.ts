import { Elysia, t } from 'elysia';
import type { AppDeps } from '../deps.ts';
import { AppError } from '@rentals/core/errors';
import { confirmLinkTokenHash } from '@rentals/core/confirmLinkToken';
import { decide } from '@rentals/core/listings/decide';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import { findUserById } from '../auth/users.ts';
import { actionPage } from '../web/actionPage.ts';

export const confirmLinkMessages = {
  confirmed: 'Thank you: your property is confirmed as still available for another 30 days.',
  renewed: 'Thank you: your property was expired and is listed again for another 30 days.',
  alreadyUsed:
    "This link was already used, so it did nothing this time. To confirm again, use 'Still available' in My Properties.",
  invalid: 'This confirmation link is not valid. Sign in and use My Properties instead.',
} as const;

/** The answer in the site's look: the link is opened from an email, often on a phone, by an owner not signed in. */
const page = (status: number, heading: string, text: string, siteUrl: string) =>
  actionPage({
    status,
    heading,
    text,
    links: [{ href: `${siteUrl}/my-properties`, label: 'My Properties' }],
    testId: 'confirm-result',
  });

/**
 * GET /api/listing-confirmations/{token}: the reminder email's one-click
 * 'Still available' (issue 17). No sign-in: the token is the proof. Claimed
 * once (the UPDATE that checks `used_at` sets it), then the owner's
 * ConfirmAvailability goes through the normal command path; a second use
 * says clearly that it was already used.
 */
export const confirmLinkRoutes = (
  deps: Pick<AppDeps, 'sql' | 'eventStore' | 'clock'> & { siteUrl?: string },
) => {
  const commands = listingCommandHandler(deps.eventStore);
  const siteUrl = deps.siteUrl ?? '';
  return new Elysia({ name: 'listing-confirm-links' }).get(
    '/listing-confirmations/:token',
    async ({ params }) => {
      const hash = confirmLinkTokenHash(params.token);
      if (!hash) return page(404, 'Link not valid', confirmLinkMessages.invalid, siteUrl);
      const now = deps.clock();
      const [claimed] = await deps.sql<{ listingId: string; ownerId: string }[]>`
        UPDATE listing_confirm_tokens SET used_at = ${now}
        WHERE token_hash = ${hash} AND used_at IS NULL
        RETURNING listing_id AS "listingId", owner_id AS "ownerId"`;
      if (!claimed) {
        const [known] =
          await deps.sql`SELECT 1 FROM listing_confirm_tokens WHERE token_hash = ${hash}`;
        return known
          ? page(409, 'Already used', confirmLinkMessages.alreadyUsed, siteUrl)
          : page(404, 'Link not valid', confirmLinkMessages.invalid, siteUrl);
      }
      const owner = await findUserById(deps.sql, claimed.ownerId);
      if (!owner) return page(404, 'Link not valid', confirmLinkMessages.invalid, siteUrl);
      try {
        const outcome = await commands.handle(
          claimed.listingId,
          (state) =>
            decide(
              {
                type: 'ConfirmAvailability',
                actor: { id: owner.id, role: owner.role },
                at: now.toISOString(),
              },
              state,
            ),
          { userId: owner.id },
        );
        const renewed = outcome.events.some((e) => e.type === 'ListingRelisted');
        return page(
          200,
          'Still available',
          renewed ? confirmLinkMessages.renewed : confirmLinkMessages.confirmed,
          siteUrl,
        );
      } catch (error) {
        // Refused (delisted or deleted since the email): say why, as the API would.
        if (error instanceof AppError)
          return page(error.status, 'Not confirmed', error.message, siteUrl);
        throw error;
      }
    },
    {
      params: t.Object({ token: t.String({ maxLength: 200 }) }),
      detail: {
        summary: "The reminder email's one-click 'Still available' link (no sign-in, works once)",
        description:
          'Answers an HTML page: 200 confirmed (or renewed when expired), 409 already used, 404 not a valid link; ' +
          '409 also when the property was delisted since the email.',
        tags: ['Properties'],
      },
    },
  );
};
