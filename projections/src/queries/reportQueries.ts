import type { Sql } from 'postgres';
import type { OwnerNotice } from '@rentals/core/contract/ownerNotice';
import { REPORT_QUEUE_READ_MODEL } from '@rentals/core/readSide/names';

export { REPORT_QUEUE_READ_MODEL };

export type QueueEntry = {
  listingId: string;
  ownerId: string;
  ownerName: string | null;
  title: string | null;
  city: string | null;
  openReports: number;
  totalReports: number;
  reasons: Record<string, number>;
  firstReportAt: string | null;
  hidden: boolean;
  possiblyRented: boolean;
};

/**
 * The review queue: listings with open reports, most reports first, then the
 * oldest first report (the one waiting longest).
 */
export const reviewQueue = async (db: Sql, limit: number): Promise<QueueEntry[]> => {
  const rows = await db<(Omit<QueueEntry, 'firstReportAt'> & { firstReportAt: Date | null })[]>`
    SELECT q.listing_id AS "listingId", q.owner_id AS "ownerId", u.name AS "ownerName", l.title, l.city,
           q.open_count AS "openReports", q.total_count AS "totalReports", q.open_reasons AS reasons,
           q.first_open_at AS "firstReportAt", q.hidden, q.possibly_rented AS "possiblyRented"
    FROM report_queue q
    LEFT JOIN listing_read l ON l.id = q.listing_id
    LEFT JOIN users u ON u.id = q.owner_id
    WHERE q.open_count > 0
    ORDER BY q.open_count DESC, q.first_open_at, q.listing_id
    LIMIT ${limit}`;
  return rows.map((r) => ({ ...r, firstReportAt: r.firstReportAt?.toISOString() ?? null }));
};

/** What admins' review decisions (and the day-25 expiry reminders) told the user, newest first. */
export const ownerNotices = async (db: Sql, userId: string, limit = 50): Promise<OwnerNotice[]> => {
  const rows = await db<(Omit<OwnerNotice, 'at'> & { at: Date })[]>`
    SELECT n.id, n.kind, n.listing_id AS "listingId", l.title, n.reason, n.at
    FROM owner_notices n LEFT JOIN listing_read l ON l.id = n.listing_id
    WHERE n.user_id = ${userId}
    ORDER BY n.at DESC, n.id DESC
    LIMIT ${limit}`;
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
};

/** The owner's listed listings (what a suspension delists). */
export const ownerListedListingIds = async (db: Sql, ownerId: string): Promise<string[]> =>
  (
    await db<{ id: string }[]>`
      SELECT listing_id AS id FROM owner_listing_membership WHERE owner_id = ${ownerId} AND listed
      ORDER BY listing_id`
  ).map((r) => r.id);

/** Which of these listings are marked 'Possibly rented' (cards and the detail page show it). */
export const possiblyRented = async (db: Sql, listingIds: readonly string[]): Promise<string[]> =>
  (
    await db<{ id: string }[]>`
      SELECT listing_id AS id FROM report_queue
      WHERE possibly_rented AND listing_id = ANY(${listingIds as string[]}::text[])
      ORDER BY listing_id`
  ).map((r) => r.id);
