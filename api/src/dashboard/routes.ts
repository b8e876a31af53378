import { Elysia } from 'elysia';
import {
  FAVOURITES_READ_MODEL,
  favouriteCount,
} from '@rentals/projections/queries/favouriteQueries';
import { enquiriesSent } from '@rentals/projections/queries/conversations';
import { ownerDailyViews } from '@rentals/projections/queries/ownerActivity';
import { waitForUserIn } from '@rentals/projections/queries/readYourWrites';
import { access } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import type { AppDeps } from '../deps.ts';
import { ACTIVITY_KEEP_DAYS, viewDay } from '../properties/viewCounter.ts';
import {
  OwnerViewsResponse,
  RecentSearchCriteria,
  RecentSearchesResponse,
  TenantDashboardResponse,
} from '@rentals/core/contract/dashboard';
import { recentSearches, recordSearch, RECENT_SEARCHES_KEPT } from './recentSearches.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

export type DashboardDeps = Pick<
  AppDeps,
  'sql' | 'clock' | 'jwtSecret' | 'tokenTtlSeconds' | 'log'
>;

const tags = ['Dashboard'];
const security = [{ bearer: [] }];
/** The owner's chart covers the last 30 days, today included. */
export const CHART_DAYS = 30;

/** The last `n` India days, oldest first, ending on `today`'s. */
export const lastDays = (today: Date, n: number): string[] =>
  Array.from({ length: n }, (_, i) =>
    viewDay(new Date(today.getTime() - (n - 1 - i) * 86_400_000)),
  );

/** The figures of the dashboards (issue 14), each about the caller only. */
export const dashboardRoutes = (deps: DashboardDeps) => {
  const write = idempotentWrites(deps);
  return new Elysia({ name: 'dashboard', prefix: '/dashboard' })
    .use(access(deps))
    .get(
      '/tenant',
      async ({ user }) => {
        await waitForUserIn(deps.sql, FAVOURITES_READ_MODEL, user.id);
        const [[viewed], favourites, sent, searches] = await Promise.all([
          deps.sql<{ n: number }[]>`
            SELECT count(*)::int AS n FROM user_viewed_listings WHERE user_id = ${user.id}`,
          favouriteCount(deps.sql, user.id),
          enquiriesSent(deps.sql, user.id),
          recentSearches(deps.sql, user.id),
        ]);
        return {
          propertiesViewed: viewed!.n,
          favourites,
          enquiriesSent: sent,
          recentSearches: searches,
        };
      },
      {
        requireUser: true,
        response: { 200: TenantDashboardResponse },
        detail: {
          summary: "The caller's own figures: listings viewed, favourites, recent searches",
          description: `Viewed: listings opened while signed in over the last ${ACTIVITY_KEEP_DAYS} days (views are recorded in batches, about a second late).`,
          tags,
          security,
        },
      },
    )
    .post(
      '/recent-searches',
      (context) =>
        write(
          context,
          async ({ user, body }) => {
            await recordSearch(deps.sql, user.id, body, deps.clock());
            return { recentSearches: await recentSearches(deps.sql, user.id) };
          },
          { fenced: false },
        ),
      {
        requireUser: true,
        body: RecentSearchCriteria,
        response: { 200: RecentSearchesResponse },
        detail: {
          summary: 'Record a search of the properties page as the caller’s latest',
          description: `The filters of the page's URL. A repeat (ignoring case and spacing) moves to the top; the last ${RECENT_SEARCHES_KEPT} are kept; a search without criteria is not kept.`,
          tags,
          security,
        },
      },
    )
    .get(
      '/owner/views',
      async ({ user }) => {
        const days = lastDays(deps.clock(), CHART_DAYS);
        return { days, listings: await ownerDailyViews(deps.sql, user.id, days) };
      },
      {
        requireRole: OWNER_ROLES,
        response: { 200: OwnerViewsResponse },
        detail: {
          summary:
            "Views and enquiries per day of the caller's listings over the last 30 days (the chart)",
          description:
            'The ten most viewed of the period. A viewer counts once per listing per day, as in the totals.',
          tags,
          security,
        },
      },
    );
};
