import type { Sql } from 'postgres';
import type { VisitDocument } from '@rentals/core/contract/visit';
import { slotEnd, type VisitWindow } from '@rentals/core/visits/windows';

export { VISITS_READ_MODEL } from '@rentals/core/readSide/names';

/** The listing's visiting hours and the starts of the booked visits still to come. */
export const visitTimesOf = async (
  db: Sql,
  listingId: string,
  now: Date,
): Promise<{ windows: VisitWindow[]; taken: string[] }> => {
  const [[schedule], taken] = await Promise.all([
    db<{ windows: VisitWindow[] }[]>`
      SELECT windows FROM visit_schedules WHERE listing_id = ${listingId}`,
    db<{ start: Date }[]>`
      SELECT start_at AS start FROM visits
      WHERE listing_id = ${listingId} AND status = 'booked' AND start_at > ${now}`,
  ]);
  return {
    windows: schedule?.windows ?? [],
    taken: taken.map((r) => new Date(r.start).toISOString()),
  };
};

type VisitRow = {
  visitId: string;
  listingId: string;
  conversationId: string;
  listingTitle: string | null;
  area: string | null;
  city: string | null;
  start: Date;
  status: VisitDocument['status'];
  tenantId: string;
  ownerId: string;
  tenantName: string | null;
  ownerName: string | null;
  changedBy: string | null;
  reason: string | null;
};

const visitColumns = (db: Sql) => db`
  v.visit_id AS "visitId", v.listing_id AS "listingId", v.conversation_id AS "conversationId",
  l.title AS "listingTitle", l.area, l.city, v.start_at AS start, v.status,
  v.tenant_id AS "tenantId", v.owner_id AS "ownerId", t.name AS "tenantName", o.name AS "ownerName",
  v.changed_by AS "changedBy", v.reason`;

const visitFrom = (db: Sql) => db`
  visits v
  LEFT JOIN listing_read l ON l.id = v.listing_id
  LEFT JOIN users t ON t.id = v.tenant_id
  LEFT JOIN users o ON o.id = v.owner_id`;

/** A visit as `userId` (one of its two sides) sees it. */
const asSeenBy = (row: VisitRow, userId: string): VisitDocument => {
  const role = row.tenantId === userId ? 'tenant' : 'owner';
  const start = new Date(row.start).toISOString();
  return {
    visitId: row.visitId,
    listingId: row.listingId,
    conversationId: row.conversationId,
    listingTitle: row.listingTitle ?? '',
    area: row.area ?? '',
    city: row.city ?? '',
    start,
    end: slotEnd(start),
    status: row.status,
    role,
    withName: (role === 'tenant' ? row.ownerName : row.tenantName) ?? '',
    changedBy: row.changedBy === null ? null : row.changedBy === userId ? 'you' : 'them',
    reason: row.reason,
  };
};

/** The user's visits, on either side, from twelve hours ago on (a visit just had stays in view). */
export const visitsOf = async (db: Sql, userId: string, now: Date): Promise<VisitDocument[]> => {
  const since = new Date(now.getTime() - 12 * 3_600_000);
  const rows = await db<VisitRow[]>`
    SELECT ${visitColumns(db)} FROM ${visitFrom(db)}
    WHERE (v.tenant_id = ${userId} OR v.owner_id = ${userId}) AND v.start_at >= ${since}
    ORDER BY v.start_at, v.visit_id
    LIMIT 100`;
  return rows.map((row) => asSeenBy(row, userId));
};

/** One visit as one of its sides sees it; undefined for anyone else (they are told it does not exist). */
export const visitSeenBy = async (
  db: Sql,
  visitId: string,
  userId: string,
): Promise<VisitDocument | undefined> => {
  const [row] = await db<VisitRow[]>`
    SELECT ${visitColumns(db)} FROM ${visitFrom(db)}
    WHERE v.visit_id = ${visitId} AND (v.tenant_id = ${userId} OR v.owner_id = ${userId})`;
  return row && asSeenBy(row, userId);
};
