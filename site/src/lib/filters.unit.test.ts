import { beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import {
  describeFilters,
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  pageFromSearch,
} from './filters.ts';

// The page's English, as the search and listing pages embed it.
beforeAll(() => setPageMessages(pageMessages('en', ['search', 'terms'])));

describe('filtersToSearch', () => {
  it.each([
    [{}, ''],
    [{ city: ' Pune ', area: '' }, '?city=Pune'],
    [
      { city: 'New Delhi', propertyType: 'flat', minRent: '5000' },
      '?city=New+Delhi&propertyType=flat&minRent=5000',
    ],
    [{ bedrooms: '4', bathrooms: '' }, '?bedrooms=4'],
    [{ maxRent: 'abc' }, ''],
  ])('%o → %s', (filters, expected) => {
    expect(filtersToSearch(filters)).toBe(expected);
  });
});

describe('filtersFromSearch', () => {
  it.each([
    ['', {}],
    ['?city=Mumbai&area=Bandra', { city: 'Mumbai', area: 'Bandra' }],
    ['?minRent=-5&maxRent=20000&unknown=x', { maxRent: '20000' }],
    ['?propertyType=PG&bedrooms=2', { propertyType: 'PG', bedrooms: '2' }],
  ])('%s', (search, expected) => {
    expect(filtersFromSearch(search)).toEqual(expected);
  });

  it('round-trips', () => {
    const filters = { city: 'Chennai', minRent: '1000', maxRent: '9000', bathrooms: '1' };
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });
});

describe('hasFilters and pageFromSearch', () => {
  it('detects set fields', () => {
    expect(hasFilters({ city: '  ' })).toBe(false);
    expect(hasFilters({ area: 'x' })).toBe(true);
  });
  it.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=0', 1],
    ['?page=x', 1],
  ])('%s → page %d', (search, page) => {
    expect(pageFromSearch(search)).toBe(page);
  });
});

describe('describeFilters', () => {
  it.each([
    [{}, 'All properties'],
    [
      { city: 'Pune', area: 'Kothrud', propertyType: 'flat', minRent: '10000', maxRent: '30000' },
      'Flat · Kothrud, Pune · ₹10,000–₹30,000',
    ],
    [{ city: 'Pune', maxRent: '8000', bedrooms: '2' }, 'Pune · up to ₹8,000 · 2+ beds'],
    [{ minRent: '5000', bathrooms: '1' }, 'from ₹5,000 · 1+ baths'],
  ])('%o → %s', (filters, expected) => {
    expect(describeFilters(filters)).toBe(expected);
  });
});
