import type { Sql } from 'postgres';

export type OwnerSummary = { total: number; listed: number; delisted: number; totalViews: number };

/** The owner's figures; total views are the sum of the view counters of the owner's live listings. */
export const ownerSummary = async (db: Sql, ownerId: string): Promise<OwnerSummary> => {
  const [row] = await db<OwnerSummary[]>`
    SELECT coalesce(s.total, 0)::int AS total, coalesce(s.listed, 0)::int AS listed,
           coalesce(s.delisted, 0)::int AS delisted,
           (SELECT coalesce(sum(v.views), 0)::int FROM owner_listing_membership m
              JOIN listing_view_counts v ON v.listing_id = m.listing_id
            WHERE m.owner_id = ${ownerId}) AS "totalViews"
    FROM (SELECT 1) one LEFT JOIN owner_listing_stats s ON s.owner_id = ${ownerId}`;
  return row ?? { total: 0, listed: 0, delisted: 0, totalViews: 0 };
};
