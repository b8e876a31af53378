import {
  NOTIFICATION_EVENT_TYPES,
  type NotificationEvent,
} from '@rentals/core/notifications/events';
import { INBOX_CHANNEL } from '../queries/conversations.ts';
import { NOTIFICATION_READS_PROJECTION } from '../queries/notificationQueries.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql } from '../runner/statement.ts';

/**
 * The notification bell's read mark per user (notification_reads): only ever
 * forward. The user's open streams are woken so the bell in their other tabs
 * shows the new count.
 */
export const notificationReadsProjection: SqlProjection = {
  kind: 'sql',
  name: NOTIFICATION_READS_PROJECTION,
  canHandle: NOTIFICATION_EVENT_TYPES,
  evolve: (event) => {
    const { userId, upTo } = (event as unknown as NotificationEvent).data;
    return [
      sql`INSERT INTO notification_reads AS r (user_id, read_up_to) VALUES (${userId}, ${upTo}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET read_up_to = greatest(r.read_up_to, excluded.read_up_to)`,
      sql`SELECT pg_notify(${INBOX_CHANNEL}, ${userId})`,
    ];
  },
  reset: [sql`TRUNCATE notification_reads`],
  tables: ['notification_reads'],
};
