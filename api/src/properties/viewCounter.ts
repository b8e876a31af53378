import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';

/** Who viewed: a signed-in user, or a visitor known only by the client address the app saw. */
export type Viewer = { userId?: string; address: string | null };

/** India has one time zone; a "day" of views is a calendar day there. */
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
export const viewDay = (at: Date) =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The part of an address that identifies a visitor: IPv4 as is (an IPv4
 * address mapped into IPv6 too), IPv6 by its /64 prefix, because one home or
 * phone gets a whole /64 and can pick a new address in it for every request.
 */
export const addressKey = (address: string | null): string => {
  if (address === null || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.toLowerCase();
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const [left, right] = [groups(head), groups(tail)];
  const full = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${full
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
};

/**
 * Header changes never make a new viewer: a signed-in user is their user id,
 * a visitor their address (above), nothing else of the request.
 */
const viewerId = (viewer: Viewer) =>
  viewer.userId ? `u:${viewer.userId}` : `a:${addressKey(viewer.address)}`;

/** How long dedupe rows and salts are kept: today's, and yesterday's for late flushes. */
const KEEP_DAYS = 2;
/** How long the per-day totals (the owner's chart) and a user's own viewing history are kept. */
export const ACTIVITY_KEEP_DAYS = 90;
/** The most listings a user's own viewing history holds (the oldest go first). */
export const VIEWED_PER_USER = 200;

/**
 * View counters (DESIGN §4: counters, not events). A viewer counts once per
 * listing per day (India time), across flushes and web processes: the dedupe
 * rows (listing, day, viewer) live in Postgres.
 *
 * Viewers are stored only as an HMAC under that day's salt: a random value
 * the first process to need it writes to `view_salts`, and which is deleted
 * with the day's rows once the day is over, so a stored row cannot be turned
 * back into an address or user, even by someone holding the database later.
 *
 * Recording is synchronous and costs no round trip: views are buffered in
 * memory and written in one statement per flush (every `flushMs`), which also
 * hashes them, so raw addresses stay in memory for at most one interval.
 */
export const createViewCounter = (
  db: Sql,
  log: Logger,
  clock: () => Date = () => new Date(),
  flushMs = 1000,
) => {
  type Pending = { listingId: string; day: string; viewer: string; userId?: string; at: Date };
  let pending = new Map<string, Pending>();
  const salts = new Map<string, string>();
  let prunedBefore = '';

  const saltOf = async (day: string): Promise<string> => {
    const known = salts.get(day);
    if (known) return known;
    // Two processes may race to create the day's salt; the loser reads the winner's.
    for (;;) {
      const [row] = await db<{ salt: string }[]>`
        WITH created AS (
          INSERT INTO view_salts (day, salt) VALUES (${day}, ${randomBytes(32).toString('hex')})
          ON CONFLICT (day) DO NOTHING RETURNING salt)
        SELECT salt FROM created UNION ALL SELECT salt FROM view_salts WHERE day = ${day}`;
      if (row) {
        salts.set(day, row.salt);
        return row.salt;
      }
    }
  };

  /** Drops what belongs to days before the kept ones, once per day per process. */
  const prune = async (today: string) => {
    const first = viewDay(new Date(Date.parse(today) - (KEEP_DAYS - 1) * 86_400_000));
    if (prunedBefore === first) return;
    await db`DELETE FROM listing_viewers WHERE day < ${first}`;
    await db`DELETE FROM view_salts WHERE day < ${first}`;
    const activityFrom = new Date(Date.parse(today) - ACTIVITY_KEEP_DAYS * 86_400_000);
    await db`DELETE FROM listing_daily_views WHERE day < ${viewDay(activityFrom)}`;
    await db`DELETE FROM user_viewed_listings WHERE viewed_at < ${activityFrom}`;
    for (const day of salts.keys()) if (day < first) salts.delete(day);
    prunedBefore = first;
  };

  /** Signed-in viewers' own histories: the latest view of each listing, trimmed to the bound. */
  const recordHistory = async (batch: Pending[]) => {
    const mine = batch.filter((v): v is Pending & { userId: string } => v.userId !== undefined);
    if (mine.length === 0) return;
    const users = [...new Set(mine.map((v) => v.userId))];
    await db`
      INSERT INTO user_viewed_listings AS u (user_id, listing_id, viewed_at)
      SELECT user_id, listing_id, max(viewed_at)
      FROM unnest(${mine.map((v) => v.userId)}::text[], ${mine.map((v) => v.listingId)}::text[],
                  ${mine.map((v) => v.at.toISOString())}::timestamptz[]) AS t(user_id, listing_id, viewed_at)
      GROUP BY user_id, listing_id
      ON CONFLICT (user_id, listing_id) DO UPDATE SET viewed_at = greatest(u.viewed_at, excluded.viewed_at)`;
    await db`
      DELETE FROM user_viewed_listings u USING (
        SELECT user_id, listing_id,
               row_number() OVER (PARTITION BY user_id ORDER BY viewed_at DESC, listing_id) AS rank
        FROM user_viewed_listings WHERE user_id = ANY(${users}::text[])) ranked
      WHERE u.user_id = ranked.user_id AND u.listing_id = ranked.listing_id
        AND ranked.rank > ${VIEWED_PER_USER}`;
  };

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      const keyed = await Promise.all(
        batch.map(async (v) => ({
          ...v,
          viewer: createHmac('sha256', await saltOf(v.day))
            .update(v.viewer)
            .digest('hex')
            .slice(0, 32),
        })),
      );
      // The total and the day's figure grow from the same fresh (deduplicated) views.
      await db`
        WITH input AS (
          SELECT * FROM unnest(${keyed.map((v) => v.listingId)}::text[], ${keyed.map((v) => v.day)}::date[],
                               ${keyed.map((v) => v.viewer)}::text[]) AS t(listing_id, day, viewer)),
        fresh AS (
          INSERT INTO listing_viewers (listing_id, day, viewer) SELECT listing_id, day, viewer FROM input
          ON CONFLICT DO NOTHING RETURNING listing_id, day),
        daily AS (
          INSERT INTO listing_daily_views AS d (listing_id, day, views)
          SELECT listing_id, day, count(*) FROM fresh GROUP BY listing_id, day
          ON CONFLICT (listing_id, day) DO UPDATE SET views = d.views + excluded.views)
        INSERT INTO listing_view_counts AS c (listing_id, views)
        SELECT listing_id, count(*) FROM fresh GROUP BY listing_id
        ON CONFLICT (listing_id) DO UPDATE SET views = c.views + excluded.views`;
      await recordHistory(batch);
      await prune(viewDay(clock()));
    } catch (error) {
      log.warn('view counter flush failed; views of this batch are lost', {
        views: batch.length,
        error: (error as Error).message,
      });
    }
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** Counts a view later (batched). The same viewer twice on one day is one view. */
    record: (listingId: string, viewer: Viewer) => {
      const at = clock();
      const entry: Pending = {
        listingId,
        day: viewDay(at),
        viewer: viewerId(viewer),
        userId: viewer.userId,
        at,
      };
      pending.set(`${entry.listingId}\u0000${entry.day}\u0000${entry.viewer}`, entry);
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
