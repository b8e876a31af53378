import { beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import { changeSince, groupLabel, monthLabel } from './rentTrends.ts';

// The page's English, as the search and listing pages embed it.
beforeAll(() => setPageMessages(pageMessages('en', ['terms'])));

describe('rent trend words', () => {
  it('names a group by type and bedrooms', () => {
    expect(groupLabel({ propertyType: 'flat', bedrooms: 2 })).toBe('Flat · 2 BHK');
    expect(groupLabel({ propertyType: 'house', bedrooms: 0 })).toBe('House · 1 RK');
    expect(groupLabel({ propertyType: 'PG', bedrooms: 1 })).toBe('PG');
  });

  it('names a month', () => {
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
  });

  it('compares this month with an earlier one, only when both are shown', () => {
    expect(changeSince({ median: 26000, sample: 5 }, { median: 25000, sample: 9 })).toBe('+4.0 %');
    expect(changeSince({ median: 24000, sample: 5 }, { median: 25000, sample: 9 })).toBe('−4.0 %');
    expect(changeSince({ median: 24000, sample: 5 }, null)).toBeNull();
  });
});
