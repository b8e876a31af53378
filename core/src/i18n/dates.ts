/**
 * Dates in each language's own form (issue 42), by Intl: '22 Mar 2026',
 * '22 मार्च 2026', 'ಮಾರ್ಚ್ 22, 2026'; and the Indian national (Saka) calendar's
 * months ('Chaitra 1948', 'चैत्र 1948') where a date reads better in them.
 * Pure and browser-safe, as numbers.ts.
 */
import type { Locale } from './numbers.ts';

const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'kn-IN' };

/** The forms the screens use, by what they show. */
const STYLES = {
  /** '22 Mar 2026': listed, updated, move-in dates. */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** '22 March 2026'. */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** '22 Mar': a chart's days. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** 'March 2026': 'member since'. */
  monthYear: { month: 'long', year: 'numeric' },
  /** 'Mar 2026': a chart's months. */
  shortMonthYear: { month: 'short', year: 'numeric' },
  /** '22 Mar, 3:05 pm': a message's time. */
  dateTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

/** Options beyond the style: the time zone the day is read in (the runtime's when absent). */
export type DateOptions = { timeZone?: string };

// Building a formatter costs far more than using one; a page formats hundreds of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (locale: string, options: Intl.DateTimeFormatOptions, key: string) => {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
};

const asDate = (date: Date | string | number): Date | null => {
  const d = date instanceof Date ? date : new Date(date);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A date (or ISO text, or ms) in `locale`'s form; '' when it is not a date. */
export const formatDate = (
  date: Date | string | number,
  locale: Locale = 'en',
  style: DateStyle = 'date',
  { timeZone }: DateOptions = {},
): string => {
  const d = asDate(date);
  if (!d) return '';
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  return formatter(INTL_LOCALE[locale], { ...STYLES[style], timeZone }, key).format(d);
};

/**
 * The month and Saka year in the Indian national calendar: 22 Mar 2026 →
 * en 'Chaitra 1948', hi 'चैत्र 1948', kn 'ಚೈತ್ರ 1948' (Intl's `-u-ca-indian`;
 * the era word Intl adds, 'Śaka'/'शक'/'ಶಕ', is left out: the month names say it).
 */
export const formatIndianCalendarMonth = (
  date: Date | string | number,
  locale: Locale = 'en',
  { timeZone }: DateOptions = {},
): string => {
  const d = asDate(date);
  if (!d) return '';
  const key = `${locale}|saka|${timeZone ?? ''}`;
  const parts = formatter(
    `${INTL_LOCALE[locale]}-u-ca-indian`,
    { month: 'long', year: 'numeric', timeZone },
    key,
  ).formatToParts(d);
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  return `${month} ${year}`;
};
