import { Elysia } from 'elysia';
import { notificationsStreamId } from '@rentals/core/notifications/events';
import { NOTIFICATION_READS_PROJECTION } from '@rentals/projections/queries/notificationQueries';
import { waitForStream } from '@rentals/projections/queries/readYourWrites';
import { access } from '../access/access.ts';
import { jsonBody, requireJsonBody } from '../auth/jsonBody.ts';
import type { AppDeps } from '../deps.ts';
import {
  DEFAULT_NOTIFICATIONS_LISTED,
  MarkReadBody,
  NOTIFICATIONS_READ_LIMIT,
  notificationMessages,
  NotificationsQuery,
} from './model.ts';
import { NotificationsResponse } from '@rentals/core/contract/notification';
import { notificationService, type NotificationDeps } from './service.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

const tags = ['Notifications'];
const security = [{ bearer: [] }];

/**
 * The header's notification bell (issue 17): the caller's own notifications
 * only; no route takes a user id. Changes arrive live on
 * /api/conversations/stream (`alert` and `notifications` events).
 */
export const notificationRoutes = (
  deps: NotificationDeps & Pick<AppDeps, 'jwtSecret' | 'tokenTtlSeconds' | 'log'>,
) => {
  const service = notificationService(deps);
  const write = idempotentWrites(deps);
  return new Elysia({ name: 'notifications', prefix: '/notifications' })
    .use(access(deps))
    .get(
      '',
      ({ user, query }) => service.list(user.id, query.limit ?? DEFAULT_NOTIFICATIONS_LISTED),
      {
        requireUser: true,
        query: NotificationsQuery,
        response: { 200: NotificationsResponse },
        detail: {
          summary: 'My notifications: saved-search matches and owner notices, newest first',
          description:
            'With the unread count (matches and notices after the read mark) and the unread messages. ' +
            'Owner notices are listed by kind, whatever their kind (review decisions, expiry reminders).',
          tags,
          security,
        },
      },
    )
    .post(
      '/read',
      (context) =>
        write(context, async ({ user, body, request }) => {
          await service.markRead(user.id, deps.clientIp?.(request) ?? 'unknown', body);
          // Read your write: the answer's counts already reflect the mark.
          await waitForStream(
            deps.sql,
            notificationsStreamId(user.id),
            undefined,
            NOTIFICATION_READS_PROJECTION,
          );
          return service.list(user.id, DEFAULT_NOTIFICATIONS_LISTED);
        }),
      {
        requireUser: true,
        beforeHandle: requireJsonBody,
        response: { 200: NotificationsResponse },
        detail: {
          summary: 'Mark my notifications read up to a time (default: now), or one of them',
          description:
            'With `upTo` (or nothing) moves the read mark forward only; with `id` reads that one notification ' +
            `(opened from the bell). Messages are read in their conversation. At most ` +
            `${NOTIFICATIONS_READ_LIMIT.perSubject} a minute (429: '${notificationMessages.tooMany}').`,
          requestBody: { ...jsonBody(MarkReadBody), required: false },
          tags,
          security,
        },
      },
    );
};
