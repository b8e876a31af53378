import type { Sql } from 'postgres';
import type { Locale } from '@rentals/core/i18n/locales';
import type { DuplicatePair } from '@rentals/core/contract/duplicates';
import { DUPLICATES_READ_MODEL } from '@rentals/core/readSide/names';
import {
  accountsSharingPhotos as sharingIn,
  duplicateInWords,
  SAME_TEXT_JACCARD,
} from '@rentals/core/trust/duplicates';
import { photoMatchInWords, SAME_PHOTO_DISTANCE } from '@rentals/core/trust/photoHash';

export { DUPLICATES_READ_MODEL };

/** Pairs the review shows at once. */
export const DUPLICATE_QUEUE_SIZE = 50;
const PHOTOS_PER_SIDE = 4;

type PairRow = {
  a: string;
  b: string;
  photoMatches: { imageA: string; imageB: string; distance: number; mirrored: boolean }[] | null;
  similarity: number | null;
  metres: number | null;
  sameAddress: boolean | null;
  foundAt: Date;
};

type ListingRow = {
  id: string;
  ownerId: string;
  ownerName: string | null;
  title: string | null;
  address: string | null;
  isAvailable: boolean | null;
  images: { id: string; url: string; placeholder: string }[] | null;
  city: string;
};

/**
 * The pairs not marked 'Not a duplicate', at least one of them listed, photo and text findings
 * together (deleted listings left the model with their matches).
 */
const PENDING_PAIRS = `
  WITH photo AS (
    SELECT listing_a, listing_b, max(found_at) AS found_at,
      json_agg(json_build_object('imageA', image_a, 'imageB', image_b, 'distance', distance, 'mirrored', mirrored)
        ORDER BY distance, image_a, image_b) AS matches
    FROM duplicate_photo_matches GROUP BY listing_a, listing_b)
  SELECT coalesce(p.listing_a, t.listing_a) AS a, coalesce(p.listing_b, t.listing_b) AS b,
    p.matches AS "photoMatches", t.similarity, t.metres, t.same_address AS "sameAddress",
    greatest(p.found_at, t.found_at) AS "foundAt"
  FROM photo p FULL JOIN duplicate_text_matches t ON t.listing_a = p.listing_a AND t.listing_b = p.listing_b
  WHERE NOT EXISTS (SELECT 1 FROM duplicate_dismissals d
    WHERE d.listing_a = coalesce(p.listing_a, t.listing_a) AND d.listing_b = coalesce(p.listing_b, t.listing_b))
    -- Two listings no tenant sees harm nobody: the pair waits until one is listed again.
    AND EXISTS (SELECT 1 FROM listing_read l WHERE l.is_available
      AND l.id IN (coalesce(p.listing_a, t.listing_a), coalesce(p.listing_b, t.listing_b)))`;

/** The findings in words, strongest first, and the strength (1 identical … 0 at the threshold). */
const findings = (row: PairRow, locale: Locale): { matches: string[]; strength: number } => {
  const matches: string[] = [];
  let strength = 0;
  const photos = row.photoMatches ?? [];
  if (photos.length > 0) {
    const best = photos[0]!;
    matches.push(
      photoMatchInWords(best.distance, best.mirrored, { matching: photos.length, locale }),
    );
    strength = 1 - best.distance / (SAME_PHOTO_DISTANCE + 1);
  }
  if (row.similarity !== null) {
    matches.push(
      duplicateInWords(
        {
          similarity: row.similarity,
          metres: row.metres,
          sameAddress: !!row.sameAddress,
        },
        locale,
      ),
    );
    strength = Math.max(strength, (row.similarity - SAME_TEXT_JACCARD) / (1 - SAME_TEXT_JACCARD));
  }
  return { matches, strength: Math.round(strength * 100) / 100 };
};

const side = (
  l: ListingRow | undefined,
  listingId: string,
  ownerId: string,
  city: string,
  matched: Set<string>,
) => {
  const images = l?.images ?? [];
  const ordered = [
    ...images.filter((i) => matched.has(i.id)),
    ...images.filter((i) => !matched.has(i.id)),
  ];
  return {
    listingId,
    title: l?.title ?? null,
    ownerId,
    ownerName: l?.ownerName ?? null,
    city,
    address: l?.address ?? null,
    status: l?.isAvailable ? 'Listed' : 'Not listed',
    photos: ordered.slice(0, PHOTOS_PER_SIDE).map((i) => ({
      url: i.url,
      placeholder: i.placeholder,
      matched: matched.has(i.id),
    })),
  };
};

