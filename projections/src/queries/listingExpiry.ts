import type { Sql } from 'postgres';
import type { OwnerNotice } from '@rentals/core/contract/ownerNotice';

/** The expiry scheduler's last sweep (listingExpiry/sweep.ts), for /api/health. */
export type ExpirySweepStatus = {
  lastSweepAt: string;
  /** The `now` the sweep decided with. */
  sweptFor: string;
  due: number;
  reminded: number;
  expired: number;
  failures: number;
  durationMs: number;
};

/** Null before the first sweep. */
export const lastExpirySweep = async (sql: Sql): Promise<ExpirySweepStatus | null> => {
  const [row] = await sql<
    {
      sweptAt: Date;
      nowUsed: Date;
      due: number;
      reminded: number;
      expired: number;
      failures: number;
      durationMs: number;
    }[]
  >`SELECT swept_at AS "sweptAt", now_used AS "nowUsed", due, reminded, expired, failures,
           duration_ms AS "durationMs" FROM listing_expiry_sweeps`;
  if (!row) return null;
  const { sweptAt, nowUsed, ...counts } = row;
  return { lastSweepAt: sweptAt.toISOString(), sweptFor: nowUsed.toISOString(), ...counts };
};

/** Ids of the user's owner notices (where a fresh live stream starts: it sends only newer ones). */
export const ownerNoticeIds = async (sql: Sql, userId: string): Promise<string[]> =>
  (await sql<{ id: string }[]>`SELECT id FROM owner_notices WHERE user_id = ${userId}`).map(
    (r) => r.id,
  );

/**
 * The user's owner notices other than `seen`, oldest first, for the live
 * stream. Notices have no order of writing (their id is their event's), so
 * the stream remembers what it sent rather than a position.
 */
export const ownerNoticesNotIn = async (
  sql: Sql,
  userId: string,
  seen: readonly string[],
): Promise<OwnerNotice[]> => {
  const rows = await sql<(Omit<OwnerNotice, 'at'> & { at: Date })[]>`
    SELECT n.id, n.kind, n.listing_id AS "listingId", l.title, n.reason, n.at
    FROM owner_notices n LEFT JOIN listing_read l ON l.id = n.listing_id
    WHERE n.user_id = ${userId} AND NOT (n.id = ANY(${seen}::text[]))
    ORDER BY n.at, n.id
    LIMIT 50`;
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
};
