import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { ListingEvent } from '@rentals/core/listings/events';
import type { ListingImage } from '@rentals/core/listings/listing';
import { DUPLICATES_READ_MODEL } from '@rentals/core/readSide/names';
import {
  addressKey,
  pairKey,
  SAME_PLACE_METRES,
  SAME_TEXT_JACCARD,
  textShingles,
} from '@rentals/core/trust/duplicates';
import { DUPLICATE_PAIR_EVENT_TYPES, isDuplicatePairEvent } from '@rentals/core/trust/events';
import { hashAsBigint, hashViews, SAME_PHOTO_DISTANCE } from '@rentals/core/trust/photoHash';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';

export { DUPLICATES_READ_MODEL };

/*
 * The duplicates read model (docs/TRUST.md, "Recycled photos and duplicate listings"): keeps what the
 * rules of core/src/trust/duplicates.ts need of every listing and photo (each photo's whole and centre
 * hashes), and on each change looks the
 * changed listing up against the others, in SQL that runs those rules: a photo by its hash's eight
 * bands (photoHash.ts), text by address or a 50 m box around the position. It only stores and
 * looks up; the thresholds are core's.
 */

/** Degrees of latitude in SAME_PLACE_METRES (the longitude's box widens by 1/cos(latitude)). */
const BOX_DEGREES = SAME_PLACE_METRES / 111_195;

const BANDS = [56, 48, 40, 32, 24, 16, 8, 0] as const;
/** Candidates share a band of their hash with the new photo's hash or its mirrored hash. */
const bandJoin = BANDS.flatMap((shift) =>
  ['n.hash', 'n.mirrored'].map((h) => `((c.hash >> ${shift}) & 255) = ((${h} >> ${shift}) & 255)`),
).join(' OR ');

/**
 * Photo matches of listing `listingId`'s photos (`imageIds`, or all of them) with other listings':
 * rule (a), different owners or different cities, within SAME_PHOTO_DISTANCE straight or mirrored.
 */
const findPhotoMatches = (listingId: string, imageIds: string[] | null, at: string): Statement => ({
  text: `INSERT INTO duplicate_photo_matches AS m (listing_a, listing_b, image_a, image_b, distance, mirrored, found_at)
    SELECT DISTINCT ON (image_a, image_b) listing_a, listing_b, image_a, image_b, distance, mirrored, $3::timestamptz
    FROM (
      SELECT least(n.listing_id, c.listing_id) AS listing_a, greatest(n.listing_id, c.listing_id) AS listing_b,
        CASE WHEN n.listing_id < c.listing_id THEN n.image_id ELSE c.image_id END AS image_a,
        CASE WHEN n.listing_id < c.listing_id THEN c.image_id ELSE n.image_id END AS image_b,
        least(d.straight, d.flipped) AS distance, d.flipped < d.straight AS mirrored
      FROM duplicate_photos n
      JOIN duplicate_listings nl ON nl.listing_id = n.listing_id
      JOIN duplicate_photos c ON c.listing_id <> n.listing_id AND (${bandJoin})
      JOIN duplicate_listings cl ON cl.listing_id = c.listing_id
      CROSS JOIN LATERAL (SELECT bit_count((n.hash # c.hash)::bit(64)) AS straight,
                                 bit_count((n.mirrored # c.hash)::bit(64)) AS flipped) d
      WHERE n.listing_id = $1 AND ($2::text[] IS NULL OR n.image_id = ANY($2::text[]))
        AND (nl.owner_id <> cl.owner_id OR nl.city <> cl.city)
        AND least(d.straight, d.flipped) <= ${SAME_PHOTO_DISTANCE}
    ) found
    ORDER BY image_a, image_b, distance, mirrored
    ON CONFLICT (image_a, image_b) DO UPDATE SET distance = excluded.distance, mirrored = excluded.mirrored
      WHERE excluded.distance < m.distance`,
  values: [listingId, imageIds, at],
});

const SHINGLES = (t: string) => `(${t}.title_shingles || ${t}.description_shingles)`;

