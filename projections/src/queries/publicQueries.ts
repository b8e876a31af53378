import type { Sql } from 'postgres';
import type { PublicPropertyDocument } from '@rentals/core/contract/property';

const iso = (db: Sql, column: string) =>
  db.unsafe(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The visitor document, assembled from the public model's columns only. */
const DOC = (db: Sql) => db`jsonb_build_object(
    '_id', p.id, 'title', p.title, 'description', p.description, 'propertyType', p.property_type,
    'location', CASE WHEN p.show_on_map AND p.coarse_lat IS NOT NULL
      THEN jsonb_build_object('city', p.city,
             'coordinates', jsonb_build_object('latitude', p.coarse_lat, 'longitude', p.coarse_lng))
      ELSE jsonb_build_object('city', p.city) END,
    'propertyDetails', jsonb_build_object('bedrooms', p.bedrooms, 'bathrooms', p.bathrooms),
    'showOnMap', p.show_on_map, 'images', p.images, 'owner', p.owner, 'isAvailable', p.listed,
    'isVerified', p.is_verified, 'views', coalesce(v.views, 0),
    'createdAt', ${iso(db, 'p.created_at')}, 'updatedAt', ${iso(db, 'p.updated_at')}) AS doc`;

/** One listed listing as visitors see it; null when missing, deleted or delisted. */
export const findPublicListing = async (
  db: Sql,
  id: string,
): Promise<PublicPropertyDocument | null> => {
  const [row] = await db<{ doc: PublicPropertyDocument }[]>`
    SELECT ${DOC(db)} FROM listing_public p LEFT JOIN listing_view_counts v ON v.listing_id = p.id
    WHERE p.id = ${id} AND p.listed`;
  return row?.doc ?? null;
};

/** Visitor documents for ids found by a search, in the search's order. */
export const publicListingsByIds = async (
  db: Sql,
  ids: readonly string[],
): Promise<PublicPropertyDocument[]> => {
  if (ids.length === 0) return [];
  const rows = await db<{ id: string; doc: PublicPropertyDocument }[]>`
    SELECT p.id, ${DOC(db)} FROM listing_public p LEFT JOIN listing_view_counts v ON v.listing_id = p.id
    WHERE p.id = ANY(${ids as string[]}::text[]) AND p.listed`;
  const byId = new Map(rows.map((r) => [r.id, r.doc]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** Featured for visitors, by the same rule as for tenants: listed, with photos, verified first, newest. */
export const featuredPublicListings = async (
  db: Sql,
  limit: number,
): Promise<PublicPropertyDocument[]> => {
  const rows = await db<{ doc: PublicPropertyDocument }[]>`
    SELECT ${DOC(db)} FROM listing_public p LEFT JOIN listing_view_counts v ON v.listing_id = p.id
    WHERE p.listed AND p.images <> '[]'::jsonb
    ORDER BY p.is_verified DESC, p.created_at DESC, p.id DESC LIMIT ${limit}`;
  return rows.map((r) => r.doc);
};
