import type { Sql } from 'postgres';

export type ListingDailyViews = {
  listingId: string;
  title: string;
  views: number[];
  /** Conversations started about the listing, per India day like the views. */
  enquiries: number[];
};

/** How many of an owner's listings the chart shows (the most viewed in the period first). */
export const CHART_LISTINGS = 10;

/**
 * Views and enquiries per day of each of the owner's live listings over `days`
 * (ISO dates, oldest first, India days as the view counter writes them), one
 * number per day, 0 where nothing happened.
 */
export const ownerDailyViews = async (
  db: Sql,
  ownerId: string,
  days: readonly string[],
): Promise<ListingDailyViews[]> => {
  if (days.length === 0) return [];
  return db<ListingDailyViews[]>`
    WITH days AS (SELECT day::date AS day, ord FROM unnest(${days as string[]}::text[]) WITH ORDINALITY AS d(day, ord))
    SELECT r.id AS "listingId", r.title,
           array_agg(coalesce(v.views, 0) ORDER BY days.ord) AS views,
           array_agg(coalesce(e.enquiries, 0) ORDER BY days.ord) AS enquiries
    FROM listing_read r CROSS JOIN days
    LEFT JOIN listing_daily_views v ON v.listing_id = r.id AND v.day = days.day
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS enquiries FROM conversation_read c
      WHERE c.listing_id = r.id AND (c.started_at AT TIME ZONE 'Asia/Kolkata')::date = days.day
    ) e ON true
    WHERE r.owner_id = ${ownerId}
    GROUP BY r.id, r.title, r.created_at
    ORDER BY sum(coalesce(v.views, 0)) DESC, r.created_at DESC, r.id
    LIMIT ${CHART_LISTINGS}`;
};
