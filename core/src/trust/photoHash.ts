/**
 * Perceptual photo hashes and when two of them are the same photo.
 *
 * A hash is the 64-bit DCT hash `sharp-phash` computes (api/src/media/photoCodec.ts), written as 16
 * lowercase hex digits. Two photos are the same photo when the Hamming distance between their hashes
 * (or between one's hash and the other's mirrored hash) is at most SAME_PHOTO_DISTANCE.
 */

import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';

/** A 64-bit perceptual hash as 16 lowercase hex digits. */
export const PHASH_PATTERN = '^[0-9a-f]{16}$';

/**
 * At most this many differing bits is the same photo. Measured on 40 generated scenes
 * (docs/TRUST.md, "Recycled photos"): resizing and recompressing moved a hash by 0–2 bits, a
 * mirrored copy against the mirrored hash by 0, a 10 % crop by 4–18 (median 12); two different
 * scenes were 17 bits apart at the least (median 32). 10 keeps a margin of 7 below the closest
 * different pair, and is the threshold usually given for this hash.
 */
export const SAME_PHOTO_DISTANCE = 10;

/**
 * The hash is looked up by 8 bands of 8 bits: two hashes at most 7 bits apart agree on at least
 * one band (pigeonhole), so a lookup by band finds every pair within 7 for certain, and pairs 8–10
 * apart when their differing bits leave one band untouched (most do: the crops in the attack suite).
 * 8-bit bands instead of 16-bit ones because a 16-bit band guarantees only distance ≤ 3.
 */
export const BAND_COUNT = 8;
const BAND_BITS = 64 / BAND_COUNT;

/** The '0'/'1' string sharp-phash returns, as hex. */
export const hexFromBits = (bits: string): string => {
  if (!/^[01]{64}$/.test(bits)) throw new Error('a perceptual hash is 64 bits');
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
};

const toBigInt = (hex: string) => BigInt(`0x${hex}`);

/** Differing bits between two hashes (0–64). */
export const hammingDistance = (a: string, b: string): number => {
  let x = toBigInt(a) ^ toBigInt(b);
  let count = 0;
  while (x > 0n) {
    x &= x - 1n;
    count += 1;
  }
  return count;
};

/**
 * The hash as a signed 64-bit integer, how Postgres's bigint stores it (the top bit is the sign).
 * Returned as a decimal string so no precision is lost on the way.
 */
export const hashAsBigint = (hex: string): string => BigInt.asIntN(64, toBigInt(hex)).toString();

/** Its bands, most significant first: [band number, value 0–255]. */
export const hashBands = (hex: string): [number, number][] => {
  const n = toBigInt(hex);
  const mask = (1n << BigInt(BAND_BITS)) - 1n;
  return Array.from({ length: BAND_COUNT }, (_, i) => [
    i,
    Number((n >> BigInt(64 - BAND_BITS * (i + 1))) & mask),
  ]);
};

/** True when a band lookup of `a` finds `b` (they agree on at least one band). */
export const sharesBand = (a: string, b: string): boolean => {
  const bandsOfB = hashBands(b);
  return hashBands(a).some(([i, v]) => bandsOfB[i]![1] === v);
};

/**
 * A photo's hashes: of the whole photo and its mirror image, and of its central 90 % and that
 * centre's mirror image (a copy cropped by 10 % is close to the centre's hash).
 */
export type PhotoHashes = {
  hash: string;
  mirrored: string;
  centre: string;
  centreMirrored: string;
};

/** The pictures a photo's hashes stand for, each with its mirror: the whole photo and its centre. */
export const hashViews = (p: PhotoHashes) => [
  { hash: p.hash, mirrored: p.mirrored },
  { hash: p.centre, mirrored: p.centreMirrored },
];

/**
 * How close photo `b` is to photo `a`: the least distance between any view of one (whole, centre)
 * and any of the other, straight or mirrored, and whether the closest was mirrored. A mirrored
 * copy's own hash is close to the other's mirrored hash; a cropped copy's whole hash to the
 * other's centre hash.
 */
export const photoCloseness = (
  a: PhotoHashes,
  b: PhotoHashes,
): { distance: number; mirrored: boolean } => {
  let best = { distance: 65, mirrored: false };
  for (const x of hashViews(a))
    for (const y of hashViews(b)) {
      const straight = hammingDistance(x.hash, y.hash);
      const mirrored = hammingDistance(x.mirrored, y.hash);
      if (straight < best.distance) best = { distance: straight, mirrored: false };
      if (mirrored < best.distance) best = { distance: mirrored, mirrored: true };
    }
  return best;
};

export const isSamePhoto = (a: PhotoHashes, b: PhotoHashes) =>
  photoCloseness(a, b).distance <= SAME_PHOTO_DISTANCE;

/**
 * How close, in words, for the admin ('Identical', 'Nearly identical (3 of 64 bits differ)', …),
 * with how many photos of the pair match when more than one, in `locale` (the `evidence` namespace).
 */
export const photoMatchInWords = (
  distance: number,
  mirrored: boolean,
  { matching = 1, locale = 'en' }: { matching?: number; locale?: Locale } = {},
): string =>
  translatorFor(locale).t('evidence.duplicate.photo', {
    how: distance === 0 ? 'identical' : distance <= 3 ? 'nearly' : 'similar',
    distance: String(distance),
    mirrored: mirrored ? 'yes' : 'no',
    matching,
  });
