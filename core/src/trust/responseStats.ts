/**
 * How a lister answers tenants (issue 41), from conversation events: of the
 * conversations a tenant started, the share the lister answered within
 * ANSWERED_WITHIN_MS, and the median time to the first answer. With fewer
 * than MIN_CONVERSATIONS that count, nothing is said: two conversations make
 * no rate worth showing. A conversation younger than the window and not yet
 * answered does not count yet (it may still be answered in time).
 */
import { millisBetween } from '../isoTime.ts';
import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const ANSWERED_WITHIN_MS = 7 * DAY_MS;
export const MIN_CONVERSATIONS = 5;

export type Enquiry = { startedAt: string; firstReplyAt: string | null };

export type ResponseStats = {
  /** Conversations counted. */
  conversations: number;
  /** Whole per cent answered within the window. */
  ratePercent: number;
  /** Median minutes to the first answer, among those answered in time. */
  medianMinutes: number | null;
  /** The card's words: 'Replies to 90% of enquiries, usually within 2 hours'. */
  text: string;
};

const median = (sorted: number[]): number => {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** How soon, as the card says it: within an hour, N hours, a day or N days (`evidence.replies`). */
export const replyTime = (
  ms: number,
): { usually: 'hour' | 'hours' | 'day' | 'days'; n: number } => {
  if (ms <= HOUR_MS) return { usually: 'hour', n: 1 };
  if (ms < DAY_MS) return { usually: 'hours', n: Math.ceil(ms / HOUR_MS) };
  if (ms <= DAY_MS) return { usually: 'day', n: 1 };
  return { usually: 'days', n: Math.ceil(ms / DAY_MS) };
};

/** The lister's replies, the card's words in `locale` (the tenant's). */
export const responseStats = (
  enquiries: readonly Enquiry[],
  now: string,
  locale: Locale = 'en',
): ResponseStats | null => {
  const delays: (number | null)[] = [];
  for (const e of enquiries) {
    const delay = e.firstReplyAt ? millisBetween(e.startedAt, e.firstReplyAt) : null;
    const inTime = delay !== null && delay <= ANSWERED_WITHIN_MS;
    if (inTime) delays.push(delay);
    else if (millisBetween(e.startedAt, now) >= ANSWERED_WITHIN_MS) delays.push(null);
  }
  if (delays.length < MIN_CONVERSATIONS) return null;
  const answered = delays.filter((d): d is number => d !== null).sort((a, b) => a - b);
  const ratePercent = Math.round((100 * answered.length) / delays.length);
  const medianMs = answered.length > 0 ? median(answered) : null;
  const usually = medianMs === null ? { usually: 'none', n: 0 } : replyTime(medianMs);
  return {
    conversations: delays.length,
    ratePercent,
    medianMinutes: medianMs === null ? null : Math.round(medianMs / 60_000),
    text: translatorFor(locale).t('evidence.replies', { rate: String(ratePercent), ...usually }),
  };
};
