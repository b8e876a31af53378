import type { NotificationItem } from '@rentals/core/contract/notification';
import type { Sql } from 'postgres';
import { ownerNoticeDestination, sitePath } from '@rentals/core/mail/links';
import { MAX_COUNTED } from './countedUpTo.ts';
import { newestUserAlerts } from './savedSearchQueries.ts';

/** The read model of the bell's read marks (notifications/readMarks.ts), for read-your-writes. */
export const NOTIFICATION_READS_PROJECTION = 'notification-reads';

/**
 * The visits the other side booked, moved or called off (the read model of
 * core/src/visits): the owner hears of a booking, each side of the other's
 * move or cancellation. One item per visit, its latest change; the item's id
 * names the change (the invite's sequence), so each change is unread anew.
 * A no-show marked is not announced.
 */
const visitNotices = (db: Sql, userId: string, limit: number) => db`
  SELECT 'visit-' || v.visit_id || '-' || v.sequence AS id,
         CASE WHEN v.status = 'cancelled' THEN 'visit-cancelled'
              WHEN v.sequence = 0 THEN 'visit-booked' ELSE 'visit-moved' END AS kind,
         v.listing_id, v.conversation_id, v.start_at, v.updated_at AS at
  FROM visits v
  WHERE v.status <> 'noShow'
    AND ((v.owner_id = ${userId} AND coalesce(v.changed_by, v.tenant_id) <> ${userId})
      OR (v.tenant_id = ${userId} AND v.changed_by IS NOT NULL AND v.changed_by <> ${userId}))
  ORDER BY v.updated_at DESC LIMIT ${limit}`;

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The user's newest notifications, newest first: saved-search matches whose
 * alerts are on (listings no longer available left out, as the alerts list
 * does) and owner notices, each read or not by the user's read mark or
 * by having been opened.
 */
export const recentNotifications = async (
  db: Sql,
  userId: string,
  limit: number,
): Promise<NotificationItem[]> => {
  const rows = await db<
    (Omit<NotificationItem, 'link'> & { listingId: string; conversationId: string | null })[]
  >`
    WITH mark AS (
      SELECT coalesce((SELECT read_up_to FROM notification_reads WHERE user_id = ${userId}), '-infinity') AS at
    ),
    items AS (
      (SELECT 'match-' || a.id || '-' || a.search_no AS id, 'search-match' AS kind,
              'New match for “' || a.name || '”: ' || a.title AS text,
              a.name AS search, a.title AS title, a.listing_id, a.at, a.search_id,
              NULL::text AS conversation_id, NULL::timestamptz AS visit_at
       FROM ${newestUserAlerts(db, userId, limit)} a)
      UNION ALL
      (SELECT 'notice-' || n.id, n.kind, coalesce(l.title || ': ', '') || n.reason,
              NULL, l.title, n.listing_id, n.at, NULL, NULL, NULL
       FROM owner_notices n LEFT JOIN listing_read l ON l.id = n.listing_id
       WHERE n.user_id = ${userId}
       ORDER BY n.at DESC, n.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT v.id, v.kind, coalesce(l.title || ': ', '') || replace(v.kind, '-', ' '),
              NULL, l.title, v.listing_id, v.at, NULL, v.conversation_id, v.start_at
       FROM (${visitNotices(db, userId, limit)}) v LEFT JOIN listing_read l ON l.id = v.listing_id)
    )
    SELECT i.id, i.kind, i.text, i.search, i.title, i.listing_id AS "listingId", ${db.unsafe(iso('i.at'))} AS at,
           (i.at <= mark.at OR o.item_id IS NOT NULL) AS read, i.search_id AS "searchId",
           i.conversation_id AS "conversationId",
           CASE WHEN i.visit_at IS NULL THEN NULL ELSE ${db.unsafe(iso('i.visit_at'))} END AS "visitAt"
    FROM items i CROSS JOIN mark
    LEFT JOIN notification_opened o ON o.user_id = ${userId} AND o.item_id = i.id
    ORDER BY i.at DESC, i.id DESC LIMIT ${limit}`;
  // A match opens the listing; a visit its conversation; an owner notice leads where its email
  // does (a fix to the edit form).
  return rows.map(({ listingId, conversationId, ...item }) => ({
    ...item,
    link: sitePath(
      item.kind === 'search-match'
        ? { to: 'listing', listingId }
        : conversationId !== null
          ? { to: 'conversation', conversationId }
          : ownerNoticeDestination(item.kind, listingId),
    ),
  }));
};

/**
 * How many of the user's saved-search matches and owner notices are after
 * the read mark and not opened (counted up to MAX_COUNTED), and when the newest of
 * them was recorded (what a live stream compares to know the bell changed).
 */
export const notificationState = async (
  db: Sql,
  userId: string,
): Promise<{ unread: number; latestAt: string | null }> => {
  const [row] = await db<{ unread: number; latestAt: string | null }[]>`
    WITH mark AS (
      SELECT coalesce((SELECT read_up_to FROM notification_reads WHERE user_id = ${userId}), '-infinity') AS at
    ),
    items AS (
      (SELECT 'match-' || a.id || '-' || a.search_no AS id, a.at
       FROM ${newestUserAlerts(db, userId, MAX_COUNTED)} a)
      UNION ALL
      (SELECT 'notice-' || n.id, n.at FROM owner_notices n WHERE n.user_id = ${userId}
       ORDER BY n.at DESC LIMIT ${MAX_COUNTED})
      UNION ALL
      (SELECT v.id, v.at FROM (${visitNotices(db, userId, MAX_COUNTED)}) v)
    )
    SELECT least(count(*) FILTER (WHERE i.at > mark.at AND o.item_id IS NULL), ${MAX_COUNTED})::int
             AS unread,
           ${db.unsafe(iso('max(i.at)'))} AS "latestAt"
    FROM items i CROSS JOIN mark
    LEFT JOIN notification_opened o ON o.user_id = ${userId} AND o.item_id = i.id
    GROUP BY mark.at`;
  return row ?? { unread: 0, latestAt: null };
};
