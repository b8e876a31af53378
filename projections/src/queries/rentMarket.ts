/**
 * The rules of the rent trends (issue 18), pure: which month an event falls
 * in, a rent as a monthly figure, when a median may be shown and what the
 * 'fair rent' hint says. The projection (readModels/rentTrends.ts), the
 * queries and the API share them.
 */
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { formatDate } from '@rentals/core/i18n/dates';
import type { Locale } from '@rentals/core/i18n/locales';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { isMuchBelow } from '@rentals/core/trust/tooCheap';

/**
 * Listings a median needs before it is shown (a bucket of one property
 * type and bedroom count, in one locality or city, in one month), so that a
 * single listing cannot define a 'trend'.
 */
export const MIN_TREND_SAMPLE = 5;

/** How far from the median a rent may be and still be 'around' it (a fraction of the median). */
export const FAIR_RENT_BAND = 0.1;

/** India's offset from UTC: the months of the trends are Indian calendar months. */
const IST_OFFSET_MS = 330 * 60_000;

/** The first day of the Indian calendar month of an ISO time, as 'YYYY-MM-01'. */
export const monthOf = (at: string | Date): string =>
  `${new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 7)}-01`;

/** The month `n` months before (negative: after) a 'YYYY-MM-01' month. */
export const monthsBefore = (month: string, n: number): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/** A rent as rupees per month (a yearly rent spread over twelve months). */
export const monthlyRent = (rent: number, rentType: string): number =>
  rentType === 'yearly' ? rent / 12 : rent;

/**
 * A median published to everyone (the city pages' table, the open rent data)
 * goes to the nearest ₹500: an aggregate of several listings, never one
 * listing's exact rent (which public pages do not show; a median of an odd
 * count is one listing's rent).
 */
export const PUBLIC_RENT_STEP = 500;
export const publicRent = (n: number) => Math.round(n / PUBLIC_RENT_STEP) * PUBLIC_RENT_STEP;

/** A median with the number of listings behind it. */
export type Median = { median: number; sample: number };

/** The median when enough listings stand behind it, otherwise nothing. */
export const shownMedian = (m: Median | undefined): Median | null =>
  m && m.sample >= MIN_TREND_SAMPLE ? { median: Math.round(m.median), sample: m.sample } : null;

const rupees = (n: number) => formatRupees(Math.round(n));

export type FairRentVerdict = 'below' | 'around' | 'above';

/**
 * The circles around a listing (km) its fair-rent hint widens to, in turn,
 * when its locality has too few comparable listings; the city comes after.
 */
export const FAIR_RENT_RADII_KM = [3, 5] as const;

/** Which comparable listings a hint stands on: its locality, a circle around it, or its city. */
export type FairRentBasis =
  | { basis: 'locality'; place: string }
  | { basis: 'nearby'; km: number }
  | { basis: 'city'; place: string };

/** One candidate set of comparables, narrowest first: where, and their median (if any). */
export type ComparableTier = FairRentBasis & { comparable: Median | undefined };

export type FairRent = {
  verdict: FairRentVerdict;
  median: number;
  sample: number;
  basis: FairRentBasis['basis'];
  /** The circle's radius for a 'nearby' basis, else null. */
  radiusKm: number | null;
  /** 'Around the median of ₹21,500 for 14 comparable 2 BHK flats within 3 km'. */
  text: string;
  /**
   * At most MUCH_BELOW_SHARE of a locality's or nearby median: tenants are
   * warned (core/src/trust/tooCheap.ts). Never on the city's median.
   */
  muchBelow: boolean;
};

/** '2 BHK flats', '1 RK flats' (no bedroom), 'PGs' (rooms, not BHK), in a language (the `market` namespace). */
export const comparableKind = (propertyType: string, bedrooms: number, locale: Locale = 'en') =>
  translatorFor(locale).t('market.kind', { type: propertyType, bedrooms });

const whereText = (b: FairRentBasis, locale: Locale) =>
  translatorFor(locale).t('market.where', {
    basis: b.basis,
    km: b.basis === 'nearby' ? b.km : 0,
    place: b.basis === 'nearby' ? '' : b.place,
  });

/**
 * A fair-rent hint in words, in a language: 'Around the median of ₹21,500
 * for 14 comparable 2 BHK flats within 3 km'. The admins' too-cheap queue
 * says a stored finding with it too (rentCheckQueue.ts).
 */
export const fairRentText = (
  hint: { verdict: FairRentVerdict; median: number; sample: number },
  kind: { propertyType: string; bedrooms: number },
  basis: FairRentBasis,
  locale: Locale = 'en',
): string =>
  translatorFor(locale).t('market.fairRent', {
    verdict: hint.verdict,
    median: rupees(hint.median),
    sample: String(hint.sample),
    kind: comparableKind(kind.propertyType, kind.bedrooms, locale),
    where: whereText(basis, locale),
  });

/**
 * Where a monthly rent sits against the median of comparable listings (same
 * property type and bedrooms, on the market this month): within ±10 % is
 * 'around'. The basis is the narrowest tier with enough of them (locality,
 * then each circle, then the city), and the text says which; no hint when
 * none has enough.
 */
export const fairRent = (
  rentPerMonth: number,
  kind: { propertyType: string; bedrooms: number },
  tiers: readonly ComparableTier[],
  locale: Locale = 'en',
): FairRent | null => {
  for (const { comparable, ...basis } of tiers) {
    const shown = shownMedian(comparable);
    if (!shown) continue;
    const ratio = rentPerMonth / shown.median;
    const verdict: FairRentVerdict =
      ratio < 1 - FAIR_RENT_BAND ? 'below' : ratio > 1 + FAIR_RENT_BAND ? 'above' : 'around';
    const text = fairRentText({ verdict, ...shown }, kind, basis, locale);
    return {
      verdict,
      ...shown,
      basis: basis.basis,
      radiusKm: basis.basis === 'nearby' ? basis.km : null,
      text,
      // Not against a whole city: a cheap locality's honest rents sit far below the city's median.
      muchBelow: basis.basis !== 'city' && isMuchBelow(rentPerMonth, shown.median),
    };
  }
  return null;
};

const shortDate = (at: string, locale: Locale) =>
  formatDate(at, locale, 'date', { timeZone: 'Asia/Kolkata' });

/** One rent change as the detail page says it: 'Rent reduced from ₹30,000 to ₹27,000 on 12 Nov 2026'. */
export const describeRentChange = (
  c: {
    at: string;
    rent: number;
    rentType: string;
    previousRent: number;
    previousRentType: string;
  },
  locale: Locale = 'en',
): string => {
  const before = monthlyRent(c.previousRent, c.previousRentType);
  const after = monthlyRent(c.rent, c.rentType);
  return translatorFor(locale).t('market.rentChange', {
    direction: after < before ? 'down' : after > before ? 'up' : 'same',
    before: rupees(c.previousRent),
    beforePer: c.previousRentType,
    after: rupees(c.rent),
    afterPer: c.rentType,
    date: shortDate(c.at, locale),
  });
};

/** A let as the owner's rent history says it: 'Let at ₹24,000 a month on 3 Dec 2026' (issue 44). */
export const describeLet = (l: { at: string; rent: number }, locale: Locale = 'en'): string =>
  translatorFor(locale).t('market.letAt', { rent: rupees(l.rent), date: shortDate(l.at, locale) });
