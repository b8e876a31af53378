/**
 * Dates in each language's own form (issue 42), by Intl: '22 Mar 2026',
 * '22 मार्च 2026', 'ಮಾರ್ಚ್ 22, 2026'; and the Indian national (Saka) calendar's
 * months ('Chaitra 1948', 'चैत्र 1948') where a date reads better in them.
 * Pure and browser-safe, as numbers.ts.
 */
import { INTL_TAGS, type Locale } from './locales.ts';

/** The forms the screens use, by what they show. */
const STYLES = {
  /** '22 Mar 2026': listed, updated, move-in dates. */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** '22 Mar': a chart's days. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** 'March 2026': 'member since'. */
  monthYear: { month: 'long', year: 'numeric' },
  /** 'Mar 2026': a chart's months. */
  shortMonthYear: { month: 'short', year: 'numeric' },
  /** '22 Mar, 3:05 pm': a message's time. */
  dateTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  /** 'Mon, 7 Dec': a day of visiting times. */
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short' },
  /** '6:30 pm': a visiting time within its day. */
  time: { hour: 'numeric', minute: '2-digit' },
  /** 'Mon, 7 Dec, 6:00 pm': a visit's time. */
  weekdayTime: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

/** Options beyond the style: the time zone the day is read in (the runtime's when absent). */
export type DateOptions = { timeZone?: string };

// Every page loads this file (format.ts), within its weight budget: so no formatter cache,
// as the toLocaleDateString calls it replaced had none; 'en' is 'en-IN', 'hi' 'hi-IN', 'kn' 'kn-IN'.
const asDate = (date: Date | string | number): Date | null => {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * Hindi and Kannada say the part of the day in words ('3 दिस॰, सुबह 6:30',
 * '3 ಡಿಸೆಂ, 6:30 ಬೆಳಗ್ಗೆ'), as people say a time: their am/pm are Latin.
 */
const optionsOf = (locale: Locale, style: DateStyle): Intl.DateTimeFormatOptions =>
  (style === 'dateTime' || style === 'weekdayTime' || style === 'time') && locale !== 'en'
    ? { ...STYLES[style], dayPeriod: 'short' }
    : STYLES[style];

/** A date (or ISO text, or ms) in `locale`'s form; '' when it is not a date. */
export const formatDate = (
  date: Date | string | number,
  locale: Locale = 'en',
  style: DateStyle = 'date',
  { timeZone }: DateOptions = {},
): string => {
  const d = asDate(date);
  return d ? d.toLocaleString(INTL_TAGS[locale], { ...optionsOf(locale, style), timeZone }) : '';
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
  const parts = new Intl.DateTimeFormat(`${locale}-IN-u-ca-indian`, {
    month: 'long',
    year: 'numeric',
    timeZone,
  }).formatToParts(d);
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  return `${month} ${year}`;
};
