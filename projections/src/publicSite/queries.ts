import type { Sql } from 'postgres';
import type { PropertyType } from './paths.ts';
import type { PublicTenancy } from '@rentals/core/listings/tenancy';

export type PublicImage = {
  url: string;
  width?: number;
  height?: number;
  placeholder?: string;
  variants?: { url: string; width: number; avif?: string }[];
};

/**
 * One listing as the public pages show it. Read from listing_public, the
 * visitor model that physically lacks rent, contact, facilities, address,
 * area and pin code, and only these columns (never `*`), so a column added
 * to that table later does not reach a page without a change here.
 */
export type PublicListing = {
  id: string;
  citySlug: string;
  city: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  images: PublicImage[];
  owner: { name: string; role: string };
  isVerified: boolean;
  createdAt: Date;
  updatedAt: Date;
  views: number;
  /** The tenancy terms visitors may see (core publicTenancy); null when none given. */
  terms?: PublicTenancy | null;
};

const ROWS_PER_FETCH = 500;

/**
 * Listed rows newest first, city by city, in batches from a cursor: a full
 * build of 200k listings never holds more than one batch.
 */
export const streamListings = (sql: Sql, slugs: readonly string[] | 'all') =>
  sql<PublicListing[]>`
    SELECT p.id, public_site_city_slug(p.city) AS "citySlug", p.city, p.title, p.description,
           p.property_type AS "propertyType", p.bedrooms, p.bathrooms, p.images, p.owner,
           p.is_verified AS "isVerified", p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.terms,
           -- A lookup per row (not a join) keeps the plan an index scan in page order: rows
           -- stream from the first one instead of after a sort of the whole city (or table).
           coalesce((SELECT v.views FROM listing_view_counts v WHERE v.listing_id = p.id), 0)::int AS views
    FROM listing_public p
    WHERE p.listed ${slugs === 'all' ? sql`` : sql`AND public_site_city_slug(p.city) = ANY(${slugs as string[]})`}
    ORDER BY public_site_city_slug(p.city), p.created_at DESC, p.id DESC`.cursor(ROWS_PER_FETCH);

/** Listed rows of the given ids (the listing pages an incremental run rebuilds). */
export const listingsByIds = (sql: Sql, ids: readonly string[]) =>
  sql<PublicListing[]>`
    SELECT p.id, public_site_city_slug(p.city) AS "citySlug", p.city, p.title, p.description,
           p.property_type AS "propertyType", p.bedrooms, p.bathrooms, p.images, p.owner,
           p.is_verified AS "isVerified", p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.terms,
           coalesce(v.views, 0)::int AS views
    FROM listing_public p
    LEFT JOIN listing_view_counts v ON v.listing_id = p.id
    WHERE p.listed AND p.id = ANY(${ids as string[]})`;

/** Which of `ids` expired (unconfirmed for 30 days): their pages answer 410 'no longer available'. */
export const expiredListingIds = async (sql: Sql, ids: readonly string[]) =>
  new Set(
    (
      await sql<
        { id: string }[]
      >`SELECT id FROM listing_public WHERE expired AND id = ANY(${ids as string[]})`
    ).map((r) => r.id),
  );

/** Of `ids`, those marked let since they were last listed (issue 44): their page says 'Let'. */
export const letListingIds = async (sql: Sql, ids: readonly string[]) =>
  new Set(
    (
      await sql<{ id: string }[]>`
        SELECT id FROM listing_public WHERE id = ANY(${ids as string[]}) AND let_at IS NOT NULL`
    ).map((r) => r.id),
  );

/** A few listed listings of a city, newest first: what an expired listing's page offers instead. */
export const similarListings = (sql: Sql, citySlug: string, limit = 3) =>
  sql<PublicListing[]>`
    SELECT p.id, public_site_city_slug(p.city) AS "citySlug", p.city, p.title, p.description,
           p.property_type AS "propertyType", p.bedrooms, p.bathrooms, p.images, p.owner,
           p.is_verified AS "isVerified", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
           coalesce(v.views, 0)::int AS views
    FROM listing_public p
    LEFT JOIN listing_view_counts v ON v.listing_id = p.id
    WHERE p.listed AND public_site_city_slug(p.city) = ${citySlug}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${limit}`;

