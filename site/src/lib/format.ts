/** Presentation helpers shared by every screen. */
import { formatDate as formatDateIn } from '@rentals/core/i18n/dates';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { plural } from '@rentals/core/ui/plural';

/** The period a rent is for, as a person says it: 'monthly' → 'month' (shown as 'per month', '/month'). */
export const rentPeriod = (rentType: string | undefined): string =>
  rentType === 'yearly' ? 'year' : 'month';

/** Rupees with Indian digit grouping and no decimals: 1234567 → '₹12,34,567'. */
export const formatRent = (amount: number): string => formatRupees(amount, 'en');

// The cards' labels live with the visitor card in core's shared UI (the public pages use them too).
export { initial, listerLabel, typeLabel } from '@rentals/core/ui/labels';

/** '22 Mar 2026' (core/src/i18n/dates.ts, the one home of dates); '' when there is none. */
export const formatDate = (iso: string | undefined): string =>
  iso ? formatDateIn(iso, 'en', 'date') : '';

/** 'Confirmed available today' / '… 1 day ago' / '… 3 days ago': when the owner last confirmed the home. */
export const confirmedAgo = (iso: string | undefined, now: Date = new Date()): string => {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  const days = Math.max(0, Math.floor((now.getTime() - at) / 86_400_000));
  if (days === 0) return 'Confirmed available today';
  return `Confirmed available ${plural(days, 'day')} ago`;
};

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
