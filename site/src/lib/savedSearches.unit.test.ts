import { beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import {
  apiFiltersOf,
  areaLabel,
  bboxArea,
  filtersOf,
  searchPageOf,
  type SavedSearch,
} from './savedSearches.ts';
import { openingArea } from '../islands/map/openingArea.ts';
import { drawnAreaOf } from './drawnArea.ts';

// The page's words (areaLabel): an English page's.
beforeAll(() => setPageMessages(pageMessages('en', ['savedSearches'])));

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

  it('with a map area, reopen as the map view on that area', () => {
    const area = bboxArea([73.8, 18.5, 73.9, 18.6]);
    const search = { filters: { city: 'Pune' }, area } as SavedSearch;
    const link = searchPageOf(search);
    expect(link).toBe('/properties?city=Pune&view=map&bbox=73.8%2C18.5%2C73.9%2C18.6');
    expect(openingArea(link.slice(link.indexOf('?')))).toEqual([73.8, 18.5, 73.9, 18.6]);
    expect(areaLabel(area)).toBe('Map area');
    expect(areaLabel(null)).toBe('');
  });

  it('with a drawn area, reopen as the map view with that area in force', () => {
    const area = {
      kind: 'polygon',
      points: [
        [73.8, 18.5],
        [73.9, 18.5],
        [73.85, 18.6],
      ],
    } satisfies SavedSearch['area'];
    const link = searchPageOf({ filters: { city: 'Pune' }, area } as SavedSearch);
    expect(link).toBe(
      '/properties?city=Pune&view=map&polygon=73.8%2C18.5%3B73.9%2C18.5%3B73.85%2C18.6',
    );
    const query = link.slice(link.indexOf('?'));
    expect(drawnAreaOf(query)).toEqual(area.points);
    expect(openingArea(query)).toBeNull();
    expect(areaLabel(area)).toBe('Drawn area');
  });

  it('read a map area from the URL only with the map view and when it is one', () => {
    expect(openingArea('?view=map&bbox=1,2,3')).toBeNull();
    expect(openingArea('?view=map&bbox=3,2,1,4')).toBeNull();
    expect(openingArea('?view=map&bbox=a,2,3,4')).toBeNull();
    expect(openingArea('?city=Pune')).toBeNull();
    expect(openingArea('?bbox=1,2,3,4')).toBeNull();
  });
});