/** Which of `ids` still have a public row (listed or delisted); a deleted listing has none. */
export const existingListingIds = async (sql: Sql, ids: readonly string[]) =>
  new Set(
    (
      await sql<{ id: string }[]>`SELECT id FROM listing_public WHERE id = ANY(${ids as string[]})`
    ).map((r) => r.id),
  );

export type CityCounts = {
  slug: string;
  /** The spelling most listings use. */
  name: string;
  total: number;
  byType: Record<PropertyType, number>;
  lastModified: Date;
};

type CountRow = {
  slug: string;
  name: string;
  flat: number;
  house: number;
  pg: number;
  total: number;
  last_modified: Date;
};

/** Listed counts per city and type: pagination and the cities index need them before streaming. */
export const cityCounts = async (
  sql: Sql,
  slugs: readonly string[] | 'all',
): Promise<CityCounts[]> => {
  // Hash-aggregated by spelling first (a few hundred groups), so no sort of the whole table.
  const rows = await sql<CountRow[]>`
    WITH by_spelling AS (
      SELECT public_site_city_slug(city) AS slug, city, property_type, count(*)::int AS n,
             max(updated_at) AS last_modified
      FROM listing_public
      WHERE listed ${slugs === 'all' ? sql`` : sql`AND public_site_city_slug(city) = ANY(${slugs as string[]})`}
      GROUP BY 1, 2, 3)
    SELECT slug,
           (array_agg(city ORDER BY n DESC, city))[1] AS name,
           coalesce(sum(n) FILTER (WHERE property_type = 'flat'), 0)::int AS flat,
           coalesce(sum(n) FILTER (WHERE property_type = 'house'), 0)::int AS house,
           coalesce(sum(n) FILTER (WHERE property_type = 'PG'), 0)::int AS pg,
           sum(n)::int AS total,
           max(last_modified) AS last_modified
    FROM by_spelling GROUP BY slug ORDER BY slug`;
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name.trim(),
    total: r.total,
    byType: { flat: r.flat, house: r.house, PG: r.pg },
    lastModified: r.last_modified,
  }));
};

const PUBLIC_COLUMNS = (sql: Sql) => sql`
  p.id, public_site_city_slug(p.city) AS "citySlug", p.city, p.title, p.description,
  p.property_type AS "propertyType", p.bedrooms, p.bathrooms, p.images, p.owner,
  p.is_verified AS "isVerified", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
  coalesce((SELECT v.views FROM listing_view_counts v WHERE v.listing_id = p.id), 0)::int AS views`;

/**
 * One batch of a city's listed rows, newest first, after a keyset position:
 * an index scan that stops after `limit` rows however big the city is.
 */
export const pageListings = (
  sql: Sql,
  slug: string,
  after: { key: string; id: string } | undefined,
  limit: number,
) =>
  sql<(PublicListing & { cursorKey: string })[]>`
    SELECT ${PUBLIC_COLUMNS(sql)}, p.created_at::text AS "cursorKey"
    FROM listing_public p
    WHERE p.listed AND public_site_city_slug(p.city) = ${slug}
      ${after ? sql`AND (p.created_at, p.id) < (${after.key}::timestamptz, ${after.id})` : sql``}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${limit}`;

/** Every listed listing of a city, light columns only: its sitemap and its counts. */
export const streamCityEntries = (sql: Sql, slug: string) =>
  sql<{ id: string; propertyType: PropertyType; city: string; updatedAt: Date }[]>`
    SELECT id, property_type AS "propertyType", city, updated_at AS "updatedAt" FROM listing_public
    WHERE listed AND public_site_city_slug(city) = ${slug}`.cursor(5000);
