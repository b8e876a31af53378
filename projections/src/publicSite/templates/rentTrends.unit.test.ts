import { LOCALES, type Locale } from '@rentals/core/i18n/locales';
import { describe, expect, it } from 'vitest';
import { rentTrendsSection, sparklinePath } from './rentTrends.ts';

const point = (month: string, median: number | null) => ({ month, median, sample: median ? 6 : 1 });

const site = (locale: Locale) => ({
  siteUrl: 'https://example.in',
  cssHref: '/site.css',
  scriptHref: '/header.js',
  locale,
  locales: LOCALES,
});

describe('the sparkline', () => {
  it('runs from the lowest median at the bottom to the highest at the top, with gaps', () => {
    const path = sparklinePath([
      point('2026-01-01', 20000),
      point('2026-02-01', 30000),
      point('2026-03-01', null),
      point('2026-04-01', 25000),
    ]);
    expect(path).toBe('M3.0 29.0 L41.0 3.0 M117.0 16.0');
  });

  it('is empty without a shown month', () => {
    expect(sparklinePath([point('2026-01-01', null)])).toBe('');
  });
});

describe('the city page section', () => {
  const trends = {
    month: '2026-11-01',
    groups: [
      {
        propertyType: 'flat',
        bedrooms: 2,
        now: { median: 25_123, sample: 6 },
        threeMonthsAgo: null,
        twelveMonthsAgo: { median: 22000, sample: 5 },
        series: [point('2025-11-01', 22000), point('2026-11-01', 25000)],
      },
    ],
  };

  it('shows each group this month, three and twelve months ago, as static SVG', () => {
    const html = rentTrendsSection(site('en'), trends, 'Pune', 5).value;
    expect(html).toContain('Median rents in Pune');
    expect(html).toContain('Flat · 2 BHK');
    // To the nearest ₹500: never one listing's exact rent.
    expect(html).toContain('₹25,000');
    expect(html).not.toContain('25,123');
    expect(html).toContain('₹22,000');
    expect(html).toContain('<svg class="sparkline-chart"');
    expect(html).not.toContain('<script');
  });

  it('reads in the page’s language, figures as they are', () => {
    const html = rentTrendsSection(site('kn'), trends, 'ಪುಣೆ', 5).value;
    expect(html).toContain('<h2>ಪುಣೆ ನಲ್ಲಿ ಮಧ್ಯಮ ಬಾಡಿಗೆ</h2>');
    expect(html).toContain('ಫ್ಲ್ಯಾಟ್ · 2 BHK');
    expect(html).toContain('₹25,000');
    expect(html).toContain('ಕನಿಷ್ಠ 5 ಲಿಸ್ಟಿಂಗ್‌ಗಳು ಬೇಕು');
    expect(html).not.toMatch(/Median|months ago/);
  });

  it('is absent without groups', () => {
    expect(rentTrendsSection(site('en'), { month: null, groups: [] }, 'Pune', 5).value).toBe('');
  });
});
