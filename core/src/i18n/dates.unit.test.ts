import { describe, expect, it } from 'vitest';
import { formatDate, formatIndianCalendarMonth, type DateStyle } from './dates.ts';
import type { Locale } from './locales.ts';

const utc = { timeZone: 'UTC' };
const day = '2026-03-22T10:05:00.000Z';

describe('formatDate', () => {
  it.each<[Locale, DateStyle, string]>([
    ['en', 'date', '22 Mar 2026'],
    ['en', 'dayMonth', '22 Mar'],
    ['en', 'monthYear', 'March 2026'],
    ['en', 'shortMonthYear', 'Mar 2026'],
    ['en', 'dateTime', '22 Mar, 10:05 am'],
    ['hi', 'date', '22 मार्च 2026'],
    ['hi', 'monthYear', 'मार्च 2026'],
    ['kn', 'date', 'ಮಾರ್ಚ್ 22,2026'],
    ['kn', 'monthYear', 'ಮಾರ್ಚ್ 2026'],
    // The part of the day in words: Hindi's and Kannada's am/pm are Latin letters.
    ['hi', 'dateTime', '22 मार्च, सुबह 10:05'],
    ['kn', 'dateTime', '22 ಮಾರ್ಚ್, 10:05 ಬೆಳಗ್ಗೆ'],
  ])('%s %s → %s', (locale, style, text) => {
    expect(formatDate(day, locale, style, utc)).toBe(text);
  });

  it('writes what the screens wrote with toLocaleDateString before', () => {
    const at = '2026-12-24T20:30:00.000Z';
    const old = (options: Intl.DateTimeFormatOptions) =>
      new Date(at).toLocaleDateString('en-IN', options);
    const kolkata = { timeZone: 'Asia/Kolkata' };
    expect(formatDate(at, 'en', 'date', kolkata)).toBe(
      old({ day: 'numeric', month: 'short', year: 'numeric', ...kolkata }),
    );
    expect(formatDate(at, 'en', 'shortMonthYear', utc)).toBe(
      old({ month: 'short', year: 'numeric', ...utc }),
    );
    expect(formatDate(at, 'en', 'dayMonth', utc)).toBe(
      old({ day: 'numeric', month: 'short', ...utc }),
    );
    expect(formatDate(at, 'en', 'monthYear', kolkata)).toBe(
      old({ month: 'long', year: 'numeric', ...kolkata }),
    );
    expect(formatDate(at, 'en', 'dateTime')).toBe(
      new Date(at).toLocaleString('en-IN', {
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
  });

  it('reads the day in the given time zone', () => {
    const lateEvening = '2026-03-22T20:00:00.000Z';
    expect(formatDate(lateEvening, 'en', 'date', utc)).toBe('22 Mar 2026');
    expect(formatDate(lateEvening, 'en', 'date', { timeZone: 'Asia/Kolkata' })).toBe('23 Mar 2026');
  });

  it('takes a Date, ISO text or milliseconds, and gives nothing for what is not a date', () => {
    const date = new Date(day);
    expect(formatDate(date, 'en', 'date', utc)).toBe('22 Mar 2026');
    expect(formatDate(date.getTime(), 'en', 'date', utc)).toBe('22 Mar 2026');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate('', 'hi')).toBe('');
  });
});

describe('formatIndianCalendarMonth', () => {
  it.each<[string, Locale, string]>([
    // 22 March is 1 Chaitra, the Saka new year (21 March in a leap year).
    ['2026-03-22T10:00:00.000Z', 'en', 'Chaitra 1948'],
    ['2026-03-22T10:00:00.000Z', 'hi', 'चैत्र 1948'],
    ['2026-03-22T10:00:00.000Z', 'kn', 'ಚೈತ್ರ 1948'],
    ['2026-03-21T10:00:00.000Z', 'en', 'Phalguna 1947'],
    ['2026-12-02T10:00:00.000Z', 'en', 'Agrahayana 1948'],
    ['2026-12-02T10:00:00.000Z', 'hi', 'अग्रहायण 1948'],
    ['2026-08-15T10:00:00.000Z', 'kn', 'ಶ್ರಾವಣ 1948'],
  ])('%s in %s → %s', (iso, locale, text) => {
    expect(formatIndianCalendarMonth(iso, locale, utc)).toBe(text);
  });

  it('gives nothing for what is not a date', () => {
    expect(formatIndianCalendarMonth('soon', 'en')).toBe('');
  });
});
