/**
 * When two listings look like one home listed twice, or one photo used twice
 * (docs/TRUST.md, "Recycled photos and duplicate listings"). Pure: the
 * duplicates projection stores what these rules need and runs the same
 * tests in SQL; these are the rules, with the numbers it uses.
 */
import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';
import { isSamePhoto, photoCloseness, type PhotoHashes } from './photoHash.ts';

/** Two positions at most this far apart are one address. */
export const SAME_PLACE_METRES = 50;

/** Words per shingle: three-word runs, the usual choice for near-duplicate text (Broder 1997). */
export const SHINGLE_WORDS = 3;

/**
 * Texts whose word-shingle sets overlap this much (Jaccard) are near-identical. Measured on the
 * seed's generator (docs/TRUST.md): of 79,800 pairs of listings in one locality, written from the
 * same templates, the median overlap is 0.12, the 99.9th percentile 0.5, the highest 0.73; a
 * 46-word listing copied with one word in 15 changed keeps 0.68, with one in 9 changed 0.48.
 */
export const SAME_TEXT_JACCARD = 0.6;

/** Lowercase words of letters and digits (any script): punctuation and spacing never matter. */
export const textWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

/** FNV-1a, 32 bits, signed: what a Postgres integer[] holds. */
const fnv1a = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
};

/**
 * The text's three-word shingles as sorted distinct 32-bit hashes (a text shorter than three words
 * is one shingle). Hashes, so that the projection stores and intersects integers.
 */
export const textShingles = (text: string): number[] => {
  const words = textWords(text);
  if (words.length === 0) return [];
  const runs =
    words.length < SHINGLE_WORDS
      ? [words.join(' ')]
      : words
          .slice(0, words.length - SHINGLE_WORDS + 1)
          .map((_, i) => words.slice(i, i + SHINGLE_WORDS).join(' '));
  return [...new Set(runs.map(fnv1a))].sort((a, b) => a - b);
};

/**
 * A listing's text as the rules compare it: the shingles of its title and of its description, as
 * one set (each field shingled alone, so that an edit of one replaces only its own shingles).
 */
export const listingShingles = (title: string, description: string): number[] =>
  [...new Set([...textShingles(title), ...textShingles(description)])].sort((a, b) => a - b);

/** |A ∩ B| / |A ∪ B| of two shingle sets; 0 when both are empty. */
export const jaccard = (a: readonly number[], b: readonly number[]): number => {
  const setB = new Set(b);
  const both = new Set(a).size;
  let shared = 0;
  for (const x of new Set(a)) if (setB.has(x)) shared += 1;
  const union = both + setB.size - shared;
  return union === 0 ? 0 : shared / union;
};

/** Great-circle distance in metres (haversine; at 50 m the earth is flat enough for any formula). */
export const metresBetween = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number => {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

/** An address written two ways is one when its words, city and PIN code are the same. */
export const addressKey = (location: { address: string; city: string; pinCode: string }) =>
  [
    textWords(location.address).join(' '),
    textWords(location.city).join(' '),
    location.pinCode,
  ].join('|');

/** What the rules need of a listing. */
export type ListingTraits = {
  listingId: string;
  ownerId: string;
  city: string;
  addressKey: string;
  position: { latitude: number; longitude: number } | null;
  shingles: readonly number[];
};

/**
 * Rule (a): the same photo on two listings is suspect when they belong to different accounts (a
 * photo taken from someone else's listing) or lie in different cities (one home cannot be in two).
 * The same owner's listings in one city may share a photo (the building's entrance).
 */
export const recycledPhoto = (
  a: Pick<ListingTraits, 'ownerId' | 'city'> & { photo: PhotoHashes },
  b: Pick<ListingTraits, 'ownerId' | 'city'> & { photo: PhotoHashes },
): { distance: number; mirrored: boolean } | null => {
  if (a.ownerId === b.ownerId && a.city === b.city) return null;
  return isSamePhoto(a.photo, b.photo) ? photoCloseness(a.photo, b.photo) : null;
};

/**
 * Rule (b): one home listed twice by two accounts: the same address (or positions within 50 m) and
 * near-identical title and description. One owner listing two flats in one building is no duplicate.
 */
export const duplicateListing = (
  a: ListingTraits,
  b: ListingTraits,
): { similarity: number; metres: number | null; sameAddress: boolean } | null => {
  if (a.ownerId === b.ownerId || a.listingId === b.listingId) return null;
  const sameAddress = a.addressKey === b.addressKey;
  const metres = a.position && b.position ? metresBetween(a.position, b.position) : null;
  if (!sameAddress && (metres === null || metres > SAME_PLACE_METRES)) return null;
  const similarity = jaccard(a.shingles, b.shingles);
  return similarity >= SAME_TEXT_JACCARD ? { similarity, metres, sameAddress } : null;
};

/** The duplicate's evidence in words, in `locale` (the `evidence` namespace). */
export const duplicateInWords = (
  d: { similarity: number; metres: number | null; sameAddress: boolean },
  locale: Locale = 'en',
): string =>
  translatorFor(locale).t('evidence.duplicate.text', {
    sameAddress: d.sameAddress ? 'yes' : 'no',
    metres: String(Math.round(d.metres ?? 0)),
    percent: String(Math.round(d.similarity * 100)),
  });

/** The pair's key, whichever listing is named first: one pair, one review. */
export const pairKey = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * The broker signals' question (issue 41, item 2): which other accounts have a photo that is also
 * on this account's listings, from the pairs the duplicates projection found. Pure over the pairs so
 * that a signal can be tested without the database (projections/src/queries/duplicateQueries.ts
 * reads the pairs).
 */
export const accountsSharingPhotos = (
  accountId: string,
  pairs: readonly { ownerA: string; ownerB: string; kind: 'photo' | 'text' }[],
): string[] => {
  const others = new Set<string>();
  for (const p of pairs) {
    if (p.kind !== 'photo' || p.ownerA === p.ownerB) continue;
    if (p.ownerA === accountId) others.add(p.ownerB);
    if (p.ownerB === accountId) others.add(p.ownerA);
  }
  return [...others].sort();
};
