import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch, hasFilters, pageFromSearch } from './filters.ts';

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
