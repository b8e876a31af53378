import type { Sql } from 'postgres';
import type { FavouriteDocument } from '@rentals/core/contract/favourite';
import { documentWithViews } from './listingQueries.ts';

export { FAVOURITES_READ_MODEL } from '@rentals/core/readSide/names';

export type FavouriteFilter = 'all' | 'available' | 'unavailable';

type Favourite = FavouriteDocument;

const FILTER = {
  all: 'true',
  available: "s.state = 'listed'",
  unavailable: "s.state <> 'listed'",
} as const satisfies Record<FavouriteFilter, string>;

/** A page of the user's favourites, newest first, with the counts the filter shows. */
export const userFavourites = async (
  db: Sql,
  userId: string,
  options: { filter: FavouriteFilter; page: number; limit: number },
): Promise<{ favourites: Favourite[]; counts: { available: number; unavailable: number } }> => {
  const [rows, [counts]] = await Promise.all([
    db<Favourite[]>`
      SELECT f.listing_id AS "listingId", f.favourited_at AS "favouritedAt", s.state = 'listed' AS available,
        s.title, s.city, s.area,
        -- Hidden pending review: shown as unavailable, as a deleted one, without its document.
        CASE WHEN r.id IS NULL OR (r.doc -> 'hiddenForReview') IS NOT NULL THEN NULL
          ELSE (${documentWithViews(db)})::json END AS property
      FROM user_favourites f
      JOIN favourite_listings s ON s.listing_id = f.listing_id
      LEFT JOIN listing_read r ON r.id = f.listing_id
      LEFT JOIN listing_view_counts v ON v.listing_id = f.listing_id
      WHERE f.user_id = ${userId} AND ${db.unsafe(FILTER[options.filter])}
      ORDER BY f.favourited_at DESC, f.listing_id
      LIMIT ${options.limit} OFFSET ${(options.page - 1) * options.limit}`,
    db<{ available: number; unavailable: number }[]>`
      SELECT (count(*) FILTER (WHERE s.state = 'listed'))::int AS available,
        (count(*) FILTER (WHERE s.state <> 'listed'))::int AS unavailable
      FROM user_favourites f JOIN favourite_listings s ON s.listing_id = f.listing_id
      WHERE f.user_id = ${userId}`,
  ]);
  return {
    favourites: rows.map((r) => ({
      ...r,
      favouritedAt: new Date(r.favouritedAt).toISOString(),
    })),
    counts: counts ?? { available: 0, unavailable: 0 },
  };
};

/** The ids of every listing the user holds as a favourite (the hearts' state), newest first. */
export const favouriteListingIds = async (db: Sql, userId: string): Promise<string[]> =>
  (
    await db<{ id: string }[]>`
      SELECT listing_id AS id FROM user_favourites WHERE user_id = ${userId}
      ORDER BY favourited_at DESC, listing_id`
  ).map((r) => r.id);

/** How many favourites the user holds (the dashboard's card), available or not. */
export const favouriteCount = async (db: Sql, userId: string): Promise<number> =>
  (
    await db<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM user_favourites WHERE user_id = ${userId}`
  )[0]!.n;
