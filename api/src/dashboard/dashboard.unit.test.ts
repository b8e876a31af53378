import { describe, expect, it } from 'vitest';
import { canonicalCriteria, searchKey } from './recentSearches.ts';
import { lastDays } from './routes.ts';

describe('lastDays', () => {
  it('gives India days ending today, oldest first, across a month end', () => {
    // 20:00 UTC on 31 Jan is already 1 Feb in India.
    expect(lastDays(new Date('2026-01-31T20:00:00Z'), 3)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
    ]);
  });
});

describe('recent search keys', () => {
  it('drop blanks, fix the order, and ignore case and spacing', () => {
    const a = canonicalCriteria({ minRent: '5000', city: '  Navi   Mumbai ', area: '' });
    expect(a).toEqual({ city: 'Navi Mumbai', minRent: '5000' });
    expect(Object.keys(a)).toEqual(['city', 'minRent']);
    expect(searchKey(a)).toBe(
      searchKey(canonicalCriteria({ city: 'navi mumbai', minRent: '5000' })),
    );
    expect(searchKey(a)).not.toBe(searchKey(canonicalCriteria({ city: 'navi mumbai' })));
  });
});
