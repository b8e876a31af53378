import { ConcurrencyError } from '@rentals/core/errors';
import {
  NOTIFICATIONS_STREAM_TYPE,
  notificationsStreamId,
  type NotificationEvent,
} from '@rentals/core/notifications/events';
import {
  decideReadMark,
  foldReadMark,
  type NotificationCommand,
} from '@rentals/core/notifications/readMark';
import { unreadTotal } from '@rentals/projections/queries/conversations';
import {
  notificationState,
  recentNotifications,
} from '@rentals/projections/queries/notificationQueries';
import { createWriteLimit } from '../access/attemptLimit.ts';
import type { AppDeps } from '../deps.ts';
import { NOTIFICATIONS_READ_LIMIT, readMarkReadBody } from './model.ts';

export type NotificationDeps = Pick<AppDeps, 'sql' | 'eventStore' | 'clock' | 'clientIp'>;

const MAX_ATTEMPTS = 5;

/**
 * The notification bell: the caller's recent saved-search matches and owner
 * notices with the unread count, their unread messages, and the read mark
 * (an event on the caller's own notifications stream).
 */
export const notificationService = (deps: NotificationDeps) => {
  const { sql, eventStore, clock } = deps;
  const limitWrite = createWriteLimit(sql, NOTIFICATIONS_READ_LIMIT);

  const handle = async (command: NotificationCommand, attemptsLeft = MAX_ATTEMPTS) => {
    const { userId } = command;
    const streamId = notificationsStreamId(userId);
    const { version, events } = await eventStore.readStream(streamId);
    const decided = decideReadMark(command, foldReadMark(events as unknown as NotificationEvent[]));
    if (decided.length === 0) return;
    try {
      await eventStore.append(streamId, NOTIFICATIONS_STREAM_TYPE, version, decided, { userId });
    } catch (error) {
      if (error instanceof ConcurrencyError && attemptsLeft > 1)
        return handle(command, attemptsLeft - 1);
      throw error;
    }
  };

  return {
    async list(userId: string, limit: number) {
      const [items, state, unreadMessages] = await Promise.all([
        recentNotifications(sql, userId, limit),
        notificationState(sql, userId),
        unreadTotal(sql, userId),
      ]);
      return { unread: state.unread, unreadMessages, items };
    },

    async markRead(userId: string, address: string, body: unknown) {
      const { upTo, id } = readMarkReadBody(body);
      const now = clock();
      await limitWrite(userId, address, now);
      const at = now.toISOString();
      await handle(
        id === undefined
          ? { type: 'MarkNotificationsRead', userId, upTo: upTo ?? at, at }
          : { type: 'OpenNotification', userId, itemId: id, at },
      );
    },
  };
};
