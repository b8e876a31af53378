/** Presentation helpers shared by every screen. */

import { formatRupees } from '@rentals/core/i18n/grouping';

/** The period a rent is for, as a person says it: 'monthly' → 'month' (shown as 'per month', '/month'). */
export const rentPeriod = (rentType: string | undefined): string =>
  rentType === 'yearly' ? 'year' : 'month';

/** Rupees with Indian digit grouping and no decimals: 1234567 → '₹12,34,567'. */
export const formatRent = (amount: number): string => formatRupees(amount);

// The cards' words: the initial from core's shared UI, the labels in the page's language (lib/labels.ts).
export { initial } from '@rentals/core/ui/labels';
export { listerLabel, typeLabel } from './labels.ts';

/** 'address, area, city - pinCode', skipping the empty parts. */
export const addressLine = (loc: {
  address?: string;
  area?: string;
  city?: string;
  pinCode?: string;
}): string => {
  const head = [loc.address, loc.area, loc.city].filter((part) => part?.trim()).join(', ');
  return loc.pinCode ? `${head} - ${loc.pinCode}` : head;
};

/** A count as the site shows it: beyond 99, '99+' (the API counts up to 100). */
export const countLabel = (n: number): string => (n > 99 ? '99+' : String(n));
