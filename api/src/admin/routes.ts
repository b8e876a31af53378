import { Elysia } from 'elysia';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { AppError } from '@rentals/core/errors';
import {
  adminListings,
  adminOverview,
  recentDecisions,
} from '@rentals/projections/queries/adminQueries';
import { waitForUser, waitForUserIn } from '@rentals/projections/queries/readYourWrites';
import { REPORT_QUEUE_READ_MODEL } from '@rentals/projections/queries/reportQueries';
import { access, callerOf } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { listingVerification } from '../listings/service.ts';
import {
  ADMIN_PAGE_SIZE,
  ListingsQuery,
  RECENT_DECISIONS,
  VERIFY_IDS_MAX,
  VerifyManyBody,
} from './model.ts';
import {
  AdminListingsResponse,
  OverviewResponse,
  VerifyManyResponse,
} from '@rentals/core/contract/adminListing';
import { localiseMessage, requestLocale } from '../i18n/apiErrors.ts';
import type { Locale } from '@rentals/core/i18n/locales';
import { idempotentWrites } from '../idempotency/idempotency.ts';

export type AdminDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'log' | 'jwtSecret' | 'tokenTtlSeconds'
>;

const tags = ['Admin'];
const security = [{ bearer: [] }];
const admin = { requireRole: ['admin'] as const };

/**
 * One listing at a time: each is its own command on its own stream, and one failure stops no
 * other; the answer says per id whether it worked and, if not, why.
 */
const verifyMany = async (
  setVerification: ReturnType<typeof listingVerification>,
  caller: ReturnType<typeof callerOf>,
  { ids, verified }: { ids: string[]; verified: boolean },
  locale: Locale,
) => {
  const results = [];
  for (const id of ids) {
    try {
      const { property } = await setVerification(caller, id, verified);
      results.push({ id, ok: true as const, isVerified: property.isVerified });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Why, as an error would say it: in the admin's language.
      const message = localiseMessage(error.message, locale);
      results.push({ id, ok: false as const, status: error.status, message });
    }
  }
  return results;
};

/**
 * The admin console (issue 38, docs/TRUST.md): what waits for an admin, the
 * listings to verify, and verifying many at once. Admins only. Verifying is
 * the listing's own command, run per listing exactly as
 * PATCH /properties/:id/verify runs it.
 */
export const adminRoutes = (deps: AdminDeps) => {
  const setVerification = listingVerification(deps);

  const write = idempotentWrites(deps);
  return new Elysia({ name: 'admin', prefix: '/admin' })
    .use(access(deps))
    .get(
      '/overview',
      async ({ user, request }) => {
        await waitForUserIn(deps.sql, REPORT_QUEUE_READ_MODEL, user.id);
        const [counts, decisions] = await Promise.all([
          adminOverview(deps.sql),
          // The decisions in words in the admin's language (the site sends its page's).
          recentDecisions(deps.sql, RECENT_DECISIONS, requestLocale(request)),
        ]);
        return { counts, recentDecisions: decisions };
      },
      {
        ...admin,
        response: { 200: OverviewResponse },
        detail: {
          summary: "The admin console's counts and the newest decisions admins took",
          tags,
          security,
        },
      },
    )
    .get(
      '/listings',
      async ({ query, user }) => {
        await waitForUser(deps.sql, user.id);
        const page = query.page ?? 1;
        const city = query.city?.trim();
        const found = await adminListings(deps.sql, {
          verified: query.verified === 'true',
          ...(city ? { cityKey: normaliseLocality(city) } : {}),
          page,
          pageSize: ADMIN_PAGE_SIZE,
        });
        return { ...found, page, pageSize: ADMIN_PAGE_SIZE };
      },
      {
        ...admin,
        query: ListingsQuery,
        response: { 200: AdminListingsResponse },
        detail: {
          summary: 'Listed properties by verification, newest first, a page of 20',
          tags,
          security,
        },
      },
    )
    .post(
      '/listings/verify',
      (context) =>
        write(context, async ({ body, user, request }) => ({
          results: await verifyMany(
            setVerification,
            callerOf(user, request),
            body,
            requestLocale(request),
          ),
        })),
      {
        ...admin,
        body: VerifyManyBody,
        response: { 200: VerifyManyResponse },
        detail: {
          summary: 'Verify (or revoke the verification of) several properties at once',
          description:
            `1–${VERIFY_IDS_MAX} ids. Each is verified on its own; the answer says per id whether it worked ` +
            "and, if not, why (e.g. 404 'Property not found'). Verifying a verified property changes nothing.",
          tags,
          security,
        },
      },
    );
};