/** Rule (b): another account's listing at the same address or within 50 m, with near-identical text. */
const findTextMatches = (listingId: string, at: string): Statement => ({
  text: `INSERT INTO duplicate_text_matches AS m (listing_a, listing_b, similarity, metres, same_address, found_at)
    SELECT least(n.listing_id, c.listing_id), greatest(n.listing_id, c.listing_id),
      s.similarity, d.metres, n.address_key = c.address_key, $2::timestamptz
    FROM duplicate_listings n
    JOIN duplicate_listings c ON c.listing_id <> n.listing_id AND c.owner_id <> n.owner_id AND (
      c.address_key = n.address_key OR (n.latitude IS NOT NULL
        AND c.latitude BETWEEN n.latitude - ${BOX_DEGREES} AND n.latitude + ${BOX_DEGREES}
        AND c.longitude BETWEEN n.longitude - ${BOX_DEGREES} / cos(radians(n.latitude))
                            AND n.longitude + ${BOX_DEGREES} / cos(radians(n.latitude))))
    CROSS JOIN LATERAL (SELECT CASE WHEN n.latitude IS NULL OR c.latitude IS NULL THEN NULL ELSE
      2 * 6371000 * asin(sqrt(power(sin(radians(c.latitude - n.latitude) / 2), 2)
        + cos(radians(n.latitude)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - n.longitude) / 2), 2)))
      END AS metres) d
    CROSS JOIN LATERAL (SELECT
      (SELECT count(*) FROM (SELECT unnest(${SHINGLES('n')}) INTERSECT SELECT unnest(${SHINGLES('c')})) i)::real
      / nullif((SELECT count(*) FROM (SELECT unnest(${SHINGLES('n')}) UNION SELECT unnest(${SHINGLES('c')})) u), 0)
      AS similarity) s
    WHERE n.listing_id = $1 AND (n.address_key = c.address_key OR d.metres <= ${SAME_PLACE_METRES})
      AND s.similarity >= ${SAME_TEXT_JACCARD}
    ON CONFLICT (listing_a, listing_b) DO UPDATE SET similarity = excluded.similarity,
      metres = excluded.metres, same_address = excluded.same_address`,
  values: [listingId, at],
});

const forgetMatches = (listingId: string, which: 'photo' | 'text'): Statement =>
  which === 'photo'
    ? sql`DELETE FROM duplicate_photo_matches WHERE listing_a = ${listingId} OR listing_b = ${listingId}`
    : sql`DELETE FROM duplicate_text_matches WHERE listing_a = ${listingId} OR listing_b = ${listingId}`;

/** Photos with hashes (those processed before hashing have none and are never compared), a row per view. */
const storePhotos = (listingId: string, images: readonly ListingImage[]): Statement[] =>
  images.flatMap((i) =>
    i.phash
      ? hashViews(i.phash).map(
          (v, view) =>
            sql`INSERT INTO duplicate_photos (image_id, view, listing_id, hash, mirrored)
                VALUES (${i.id}, ${view}, ${listingId}, ${hashAsBigint(v.hash)}::bigint, ${hashAsBigint(v.mirrored)}::bigint)
                ON CONFLICT (image_id, view) DO NOTHING`,
        )
      : [],
  );

type Location = {
  city: string;
  address: string;
  pinCode: string;
  coordinates: { latitude: number; longitude: number } | null;
};

const placeColumns = (l: Location) => ({
  city: l.city,
  key: addressKey(l),
  latitude: l.coordinates?.latitude ?? null,
  longitude: l.coordinates?.longitude ?? null,
});

