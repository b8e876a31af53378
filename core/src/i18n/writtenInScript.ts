import type { Locale } from './locales.ts';

/**
 * Latin words a Hindi or Kannada text may keep: the brand, and what Indian
 * renters write in Latin letters whatever their language (docs/i18n/GLOSSARY.md).
 */
export const LATIN_KEPT: ReadonlySet<string> = new Set([
  'Rentals',
  'BHK',
  'PG',
  'RK',
  'UPI',
  'PIN',
  'OTP',
  // The photo picker's file formats and size, named as phones and files name them.
  'JPEG',
  'PNG',
  'WebP',
  'MB',
  // The open rent data's file formats and licence (CC BY 4.0), named as they are everywhere.
  'CSV',
  'JSON',
  'CC',
  'BY',
]);

const SCRIPTS = { hi: /\p{Script=Devanagari}/u, kn: /\p{Script=Kannada}/u } as const;

/**
 * Whether a translation was left (even partly) in English: it keeps a Latin
 * word the glossary does not, or the English has words and the translation
 * none in its own script. The catalogue tests run every text through it.
 */
export const leftInEnglish = (
  english: string,
  translated: string,
  locale: Exclude<Locale, 'en'>,
): boolean => {
  const latinWords = translated.match(/\p{Script=Latin}+/gu) ?? [];
  if (latinWords.some((word) => !LATIN_KEPT.has(word))) return true;
  const wordsInEnglish = english.match(/\p{Script=Latin}{2,}/gu) ?? [];
  return wordsInEnglish.some((w) => !LATIN_KEPT.has(w)) && !SCRIPTS[locale].test(translated);
};
