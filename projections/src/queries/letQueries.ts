import type { Sql } from 'postgres';
import type { LetDocument } from '@rentals/core/contract/let';

export { LETS_READ_MODEL } from '@rentals/core/readSide/names';

type LetRow = {
  letId: string;
  listingId: string;
  listingTitle: string | null;
  ownerId: string;
  tenantId: string | null;
  tenantName: string | null;
  conversationId: string | null;
  rent: number;
  deposit: number;
  moveIn: string;
  letAt: Date;
  current: boolean;
};

/**
 * The lets `userId` is a side of (owner or tenant), newest first; `current`
 * while the listing still says 'Let' (the read model's document keeps the
 * let until a relist removes it).
 */
export const letsOf = async (
  db: Sql,
  userId: string,
  listingId?: string,
): Promise<LetDocument[]> => {
  const rows = await db<LetRow[]>`
    SELECT x.let_id AS "letId", x.listing_id AS "listingId", l.title AS "listingTitle",
      x.owner_id AS "ownerId", x.tenant_id AS "tenantId", t.name AS "tenantName",
      x.conversation_id AS "conversationId", x.rent, x.deposit, to_char(x.move_in, 'YYYY-MM-DD') AS "moveIn",
      x.let_at AS "letAt",
      coalesce((l.doc::jsonb -> 'let' ->> 'at')::timestamptz = x.let_at, false) AS current
    FROM listing_lets x
    LEFT JOIN listing_read l ON l.id = x.listing_id
    LEFT JOIN users t ON t.id = x.tenant_id
    WHERE (x.owner_id = ${userId} OR x.tenant_id = ${userId})
      ${listingId === undefined ? db`` : db`AND x.listing_id = ${listingId}`}
    ORDER BY x.let_at DESC
    LIMIT 200`;
  return rows.map((r) => ({
    letId: r.letId,
    listingId: r.listingId,
    listingTitle: r.listingTitle,
    role: r.ownerId === userId ? 'owner' : 'tenant',
    tenant: r.tenantId ? { id: r.tenantId, name: r.tenantName ?? '' } : null,
    conversationId: r.conversationId,
    rent: r.rent,
    deposit: r.deposit,
    moveIn: r.moveIn,
    letAt: new Date(r.letAt).toISOString(),
    current: r.current,
  }));
};

/** One let by id, as `userId` sees it (null when they are neither side: an admin who recorded it). */
export const letSeenBy = async (db: Sql, letId: string, userId: string) =>
  (await letsOf(db, userId)).find((l) => l.letId === letId) ?? null;
