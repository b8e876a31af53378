import type { Sql } from 'postgres';
import type { TooCheapListing } from '@rentals/core/contract/tooCheap';
import { shareBelow } from '@rentals/core/trust/tooCheap';

/**
 * The admins' 'too good to be true' queue: listed, unverified listings the
 * rent-check sweep found much below their comparables, furthest below first.
 * Verifying a listing (an admin checked it is genuine) takes it out; the
 * tenants' warning stays, as the rent still is what it is.
 */
export const tooCheapQueue = async (
  db: Sql,
  page: { page: number; pageSize: number },
): Promise<{ listings: TooCheapListing[]; total: number }> => {
  const where = db`c.much_below AND l.is_available AND NOT l.is_verified`;
  type Row = Omit<TooCheapListing, 'percentBelow' | 'checkedAt'> & { checkedAt: Date };
  const [rows, [count]] = await Promise.all([
    db<Row[]>`
      SELECT l.id, l.title, l.city, l.area, u.name AS "ownerName", c.checked_rent AS "monthlyRent",
             c.median, c.sample, c.evidence, c.checked_at AS "checkedAt"
      FROM rent_check c JOIN listing_read l ON l.id = c.listing_id
        LEFT JOIN users u ON u.id = l.owner_id
      WHERE ${where}
      ORDER BY c.checked_rent / c.median, l.id
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    db<{ total: number }[]>`
      SELECT count(*)::int AS total FROM rent_check c JOIN listing_read l ON l.id = c.listing_id
      WHERE ${where}`,
  ]);
  return {
    listings: rows.map((r) => ({
      ...r,
      percentBelow: shareBelow(r.monthlyRent, r.median),
      checkedAt: r.checkedAt.toISOString(),
    })),
    total: count!.total,
  };
};
