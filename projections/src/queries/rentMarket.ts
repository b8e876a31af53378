/**
 * The rules of the rent trends (issue 18), pure: which month an event falls
 * in, a rent as a monthly figure, when a median may be shown and what the
 * 'fair rent' hint says. The projection (readModels/rentTrends.ts), the
 * queries and the API share them.
 */

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

/** A median with the number of listings behind it. */
export type Median = { median: number; sample: number };

/** The median when enough listings stand behind it, otherwise nothing. */
export const shownMedian = (m: Median | undefined): Median | null =>
  m && m.sample >= MIN_TREND_SAMPLE ? { median: Math.round(m.median), sample: m.sample } : null;

export type FairRentVerdict = 'below' | 'around' | 'above';

export type FairRent = { verdict: FairRentVerdict; median: number; sample: number };

/**
 * Where a monthly rent sits against the median of comparable listings (same
 * locality, property type and bedrooms): within ±10 % is 'around'. No hint
 * without enough comparable listings.
 */
export const fairRent = (rentPerMonth: number, comparable: Median | undefined): FairRent | null => {
  const shown = shownMedian(comparable);
  if (!shown) return null;
  const ratio = rentPerMonth / shown.median;
  const verdict: FairRentVerdict =
    ratio < 1 - FAIR_RENT_BAND ? 'below' : ratio > 1 + FAIR_RENT_BAND ? 'above' : 'around';
  return { verdict, ...shown };
};

const rupees = (n: number) => `₹${Math.round(n).toLocaleString('en-IN')}`;
const shortDate = (at: string) =>
  new Date(at).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** One rent change as the detail page says it: 'Rent reduced from ₹30,000 to ₹27,000 on 12 Nov 2026'. */
export const describeRentChange = (c: {
  at: string;
  rent: number;
  rentType: string;
  previousRent: number;
  previousRentType: string;
}): string => {
  const per = (type: string) => (type === 'yearly' ? ' a year' : '');
  const before = monthlyRent(c.previousRent, c.previousRentType);
  const after = monthlyRent(c.rent, c.rentType);
  const verb = after < before ? 'reduced' : after > before ? 'raised' : 'changed';
  return `Rent ${verb} from ${rupees(c.previousRent)}${per(c.previousRentType)} to ${rupees(c.rent)}${per(c.rentType)} on ${shortDate(c.at)}`;
};
