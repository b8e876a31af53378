import {
  NOTIFICATION_EVENT_TYPES,
  type NotificationEvent,
} from '@rentals/core/notifications/events';
import { INBOX_CHANNEL } from '../queries/conversations.ts';
import { NOTIFICATION_READS_PROJECTION } from '../queries/notificationQueries.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql } from '../runner/statement.ts';

/**
 * The notification bell's read state per user: the read mark
 * (notification_reads, only ever forward) and the notifications opened one
 * by one (notification_opened). The user's open streams are woken so the
 * bell in their other tabs shows the new count.
 */
export const notificationReadsProjection: SqlProjection = {
  kind: 'sql',
  name: NOTIFICATION_READS_PROJECTION,
  canHandle: NOTIFICATION_EVENT_TYPES,
  evolve: (recorded) => {
    const event = recorded as unknown as NotificationEvent;
    const { userId } = event.data;
    const wake = sql`SELECT pg_notify(${INBOX_CHANNEL}, ${userId})`;
    if (event.type === 'NotificationOpened')
      return [
        sql`INSERT INTO notification_opened (user_id, item_id) VALUES (${userId}, ${event.data.itemId})
            ON CONFLICT DO NOTHING`,
        wake,
      ];
    return [
      sql`INSERT INTO notification_reads AS r (user_id, read_up_to) VALUES (${userId}, ${event.data.upTo}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET read_up_to = greatest(r.read_up_to, excluded.read_up_to)`,
      wake,
    ];
  },
  reset: [sql`TRUNCATE notification_reads, notification_opened`],
  tables: ['notification_reads', 'notification_opened'],
};
