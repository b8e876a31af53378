/**
 * Whole numbers and rupees in digits, Indian grouping: what every page shows (counts, rents),
 * so it stays this small; amounts in words and the rest are ./numbers.ts.
 */
import type { Locale } from './locales.ts';

// Latin digits in all three languages: what Indian sites show. One grouping for every
// language: CLDR's Kannada groups in thousands (₹150,000), while Indian sites in Kannada group
// in lakhs as Hindi and Indian English do (₹1,50,000).

/**
 * A whole number with Indian digit grouping, as Intl's en-IN writes it: 1234567 → '12,34,567',
 * halves away from zero. Written out rather than asked of Intl.NumberFormat: the first
 * NumberFormat a page creates costs some 20 ms (ICU's number data), four times that on a
 * budget phone, in the middle of the render that shows the first amount or count (TBT,
 * npm run bench:lighthouse). Tests hold it equal to Intl's.
 */
export const groupIndian = (n: number): string => {
  const whole = Math.round(Math.abs(n));
  // Not a number, or past what String() writes in digits: Intl, however slow.
  if (!(whole < 1e21)) return Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(n);
  const digits = String(whole);
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
};

/** Whole rupees with Indian grouping: 1234567 → '₹12,34,567'; not a number → '₹0'. */
export const formatRupees = (amount: number, _locale?: Locale): string =>
  Number.isFinite(amount)
    ? amount < 0
      ? `-₹${groupIndian(-amount)}`
      : `₹${groupIndian(amount)}`
    : '₹0';
