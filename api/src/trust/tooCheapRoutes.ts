import { requestLocale } from '../i18n/apiErrors.ts';
import { Elysia, t } from 'elysia';
import { tooCheapQueue } from '@rentals/projections/queries/rentCheckQueue';
import { waitForUser } from '@rentals/projections/queries/readYourWrites';
import { MUCH_BELOW_SHARE } from '@rentals/core/trust/tooCheap';
import { TooCheapResponse } from '@rentals/core/contract/tooCheap';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';

export type TooCheapDeps = Pick<AppDeps, 'sql' | 'clock' | 'jwtSecret' | 'tokenTtlSeconds'>;

export const TOO_CHEAP_PAGE_SIZE = 20;
const PAGE_MAX = 500;

export const TooCheapQuery = t.Object(
  {
    page: t.Optional(
      t.Integer({
        minimum: 1,
        maximum: PAGE_MAX,
        default: 1,
        error: `page must be a whole number from 1 to ${PAGE_MAX}`,
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * 'Too good to be true' for admins (issue 41, docs/TRUST.md): the listings the
 * rent-check sweep found much below similar homes, with the comparables. An
 * admin checks each and verifies it (it leaves the queue) or acts on it.
 */
export const tooCheapRoutes = (deps: TooCheapDeps) =>
  new Elysia({ name: 'tooCheap', prefix: '/admin' }).use(access(deps)).get(
    '/too-cheap',
    async ({ query, user, request }) => {
      // The admin's own verifications and delistings from this queue show at once (read-your-writes).
      await waitForUser(deps.sql, user.id);
      const page = query.page ?? 1;
      // The evidence in the admin's language (the site sends its page's, api/src/i18n/apiErrors.ts).
      const found = await tooCheapQueue(
        deps.sql,
        { page, pageSize: TOO_CHEAP_PAGE_SIZE },
        requestLocale(request),
      );
      return { ...found, page, pageSize: TOO_CHEAP_PAGE_SIZE };
    },
    {
      requireRole: ['admin'] as const,
      query: TooCheapQuery,
      response: { 200: TooCheapResponse },
      detail: {
        summary: 'Listed, unverified properties much below similar homes nearby',
        description:
          `A listing whose monthly rent is at most ${MUCH_BELOW_SHARE * 100} % of the median of its ` +
          'comparables (the fair-rent hint of GET /properties/{id}/market), as the rent-check sweep last ' +
          'found it (it checks new and changed rents within a minute, the rest weekly); furthest below ' +
          'first, 20 a page. Verifying a listing takes it out.',
        tags: ['Admin'],
        security: [{ bearer: [] }],
      },
    },
  );
