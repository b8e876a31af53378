/**
 * Rupees as Indians write them (issue 42): `₹1,50,000` with lakh grouping,
 * `₹1.5 lakh` / `₹1.5 लाख` / `₹1.5 ಲಕ್ಷ` in words. Pure and browser-safe: every
 * page of the site, the emails and the public pages format through it, so it
 * stays small (grouping.ts writes the digits; no library). The parser behind the
 * money inputs (and `toLatinDigits`) is parseRupees.ts, apart so pages without
 * one do not load it.
 */

import type { Locale } from './locales.ts';
import { formatRupees } from './grouping.ts';

// Whole numbers and rupees in digits live apart (grouping.ts): every page's start-up loads them.
export { formatRupees, groupIndian } from './grouping.ts';

// Pure: a page that never says an amount in words drops it from its bundle.
const upToTwoDecimals = /* @__PURE__ */ new Intl.NumberFormat('en-IN', {
  maximumFractionDigits: 2,
});

const THOUSAND = 1_000;
const LAKH = 100_000;
const CRORE = 10_000_000;

/** The words for the units, largest first; English says thousands as digits (₹15,000). */
const WORDS: Record<Locale, readonly (readonly [number, string])[]> = {
  en: [
    [CRORE, 'crore'],
    [LAKH, 'lakh'],
  ],
  hi: [
    [CRORE, 'करोड़'],
    [LAKH, 'लाख'],
    [THOUSAND, 'हज़ार'],
  ],
  kn: [
    [CRORE, 'ಕೋಟಿ'],
    [LAKH, 'ಲಕ್ಷ'],
    [THOUSAND, 'ಸಾವಿರ'],
  ],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * An amount as people say it: en '₹15,000', '₹1.5 lakh', '₹2 crore'; hi '₹15 हज़ार',
 * '₹1.5 लाख', '₹2 करोड़'; kn '₹15 ಸಾವಿರ', '₹1.5 ಲಕ್ಷ', '₹2 ಕೋಟಿ'. At most two decimals,
 * none trailing; the unit is the largest the rounded amount reaches (₹99,999 is '₹1 lakh').
 */
export const rupeesInWords = (amount: number, locale: Locale = 'en'): string => {
  if (!Number.isFinite(amount) || amount < 0) return formatRupees(amount, locale);
  for (const [unit, word] of WORDS[locale]) {
    const units = round2(amount / unit);
    if (units >= 1) return `₹${upToTwoDecimals.format(units)} ${word}`;
  }
  return formatRupees(amount, locale);
};