const listingStatements = (event: ListingEvent, at: string): Statement[] => {
  switch (event.type) {
    case 'ListingCreated': {
      const d = event.data;
      const p = placeColumns(d.location);
      return [
        sql`INSERT INTO duplicate_listings (listing_id, owner_id, city, address_key, latitude, longitude,
              title_shingles, description_shingles)
            VALUES (${d.listingId}, ${d.ownerId}, ${p.city}, ${p.key}, ${p.latitude}, ${p.longitude},
              ${textShingles(d.title)}::int[], ${textShingles(d.description)}::int[])
            ON CONFLICT (listing_id) DO NOTHING`,
        ...storePhotos(d.listingId, d.images),
        findPhotoMatches(d.listingId, null, at),
        findTextMatches(d.listingId, at),
      ];
    }
    case 'ListingDetailsRevised': {
      const { listingId, title, description } = event.data;
      if (title === undefined && description === undefined) return [];
      return [
        sql`UPDATE duplicate_listings SET
              title_shingles = coalesce(${title === undefined ? null : textShingles(title)}::int[], title_shingles),
              description_shingles = coalesce(${description === undefined ? null : textShingles(description)}::int[], description_shingles)
            WHERE listing_id = ${listingId}`,
        forgetMatches(listingId, 'text'),
        findTextMatches(listingId, at),
      ];
    }
    case 'ListingLocationChanged': {
      const { listingId, location } = event.data;
      const p = placeColumns(location);
      return [
        sql`UPDATE duplicate_listings SET city = ${p.city}, address_key = ${p.key},
              latitude = ${p.latitude}, longitude = ${p.longitude}
            WHERE listing_id = ${listingId}`,
        // A move to another city changes which of its photo matches count (rule a).
        forgetMatches(listingId, 'photo'),
        forgetMatches(listingId, 'text'),
        findPhotoMatches(listingId, null, at),
        findTextMatches(listingId, at),
      ];
    }
    case 'ListingImagesAdded': {
      const { listingId, images } = event.data;
      const hashed = images.filter((i) => i.phash).map((i) => i.id);
      if (hashed.length === 0) return [];
      return [...storePhotos(listingId, images), findPhotoMatches(listingId, hashed, at)];
    }
    case 'ListingImageRemoved': {
      const { imageId } = event.data;
      return [
        sql`DELETE FROM duplicate_photos WHERE image_id = ${imageId}`,
        sql`DELETE FROM duplicate_photo_matches WHERE image_a = ${imageId} OR image_b = ${imageId}`,
      ];
    }
    case 'ListingDeleted': {
      const { listingId } = event.data;
      return [
        sql`DELETE FROM duplicate_listings WHERE listing_id = ${listingId}`,
        sql`DELETE FROM duplicate_photos WHERE listing_id = ${listingId}`,
        forgetMatches(listingId, 'photo'),
        forgetMatches(listingId, 'text'),
      ];
    }
    default:
      return [];
  }
};

const toStatements = (event: RecordedEvent): Statement[] => {
  if (isDuplicatePairEvent(event)) {
    const [a, b] = pairKey(...event.data.listingIds);
    return [
      sql`INSERT INTO duplicate_dismissals (listing_a, listing_b, admin_id, dismissed_at)
          VALUES (${a}, ${b}, ${event.data.adminId}, ${event.data.at})
          ON CONFLICT (listing_a, listing_b) DO NOTHING`,
    ];
  }
  const listingEvent = event as unknown as ListingEvent;
  return listingStatements(listingEvent, listingEvent.data.at);
};

/**
 * Deleted listings leave the model with their matches (their photos are removed too); delisted,
 * expired and hidden ones stay and keep matching: a scam re-uses the photos of a home already let,
 * and the queue shows each listing's state beside it.
 */
export const duplicatesReadModel: SqlProjection = {
  kind: 'sql',
  name: DUPLICATES_READ_MODEL,
  canHandle: [
    'ListingCreated',
    'ListingDetailsRevised',
    'ListingLocationChanged',
    'ListingImagesAdded',
    'ListingImageRemoved',
    'ListingDeleted',
    ...DUPLICATE_PAIR_EVENT_TYPES,
  ],
  evolve: toStatements,
  reset: [
    sql`TRUNCATE duplicate_listings, duplicate_photos, duplicate_photo_matches, duplicate_text_matches, duplicate_dismissals`,
  ],
  tables: [
    'duplicate_listings',
    'duplicate_photos',
    'duplicate_photo_matches',
    'duplicate_text_matches',
    'duplicate_dismissals',
  ],
};
