import type { AdminListing } from '@rentals/core/contract/adminListing';
import type { Sql } from 'postgres';
import { describeEvent } from '@rentals/core/history/describeEvent';
import type { Locale } from '@rentals/core/i18n/locales';
import { pendingDuplicateCount } from './duplicateQueries.ts';

/** What the admin console's first screen counts. */
export type AdminOverview = {
  /** Listings with open reports (the review queue's length) and the reports open on them. */
  reportedListings: number;
  openReports: number;
  /** Listings hidden by 'Fake or scam' reports until an admin decides. */
  hiddenAwaitingDecision: number;
  /** Listed listings no admin has verified. */
  awaitingVerification: number;
  /** Of those, the ones the rent check found much below similar homes (rentCheckQueue.ts). */
  muchBelowSimilar: number;
  /** Recycled photos and duplicate listings found and not yet decided (duplicateQueries.ts). */
  duplicatePairs: number;
};

export const adminOverview = async (db: Sql): Promise<AdminOverview> => {
  const [[queue], [listings], duplicatePairs] = await Promise.all([
    db<{ reportedListings: number; openReports: number; hiddenAwaitingDecision: number }[]>`
      SELECT count(*) FILTER (WHERE open_count > 0)::int AS "reportedListings",
             coalesce(sum(open_count), 0)::int AS "openReports",
             count(*) FILTER (WHERE hidden)::int AS "hiddenAwaitingDecision"
      FROM report_queue`,
    db<{ awaitingVerification: number; muchBelowSimilar: number }[]>`
      SELECT count(*)::int AS "awaitingVerification",
             count(*) FILTER (WHERE c.much_below)::int AS "muchBelowSimilar"
      FROM listing_read l LEFT JOIN rent_check c ON c.listing_id = l.id
      WHERE l.is_available AND NOT l.is_verified`,
    pendingDuplicateCount(db),
  ]);
  return { ...queue!, ...listings!, duplicatePairs };
};

export type RecentDecision = {
  listingId: string;
  title: string | null;
  adminName: string;
  /** What was decided, in words (core/src/history/describeEvent.ts). */
  text: string;
  at: string;
};

/**
 * The newest decisions admins took: verifications and review decisions, with
 * who took them. Read from the log through the partial index of migration
 * 0197, whose type list this must repeat literally (a parameter would hide it
 * from the planner). A revocation by an owner's edit is no admin's decision:
 * only events an admin's session recorded count.
 */
export const recentDecisions = async (
  db: Sql,
  limit: number,
  /** The language of the decisions' words (the admin's). */
  locale: Locale = 'en',
): Promise<RecentDecision[]> => {
  const rows = await db<
    {
      type: string;
      data: Record<string, unknown>;
      adminName: string;
      title: string | null;
      at: Date;
    }[]
  >`
    SELECT e.type, e.data, u.name AS "adminName", l.title, e.recorded_at AS at
    FROM events e
    JOIN users u ON u.id = e.metadata ->> 'userId' AND u.role = 'admin'
    LEFT JOIN listing_read l ON l.id = e.data ->> 'listingId'
    WHERE e.type IN ('ListingVerified', 'ListingVerificationRevoked', 'ListingReportsDismissed',
                     'ListingFixRequested', 'ListingDelistedAfterReview', 'ListingOwnerSuspended')
    ORDER BY e.position DESC
    LIMIT ${limit}`;
  return rows.map((r) => ({
    listingId: String(r.data.listingId),
    title: r.title,
    adminName: r.adminName,
    text: describeEvent(r, locale),
    at: r.at.toISOString(),
  }));
};

export type AdminListingFilter = {
  verified: boolean;
  cityKey?: string;
  page: number;
  pageSize: number;
};

/** Listed listings by verification, newest first, optionally in one city (by its normalised key). */
export const adminListings = async (
  db: Sql,
  f: AdminListingFilter,
): Promise<{ listings: AdminListing[]; total: number }> => {
  const where = db`l.is_available AND l.is_verified = ${f.verified}
    ${f.cityKey === undefined ? db`` : db`AND l.city_key = ${f.cityKey}`}`;
  const [rows, [count]] = await Promise.all([
    db<(Omit<AdminListing, 'createdAt'> & { createdAt: Date })[]>`
      SELECT l.id, l.title, l.city, l.area, l.property_type AS "propertyType", l.rent,
             coalesce(l.doc ->> 'rentType', 'monthly') AS "rentType", u.name AS "ownerName",
             l.is_verified AS "isVerified", l.created_at AS "createdAt"
      FROM listing_read l LEFT JOIN users u ON u.id = l.owner_id
      WHERE ${where}
      ORDER BY l.created_at DESC, l.id
      LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
    db<{ total: number }[]>`SELECT count(*)::int AS total FROM listing_read l WHERE ${where}`,
  ]);
  return {
    listings: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: count!.total,
  };
};
