import { describe, expect, it } from 'vitest';
import { formatRupees, groupIndian, rupeesInWords } from './numbers.ts';
import type { Locale } from './locales.ts';
import { parseRupees } from './parseRupees.ts';

describe('formatRupees', () => {
  it.each([
    [0, '₹0'],
    [999, '₹999'],
    [12000, '₹12,000'],
    [150000, '₹1,50,000'],
    [1234567, '₹12,34,567'],
    [10_000_000, '₹1,00,00,000'],
    [15000.6, '₹15,001'],
    [Number.NaN, '₹0'],
    [Number.POSITIVE_INFINITY, '₹0'],
  ])('%d → %s in every language', (amount, text) => {
    for (const locale of ['en', 'hi', 'kn'] as const)
      expect(formatRupees(amount, locale)).toBe(text);
  });
});

describe('formatRupees in English', () => {
  it("writes whole rupees as the pages and emails did ('₹' and en-IN digits)", () => {
    for (const n of [
      0, 7, 999, 1000, 25_000, 99_999, 1_50_000, 12_34_567, 10_000_000, 98_76_54_321,
    ])
      expect(formatRupees(n, 'en')).toBe(`₹${n.toLocaleString('en-IN')}`);
  });
});

describe('rupeesInWords', () => {
  it.each<[number, Locale, string]>([
    [500, 'en', '₹500'],
    [15000, 'en', '₹15,000'],
    [99_000, 'en', '₹99,000'],
    [99_999, 'en', '₹1 lakh'],
    [100_000, 'en', '₹1 lakh'],
    [150_000, 'en', '₹1.5 lakh'],
    [123_456, 'en', '₹1.23 lakh'],
    [2_000_000, 'en', '₹20 lakh'],
    [20_000_000, 'en', '₹2 crore'],
    [25_500_000, 'en', '₹2.55 crore'],
    [15_000_000_000, 'en', '₹1,500 crore'],
    [500, 'hi', '₹500'],
    [15000, 'hi', '₹15 हज़ार'],
    [15500, 'hi', '₹15.5 हज़ार'],
    [150_000, 'hi', '₹1.5 लाख'],
    [20_000_000, 'hi', '₹2 करोड़'],
    [99_999, 'hi', '₹1 लाख'],
    [500, 'kn', '₹500'],
    [15000, 'kn', '₹15 ಸಾವಿರ'],
    [150_000, 'kn', '₹1.5 ಲಕ್ಷ'],
    [20_000_000, 'kn', '₹2 ಕೋಟಿ'],
    [Number.NaN, 'en', '₹0'],
  ])('%d in %s → %s', (amount, locale, text) => {
    expect(rupeesInWords(amount, locale)).toBe(text);
  });

  it('reads back as the amount it rounds to', () => {
    for (const locale of ['en', 'hi', 'kn'] as const)
      for (const amount of [15000, 150_000, 2_500_000, 20_000_000]) {
        const words = rupeesInWords(amount, locale);
        expect(parseRupees(words)).toEqual({ ok: true, rupees: amount });
      }
  });
});

describe('groupIndian', () => {
  // Held equal to Intl, which it stands in for on the pages (its first NumberFormat is slow).
  const samples = [
    0,
    -0,
    1,
    7,
    12,
    999,
    1000,
    12_345,
    99_999,
    1_00_000,
    12_34_567,
    98_76_54_321,
    2 ** 53 - 1,
    1e21,
    2.5,
    3.5,
    -2.5,
    0.4,
    -0.4,
    15000.6,
    -1234,
    1e25,
  ];
  const random = Array.from({ length: 500 }, (_, i) =>
    Math.floor((((i * 2654435761) % 2 ** 32) * 10 ** (i % 12)) / 2 ** 32),
  );
  it.each(['en-IN', 'hi-IN'])('writes whole numbers as Intl %s does', (tag) => {
    const intl = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    for (const n of [...samples, ...random]) expect(groupIndian(n), String(n)).toBe(intl.format(n));
  });

  it('writes negative amounts with the sign before the rupee, as Intl does', () => {
    const inr = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    for (const n of [-1, -1234, -15000.6, -0.4, 0, 5, 1_50_000])
      expect(formatRupees(n), String(n)).toBe(inr.format(n));
  });
});
