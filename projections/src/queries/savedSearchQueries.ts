import type { Sql } from 'postgres';

/**
 * New matches of each of a user's saved searches: listings announced to the
 * search since its matches were last seen (the alerts projection's
 * listing_search_alerts, a row per listing event with the searches it
 * newly matched), by search id. Searches without any are absent.
 */
export const newMatchCounts = async (db: Sql, userId: string): Promise<Map<string, number>> => {
  const rows = await db<{ searchId: string; count: number }[]>`
    SELECT s.search_id AS "searchId", count(*)::int AS count
    FROM saved_search_filters s
    JOIN listing_search_alerts a ON a.search_nos @> ARRAY[s.search_no] AND a.at > s.seen_at
    WHERE s.user_id = ${userId}
    GROUP BY s.search_id`;
  return new Map(rows.map((r) => [r.searchId, r.count]));
};

/** An in-app notification: a listing newly matching one of the user's saved searches. */
export type SavedSearchAlert = {
  id: number;
  searchId: string;
  searchName: string;
  listingId: string;
  title: string;
  city: string;
  area: string;
  rent: number;
  at: string;
  /** Recorded after the search's matches were last seen. */
  isNew: boolean;
};

/**
 * The user's announcements whose alerts were on, a row per search and
 * listing event (the alerts projection records one row per listing event
 * with the searches it newly matched; the GIN index on them finds the
 * user's). `id` orders them; two searches of a user share the event's id.
 */
export const userAlerts = (db: Sql, userId: string, after = 0) => db`
  (SELECT a.id, a.at, a.listing_id, s.search_id, s.search_no, s.name, s.seen_at
   FROM (SELECT search_id, search_no, name, seen_at FROM saved_search_filters WHERE user_id = ${userId}) s
   JOIN ${after > 0 ? announcedAfter(db, after) : announcedTo(db, userId)} a
     ON a.search_nos && ARRAY(SELECT search_no FROM saved_search_filters WHERE user_id = ${userId})
    AND s.search_no = ANY(a.search_nos) AND s.search_no <> ALL(a.quiet_nos))`;

/**
 * The announcements to any of the user's searches, found through the GIN
 * index on search_nos first (the fence keeps it so): the readers order by id
 * and take the newest, and the planner would otherwise walk the primary key
 * back from the newest row testing each, through every other user's
 * announcements (seconds on a big table, for a user with few).
 */
const announcedTo = (db: Sql, userId: string) => db`
  (SELECT * FROM listing_search_alerts
   WHERE search_nos && ARRAY(SELECT search_no FROM saved_search_filters WHERE user_id = ${userId})
   OFFSET 0)`;

/**
 * The announcements after `after`, by their ids (the primary key): what a
 * live stream reads on every wake-up, a few rows since its cursor. Read so,
 * not through the GIN index on search_nos, whose every lookup also scans the
 * index's pending list (megabytes while matching runs at full speed) — with
 * many open streams each woken per listing event, that put the alert latency
 * past seconds.
 */
const announcedAfter = (db: Sql, after: number) => db`
  (SELECT * FROM listing_search_alerts WHERE id > ${after} ORDER BY id OFFSET 0)`;

const alertRows = (
  db: Sql,
  userId: string,
  after: number,
  order: 'asc' | 'desc',
  limit: { rows: number } | { events: number },
) =>
  db<SavedSearchAlert[]>`
    WITH mine AS (
      SELECT a.id, a.search_id, a.search_no, a.name, a.listing_id, a.at, a.seen_at, l.title, l.city, l.area, l.rent
      FROM ${userAlerts(db, userId, after)} a
      JOIN alert_listings l ON l.id = a.listing_id AND l.available
      WHERE a.id > ${after}
    )
    SELECT a.id::int AS id, a.search_id AS "searchId", a.name AS "searchName", a.listing_id AS "listingId",
           a.title, a.city, a.area, a.rent, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           a.at > a.seen_at AS "isNew"
    FROM mine a
    ${'events' in limit ? db`WHERE a.id IN (SELECT DISTINCT id FROM mine ORDER BY id LIMIT ${limit.events})` : db``}
    ORDER BY a.id ${order === 'asc' ? db`ASC` : db`DESC`}, a.search_no ${order === 'asc' ? db`ASC` : db`DESC`}
    ${'rows' in limit ? db`LIMIT ${limit.rows}` : db``}`;

/** The user's newest notifications first (the header's list); listings no longer available are left out. */
export const recentAlerts = (db: Sql, userId: string, limit: number) =>
  alertRows(db, userId, 0, 'desc', { rows: limit });

/**
 * Notifications after `after` (an alert id), oldest first: what a live
 * stream sends next. `limit` counts listing events, each with all of its
 * rows (one per search of the user it matched), so that a page never ends
 * inside one: the stream's cursor is the id they share.
 */
export const alertsAfter = (db: Sql, userId: string, after: number, limit: number) =>
  alertRows(db, userId, after, 'asc', { events: limit });

/**
 * Where a fresh live stream starts: the newest announcement's id, the user's
 * or anyone's (nothing of the user's is before it that the stream should
 * send; the alerts projection, their one writer, commits them in id order).
 * Not 0 for a user without any, whose stream would then read every row.
 */
export const latestAlertId = async (db: Sql): Promise<number> => {
  const [row] = await db<{ id: number }[]>`
    SELECT coalesce(max(id), 0)::int AS id FROM listing_search_alerts`;
  return row?.id ?? 0;
};
