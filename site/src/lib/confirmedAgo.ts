import { format } from './i18nFormat.ts';

/** Whole days since an ISO time (never below 0); null when it is not a time. */
export const daysSince = (iso: string | undefined, now: Date = new Date()): number | null => {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now.getTime() - at) / 86_400_000));
};

/** 'Confirmed available today' / '… 1 day ago' / '… 3 days ago' in the page's language. */
export const confirmedAgoText = (iso: string | undefined, now: Date = new Date()): string => {
  const days = daysSince(iso, now);
  return days === null ? '' : format('card.confirmedAgo', { days });
};
