import type { Sql } from 'postgres';
import type { PropertyDocument } from '@rentals/core/contract/property';

/**
 * The stored document (`r`) with the current view counter (`v`), as JSON
 * text. The document is stored as text (`json`, migration 0189), so the
 * counter goes in front of its first key instead of a parse and a merge.
 */
export const documentWithViews = (db: Sql) =>
  db`'{"views":' || coalesce(v.views, 0) || ',' || substr(r.doc::text, 2)`;

const DOC = (db: Sql) => db`(${documentWithViews(db)})::json AS doc`;

/** One live listing (listed or not) as the full SPEC §3 document; null when missing or deleted. */
export const findListing = async (db: Sql, id: string): Promise<PropertyDocument | null> => {
  const [row] = await db<{ doc: PropertyDocument }[]>`
    SELECT ${DOC(db)} FROM listing_read r LEFT JOIN listing_view_counts v ON v.listing_id = r.id
    WHERE r.id = ${id}`;
  return row?.doc ?? null;
};

/** A listing's view count (0 before its first counted view). */
export const listingViews = async (db: Sql, id: string): Promise<number> => {
  const [row] = await db<{ views: string | number }[]>`
    SELECT views FROM listing_view_counts WHERE listing_id = ${id}`;
  return Number(row?.views ?? 0);
};

/** Who owns a live listing and whether it is hidden pending review; null when missing or deleted. */
export const listingVisibility = async (
  db: Sql,
  id: string,
): Promise<{ ownerId: string; hidden: boolean } | null> => {
  const [row] = await db<{ ownerId: string; hidden: boolean }[]>`
    SELECT owner_id AS "ownerId", (doc -> 'hiddenForReview') IS NOT NULL AS hidden
    FROM listing_read WHERE id = ${id}`;
  return row ?? null;
};

/**
 * Documents for ids as JSON text, by id: a response is spliced from
 * Postgres' own JSON instead of parsing and re-serialising it. Ids without a
 * row (deleted meanwhile) are absent.
 */
export const listingJsonById = async (
  db: Sql,
  ids: readonly string[],
): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db<{ id: string; doc: string }[]>`
    SELECT r.id, ${documentWithViews(db)} AS doc
    FROM listing_read r LEFT JOIN listing_view_counts v ON v.listing_id = r.id
    WHERE r.id = ANY(${ids as string[]}::text[])`;
  return new Map(rows.map((r) => [r.id, r.doc]));
};

/** Documents for ids found by a search, in the search's order, as JSON text; ids without a row drop out. */
export const listingJsonByIds = async (db: Sql, ids: readonly string[]): Promise<string[]> => {
  const byId = await listingJsonById(db, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** All of an owner's live listings, delisted included, newest first. */
export const ownerListings = async (db: Sql, ownerId: string): Promise<PropertyDocument[]> => {
  const rows = await db<{ doc: PropertyDocument }[]>`
    SELECT ${DOC(db)} FROM listing_read r LEFT JOIN listing_view_counts v ON v.listing_id = r.id
    WHERE r.owner_id = ${ownerId} ORDER BY r.created_at DESC, r.id DESC`;
  return rows.map((r) => r.doc);
};

/** Featured: listed, with at least one photo; verified ones first, then newest. */
export const featuredListings = async (db: Sql, limit: number): Promise<PropertyDocument[]> => {
  const rows = await db<{ doc: PropertyDocument }[]>`
    SELECT ${DOC(db)} FROM listing_read r LEFT JOIN listing_view_counts v ON v.listing_id = r.id
    WHERE r.is_available AND r.image_count > 0
    ORDER BY r.is_verified DESC, r.created_at DESC, r.id DESC LIMIT ${limit}`;
  return rows.map((r) => r.doc);
};

/** The distinct city/area pairs of listed listings with their PIN codes, for the locality matcher. */
export const listedLocalities = (db: Sql) =>
  db<{ city: string; area: string; pin: string }[]>`
    SELECT DISTINCT city_key AS city, area_key AS area, pin_code AS pin FROM listing_read WHERE is_available`;
