/**
 * 'Too good to be true' (issue 41): city police warn of listings '30–50 %
 * below market rates' whose owners take a token and vanish. A listing whose
 * monthly rent is at most this share of the median of comparable homes (the
 * fair-rent hint's median: same type and BHK, its locality, else nearby,
 * else its city) is much below them: tenants see the warning and admins get
 * it in their queue. Pure and browser-safe.
 */

/** At or under 70 % of the comparables' median: 30 % or more below it. */
export const MUCH_BELOW_SHARE = 0.7;

/** What tenants read on such a listing (the words). */
export const TOO_CHEAP_WARNING =
  'Much below similar homes nearby. Never pay a token before you visit.';

/** Whether a monthly rent is much below the median of its comparables. */
export const isMuchBelow = (rentPerMonth: number, median: number): boolean =>
  median > 0 && rentPerMonth <= median * MUCH_BELOW_SHARE;

/** How far below, as people say it: '45 % below'. */
export const shareBelow = (rentPerMonth: number, median: number): number =>
  Math.round((1 - rentPerMonth / median) * 100);
