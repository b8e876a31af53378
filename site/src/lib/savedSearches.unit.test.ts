import { describe, expect, it } from 'vitest';
import { apiFiltersOf, filtersOf, searchPageOf, type SavedSearch } from './savedSearches.ts';

describe('saved-search filters', () => {
  it('go from the URL to the API with numbers and a type list, and back', () => {
    const url = { city: 'Pune', propertyType: 'flat', maxRent: '30000', bedrooms: '2', area: ' ' };
    const api = apiFiltersOf(url);
    expect(api).toEqual({ city: 'Pune', propertyType: ['flat'], maxRent: 30000, bedrooms: 2 });
    expect(filtersOf(api)).toEqual({
      city: 'Pune',
      propertyType: 'flat',
      maxRent: '30000',
      bedrooms: '2',
    });
  });

  it('keep the tenancy terms, typed as the API takes them, and give them back as the URL had them', () => {
    const url = {
      city: 'Pune',
      furnishing: 'semi-furnished',
      tenants: 'bachelors',
      petsAllowed: 'true',
      food: 'vegetarian',
      maxDepositMonths: '2',
      maintenanceIncluded: 'false',
      availableBy: '2026-12-15',
      facing: 'north,east',
      parking: 'car',
    };
    const api = apiFiltersOf(url);
    expect(api).toEqual({
      city: 'Pune',
      furnishing: 'semi-furnished',
      tenants: 'bachelors',
      petsAllowed: true,
      food: 'vegetarian',
      maxDepositMonths: 2,
      maintenanceIncluded: false,
      availableBy: '2026-12-15',
      facing: ['north', 'east'],
      parking: 'car',
    });
    expect(filtersOf(api)).toEqual(url);
  });

  it('reopen on the search page as a link', () => {
    const search = { filters: { city: 'Pune', maxRent: 30000 } } as SavedSearch;
    expect(searchPageOf(search)).toBe('/properties?city=Pune&maxRent=30000');
  });
});
