import type { Sql } from 'postgres';

/**
 * The lets a rental agreement is drawn up for (listing_lets, filled by the
 * let's projection), with what the agreement shows of the listing and the
 * two sides' names. Only lets to a tenant on the platform: a let outside has
 * no agreement here.
 */
export type LetForAgreement = {
  letId: string;
  listingId: string;
  ownerId: string;
  tenantId: string;
  rent: number;
  deposit: number;
  moveIn: string;
  letAt: string;
  city: string;
  area: string;
  listingTitle: string;
  ownerName: string;
  tenantName: string;
  /** The listing's tenancy terms as last read (maintenance, pets, food), absent for old listings. */
  tenancy: Record<string, unknown> | null;
};

type Row = Omit<LetForAgreement, 'moveIn' | 'letAt'> & { moveIn: Date | string; letAt: Date };

const columns = (db: Sql) => db`
  x.let_id AS "letId", x.listing_id AS "listingId", x.owner_id AS "ownerId",
  x.tenant_id AS "tenantId", x.rent, x.deposit, x.move_in::text AS "moveIn", x.let_at AS "letAt",
  x.city, x.area, coalesce(l.title, '') AS "listingTitle", coalesce(o.name, '') AS "ownerName",
  coalesce(t.name, '') AS "tenantName", l.tenancy`;

const from = (db: Sql) => db`
  listing_lets x
  LEFT JOIN listing_read l ON l.id = x.listing_id
  LEFT JOIN users o ON o.id = x.owner_id
  LEFT JOIN users t ON t.id = x.tenant_id`;

const asLet = (row: Row): LetForAgreement => ({
  ...row,
  moveIn: String(row.moveIn).slice(0, 10),
  letAt: new Date(row.letAt).toISOString(),
});

/** One let with a tenant on the platform, or null (no such let, or let outside). */
export const letForAgreement = async (db: Sql, letId: string): Promise<LetForAgreement | null> => {
  const [row] = await db<Row[]>`
    SELECT ${columns(db)} FROM ${from(db)}
    WHERE x.let_id = ${letId} AND x.tenant_id IS NOT NULL`;
  return row ? asLet(row) : null;
};

/** The lets `userId` is a side of (owner or tenant), newest first. */
export const letsWithAgreements = async (db: Sql, userId: string): Promise<LetForAgreement[]> => {
  const rows = await db<Row[]>`
    SELECT ${columns(db)} FROM ${from(db)}
    WHERE x.tenant_id IS NOT NULL AND (x.owner_id = ${userId} OR x.tenant_id = ${userId})
    ORDER BY x.let_at DESC LIMIT 50`;
  return rows.map(asLet);
};
