import { Elysia } from 'elysia';
import {
  ownerNotices,
  possiblyRented,
  REPORT_QUEUE_READ_MODEL,
  reviewQueue,
} from '@rentals/projections/queries/reportQueries';
import { waitForStream, waitForUserIn } from '@rentals/projections/queries/readYourWrites';
import { reportsStreamId } from '@rentals/core/reports/events';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { listingIdOr404 } from '../listings/model.ts';
import {
  PossiblyRentedQuery,
  QueueQuery,
  REPORT_LIMIT,
  reportApiMessages,
  ReportBody,
  ReviewBody,
} from './model.ts';
import {
  HistoryResponse,
  PossiblyRentedResponse,
  QueueResponse,
  ReportResponse,
  ReviewResponse,
} from '@rentals/core/contract/report';
import { NoticesResponse } from '@rentals/core/contract/ownerNotice';
import { reportService } from './service.ts';
import { requestLocale } from '../i18n/apiErrors.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

export type ReportDeps = Pick<
  AppDeps,
  | 'sql'
  | 'eventStore'
  | 'clock'
  | 'newId'
  | 'log'
  | 'jwtSecret'
  | 'clientIp'
  | 'tokenTtlSeconds'
  | 'mailer'
  | 'siteUrl'
>;

const tags = ['Reports'];
const security = [{ bearer: [] }];
const admin = { requireRole: ['admin'] as const };

/**
 * Reports and their review (issue 17, docs/TRUST.md). Any signed-in user
 * reports a listing; the queue, a listing's history and the decisions are
 * for admins only. No route takes a user id: a user's notices are the
 * caller's own.
 */
export const reportRoutes = (deps: ReportDeps) => {
  const service = reportService(deps);
  const address = (request: Request) => deps.clientIp?.(request) ?? 'unknown';

  const write = idempotentWrites(deps);
  return new Elysia({ name: 'reports', prefix: '/reports' })
    .use(access(deps))
    .post(
      '',
      (context) =>
        write(context, async ({ body, user, request, set }) => {
          const created = await service.report(user, body, address(request));
          set.status = 201;
          return created;
        }),
      {
        requireUser: true,
        body: ReportBody,
        response: { 201: ReportResponse },
        detail: {
          summary: 'Report a listing',
          description:
            "One report per user per listing (409 'You have already reported this listing'); never one's own " +
            `(403). At most ${REPORT_LIMIT.perSubject} reports an hour (429: '${reportApiMessages.tooMany}').`,
          tags,
          security,
        },
      },
    )
    .get(
      '/possibly-rented',
      async ({ query }) => ({
        listingIds: await possiblyRented(deps.sql, query.ids.split(',')),
      }),
      {
        query: PossiblyRentedQuery,
        response: { 200: PossiblyRentedResponse },
        detail: {
          summary: "Which of these properties are marked 'Possibly rented'",
          description:
            "Three independent 'Already rented' reports mark a property until its owner edits, relists or confirms it.",
          tags,
        },
      },
    )
    .get(
      '/notices',
      async ({ user }) => {
        await waitForUserIn(deps.sql, REPORT_QUEUE_READ_MODEL, user.id);
        return { notices: await ownerNotices(deps.sql, user.id) };
      },
      {
        requireUser: true,
        response: { 200: NoticesResponse },
        detail: {
          summary: "What admins' review decisions told the caller about their listings",
          tags,
          security,
        },
      },
    )
    .get(
      '/queue',
      async ({ query, user }) => {
        await waitForUserIn(deps.sql, REPORT_QUEUE_READ_MODEL, user.id);
        return { entries: await reviewQueue(deps.sql, query.limit ?? 50) };
      },
      {
        ...admin,
        query: QueueQuery,
        response: { 200: QueueResponse },
        detail: {
          summary: 'The review queue: reported listings, most open reports first, then the oldest',
          tags,
          security,
        },
      },
    )
    .get(
      '/listings/:listingId',
      // Its sentences in the admin's language (the site sends its page's, api/src/i18n/apiErrors.ts).
      ({ params, request }) =>
        service.history(listingIdOr404(params.listingId), requestLocale(request)),
      {
        ...admin,
        response: { 200: HistoryResponse },
        detail: {
          summary:
            'A reported listing as it is now, with the events of the listing and its reports',
          tags,
          security,
        },
      },
    )
    .post(
      '/listings/:listingId/review',
      (context) =>
        write(
          context,
          async ({ params, body, user, request }) => {
            const listingId = listingIdOr404(params.listingId);
            const result = await service.review(user, listingId, body.action, {
              ...(body.reason === undefined ? {} : { reason: body.reason }),
              ...(body.reportIds === undefined ? {} : { reportIds: body.reportIds }),
              locale: requestLocale(request),
            });
            await waitForStream(
              deps.sql,
              reportsStreamId(listingId),
              undefined,
              REPORT_QUEUE_READ_MODEL,
            );
            return result;
          },
          { fenced: false },
        ),
      {
        ...admin,
        body: ReviewBody,
        response: { 200: ReviewResponse },
        detail: {
          summary: "Decide on a listing's open reports",
          description:
            'dismiss; askOwnerToFix, delist and suspendOwner need a reason, which the owner is told (in-app and by ' +
            'email). suspendOwner also blocks their sign-in, ends their sessions and delists their listings. ' +
            'undoBrigade dismisses the open reports named in reportIds (a brigade: see the history’s openReports) ' +
            'and restores the listing; the other open reports stay open. ' +
            '409 when the listing has no open reports (e.g. another admin decided first).',
          tags,
          security,
        },
      },
    );
};