const listingsOf = async (db: Sql, ids: string[]) =>
  new Map(
    (
      await db<ListingRow[]>`
        SELECT dl.listing_id AS id, dl.owner_id AS "ownerId", u.name AS "ownerName", l.title, l.address,
          l.is_available AS "isAvailable", (l.doc -> 'images') AS images, dl.city
        FROM duplicate_listings dl
        LEFT JOIN listing_read l ON l.id = dl.listing_id
        LEFT JOIN users u ON u.id = dl.owner_id
        WHERE dl.listing_id = ANY(${ids}::text[])`
    ).map((r) => [r.id, r]),
  );

/**
 * The duplicate review's queue: pairs found and not dismissed, newest finding first (ties: the
 * strongest), each with both listings side by side.
 */
export const duplicateQueue = async (
  db: Sql,
  limit = DUPLICATE_QUEUE_SIZE,
  /** The language of the findings' words (the admin's). */
  locale: Locale = 'en',
): Promise<{ pairs: DuplicatePair[]; total: number }> => {
  const [rows, [count]] = await Promise.all([
    db.unsafe<PairRow[]>(`${PENDING_PAIRS} ORDER BY "foundAt" DESC, a, b LIMIT $1`, [limit]),
    db.unsafe<{ total: number }[]>(`SELECT count(*)::int AS total FROM (${PENDING_PAIRS}) pending`),
  ]);
  const listings = await listingsOf(db, [...new Set(rows.flatMap((r) => [r.a, r.b]))]);
  const pairs = rows.map((row) => {
    const a = listings.get(row.a);
    const b = listings.get(row.b);
    const photos = row.photoMatches ?? [];
    return {
      listingA: side(
        a,
        row.a,
        a?.ownerId ?? '',
        a?.city ?? '',
        new Set(photos.map((p) => p.imageA)),
      ),
      listingB: side(
        b,
        row.b,
        b?.ownerId ?? '',
        b?.city ?? '',
        new Set(photos.map((p) => p.imageB)),
      ),
      ...findings(row, locale),
      foundAt: new Date(row.foundAt).toISOString(),
    };
  });
  pairs.sort((x, y) => y.foundAt.localeCompare(x.foundAt) || y.strength - x.strength);
  return { pairs, total: count?.total ?? 0 };
};

/** How many pairs wait for a decision (the admin console's count). */
export const pendingDuplicateCount = async (db: Sql): Promise<number> => {
  const [row] = await db.unsafe<{ total: number }[]>(
    `SELECT count(*)::int AS total FROM (${PENDING_PAIRS}) pending`,
  );
  return row?.total ?? 0;
};

/** Whether the model holds both listings (a pair can only be dismissed once found). */
export const pairIsFound = async (db: Sql, a: string, b: string): Promise<boolean> => {
  const [row] = await db<{ found: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM duplicate_photo_matches WHERE listing_a = ${a} AND listing_b = ${b})
        OR EXISTS (SELECT 1 FROM duplicate_text_matches WHERE listing_a = ${a} AND listing_b = ${b}) AS found`;
  return row?.found ?? false;
};

/**
 * For the broker signals (issue 41, item 2): the other accounts whose listings carry a photo that is
 * also on one of this account's listings, pairs an admin dismissed left out. The rule is core's
 * `accountsSharingPhotos`; this reads the pairs it needs.
 */
export const accountsSharingPhotos = async (db: Sql, accountId: string): Promise<string[]> => {
  const pairs = await db<{ ownerA: string; ownerB: string }[]>`
    SELECT DISTINCT la.owner_id AS "ownerA", lb.owner_id AS "ownerB"
    FROM duplicate_photo_matches m
    JOIN duplicate_listings la ON la.listing_id = m.listing_a
    JOIN duplicate_listings lb ON lb.listing_id = m.listing_b
    WHERE (la.owner_id = ${accountId} OR lb.owner_id = ${accountId})
      AND NOT EXISTS (SELECT 1 FROM duplicate_dismissals d
        WHERE d.listing_a = m.listing_a AND d.listing_b = m.listing_b)`;
  return sharingIn(
    accountId,
    pairs.map((p) => ({ ...p, kind: 'photo' as const })),
  );
};
