/**
 * How a lister answers tenants (issue 41), from conversation events: of the
 * conversations a tenant started, the share the lister answered within
 * ANSWERED_WITHIN_MS, and the median time to the first answer. With fewer
 * than MIN_CONVERSATIONS that count, nothing is said: two conversations make
 * no rate worth showing. A conversation younger than the window and not yet
 * answered does not count yet (it may still be answered in time).
 */
import { millisBetween } from '../isoTime.ts';
import { plural } from '../ui/plural.ts';

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

/** 'within an hour', 'within 3 hours', 'within a day', 'within 2 days'. */
export const replyTimeWords = (ms: number): string => {
  if (ms <= HOUR_MS) return 'within an hour';
  if (ms < DAY_MS) return `within ${plural(Math.ceil(ms / HOUR_MS), 'hour')}`;
  if (ms <= DAY_MS) return 'within a day';
  return `within ${plural(Math.ceil(ms / DAY_MS), 'day')}`;
};

export const responseStats = (enquiries: readonly Enquiry[], now: string): ResponseStats | null => {
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
  const usually = medianMs === null ? '' : `, usually ${replyTimeWords(medianMs)}`;
  return {
    conversations: delays.length,
    ratePercent,
    medianMinutes: medianMs === null ? null : Math.round(medianMs / 60_000),
    text: `Replies to ${ratePercent}% of enquiries${usually}`,
  };
};
