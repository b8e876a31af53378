import type { Sql } from 'postgres';
import { MAX_COUNTED } from './countedUpTo.ts';

/**
 * New matches of each of a user's saved searches: listings announced to the
 * search since its matches were last seen (the alerts projection's
 * listing_search_alerts, a row per listing event with the searches it
 * newly matched), by search id, at most MAX_COUNTED (shown as '99+'; all are
 * counted: a LIMIT per search made the planner scan the table for each,
 * 16–23 s instead of 0.3–0.4 s for a searcher with thousands). Searches
 * without any are absent.
 */
export const newMatchCounts = async (db: Sql, userId: string): Promise<Map<string, number>> => {
  const rows = await db<{ searchId: string; count: number }[]>`
    SELECT s.search_id AS "searchId", least(count(*), ${MAX_COUNTED})::int AS count
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
const userAlerts = (db: Sql, userId: string, after = 0, recentOnly = false) => db`
  (SELECT a.id, a.at, a.listing_id, s.search_id, s.search_no, s.name, s.seen_at
   FROM (SELECT search_id, search_no, name, seen_at FROM saved_search_filters WHERE user_id = ${userId}) s
   JOIN ${after > 0 ? announcedAfter(db, after) : announcedTo(db, userId, recentOnly)} a
     ON a.search_nos && ARRAY(SELECT search_no FROM saved_search_filters WHERE user_id = ${userId})
    AND s.search_no = ANY(a.search_nos) AND s.search_no <> ALL(a.quiet_nos))`;

/**
 * The newest announcements the newest-first readers (the bell, the alerts
 * list) look through first: a user with thousands found through the GIN
 * index had every one of them read and joined to show the newest (1.4–3 s
 * for 16,000 on the bench stack); within the newest ids the planner ANDs the
 * GIN index with the primary key's range and reads only those (24 ms).
 */
const RECENT_WINDOW = 5_000;

/**
 * The announcements to any of the user's searches, found through the GIN
 * index on search_nos first (the fence keeps it so): the readers order by id
 * and take the newest, and the planner would otherwise walk the primary key
 * back from the newest row testing each, through every other user's
 * announcements (seconds on a big table, for a user with few).
 */
const announcedTo = (db: Sql, userId: string, recentOnly = false) => db`
  (SELECT * FROM listing_search_alerts
   WHERE search_nos && ARRAY(SELECT search_no FROM saved_search_filters WHERE user_id = ${userId})
   ${recentOnly ? db`AND id > (SELECT max(id) FROM listing_search_alerts) - ${RECENT_WINDOW}` : db``}
   OFFSET 0)`;

/**
 * The user's newest `limit` notifications of listings still available, newest
 * first: from the newest RECENT_WINDOW announcements when they hold `limit`
 * (then those are the newest of all: every other is older), else from all.
 */
export const newestUserAlerts = (db: Sql, userId: string, limit: number) => {
  const newest = (recentOnly: boolean) => db`
    SELECT a.id, a.at, a.listing_id, a.search_id, a.search_no, a.name, a.seen_at, l.title, l.city, l.area, l.rent
    FROM ${userAlerts(db, userId, 0, recentOnly)} a
    JOIN alert_listings l ON l.id = a.listing_id AND l.available
    ORDER BY a.id DESC, a.search_no DESC LIMIT ${limit}`;
  // The second branch is planned as a one-time filter: read only when the recent ones fall short.
  return db`
    (WITH recent AS MATERIALIZED (${newest(true)})
     SELECT * FROM recent WHERE (SELECT count(*) FROM recent) >= ${limit}
     UNION ALL
     (SELECT * FROM (${newest(false)}) every WHERE (SELECT count(*) FROM recent) < ${limit}))`;
};

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

/** A notification as the API shows it, from a row of `newestUserAlerts`' shape. */
const presented = (db: Sql) => db`
  a.id::int AS id, a.search_id AS "searchId", a.name AS "searchName", a.listing_id AS "listingId",
  a.title, a.city, a.area, a.rent, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  a.at > a.seen_at AS "isNew"`;

/** The user's newest notifications first (the header's list); listings no longer available are left out. */
export const recentAlerts = (db: Sql, userId: string, limit: number) =>
  db<SavedSearchAlert[]>`
    SELECT ${presented(db)} FROM ${newestUserAlerts(db, userId, limit)} a
    ORDER BY a.id DESC, a.search_no DESC`;

/**
 * Notifications after `after` (an alert id), oldest first: what a live
 * stream sends next. `limit` counts listing events, each with all of its
 * rows (one per search of the user it matched), so that a page never ends
 * inside one: the stream's cursor is the id they share.
 */
export const alertsAfter = (db: Sql, userId: string, after: number, limit: number) =>
  db<SavedSearchAlert[]>`
    WITH mine AS (
      SELECT a.id, a.search_id, a.search_no, a.name, a.listing_id, a.at, a.seen_at, l.title, l.city, l.area, l.rent
      FROM ${userAlerts(db, userId, after)} a
      JOIN alert_listings l ON l.id = a.listing_id AND l.available
      WHERE a.id > ${after}
    )
    SELECT ${presented(db)} FROM mine a
    WHERE a.id IN (SELECT DISTINCT id FROM mine ORDER BY id LIMIT ${limit})
    ORDER BY a.id ASC, a.search_no ASC`;

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
