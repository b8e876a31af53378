import { normaliseLocality } from '@rentals/core/gazetteer/normalise';

/**
 * How tenants spell a place differs from how it is stored in ways that are
 * not typos: short forms ('Andheri (W)', 'Sec 62', 'DLF Ph 3'), Hindi words
 * for directions ('Andheri Poorv'), spaces put in or left out ('HSRLayout',
 * 'White field') and the usual transliteration variants ('Malleswaram' /
 * 'Malleshwaram', 'Laxmi' / 'Lakshmi', 'Bengalooru'). A place key folds all
 * of these away, so the locality matcher compares keys and spends its typo
 * budget on real typos only.
 */

/** Whole words with one meaning: abbreviations and Hindi direction words. */
const WORDS: Readonly<Record<string, string>> = {
  e: 'east',
  poorv: 'east',
  purv: 'east',
  purva: 'east',
  poorva: 'east',
  purab: 'east',
  w: 'west',
  paschim: 'west',
  pashchim: 'west',
  paschima: 'west',
  n: 'north',
  uttar: 'north',
  s: 'south',
  dakshin: 'south',
  dakshina: 'south',
  // Bengali and Odia say v as b: 'Mayur Bihar', 'Jaydev Bihar'.
  bihar: 'vihar',
  sec: 'sector',
  sect: 'sector',
  ph: 'phase',
  ngr: 'nagar',
  rd: 'road',
  stg: 'stage',
  blk: 'block',
  bk: 'block',
  extn: 'extension',
  ext: 'extension',
};

/** 'No.' before a number ('Scheme No. 54', 'Road No 12'), which people leave out as often as not. */
const NUMBER_WORDS = new Set(['no', 'number']);

/** The words of a place, normalised (case, accents, punctuation) and with short forms spelt out. */
export const placeWords = (value: string): string[] =>
  normaliseLocality(value)
    .split(' ')
    .filter((w, i, all) => w.length > 0 && !(NUMBER_WORDS.has(w) && /^\d/.test(all[i + 1] ?? '')))
    // A single letter is a direction only at the end ('Andheri E'); elsewhere an initial ('R S Puram').
    .map((w, i, all) => (w.length > 1 || (i > 0 && i === all.length - 1) ? (WORDS[w] ?? w) : w));

/** Spellings of one sound, folded to one ('sh' → 's', 'oo' → 'u', 'y' → 'i', 'x' → 'ks', 'w' → 'v'). */
const foldSounds = (word: string) =>
  word
    .replace(/x/g, 'ks')
    .replace(/oo|ou/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/y/g, 'i')
    .replace(/(\p{L})\1+/gu, '$1')
    .replace(/([bcdgkpst])h/g, '$1')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/(\p{L})\1+/gu, '$1')
    // Endings spelt several ways: Mylapore/-pur, Tollygunge/-gunj/-ganj, Shahibaug/-bagh, -uru/-ur.
    .replace(/pore$/, 'pur')
    .replace(/g[au]n(?:j|ge)?$/, 'ganj')
    .replace(/baug$/, 'bag')
    .replace(/uru$/, 'ur');

/** Each word's folded spelling (a word of one or two letters is an initial, kept as typed: 'KK' is not 'K'). */
export const foldedWords = (words: readonly string[]): string[] =>
  words.map((w) => (w.length <= 2 ? w : foldSounds(w)));

/** The key two spellings of one place share: folded sounds, no spaces. */
export const placeKey = (words: readonly string[]): string => foldedWords(words).join('');

/**
 * Typos allowed in a word of this length: 1 from 4 letters, 2 from 9 (one
 * letter under Meilisearch's defaults: place names are short, 'Hauz Khaz').
 */
export const typoBudget = (length: number) => (length >= 9 ? 2 : length >= 4 ? 1 : 0);

/** A six-digit Indian PIN code, spaces allowed in between ('560 034'); undefined for anything else. */
export const pinCodeOf = (value: string): string | undefined => {
  const digits = value.replace(/\s+/g, '');
  return /^[1-9]\d{5}$/.test(digits) ? digits : undefined;
};
