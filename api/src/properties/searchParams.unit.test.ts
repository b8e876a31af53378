import { describe, expect, it } from 'vitest';
import { ValidationError, type FieldError } from '@rentals/core/errors';
import { parseSearchParams, searchMessages as m } from './searchParams.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
const errorsOf = (query: string): FieldError[] => {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return [];
};

describe('parseSearchParams', () => {
  it('applies the defaults and treats empty values as absent', () => {
    expect(parse('city=&minRent=&bedrooms=&q=')).toEqual({
      sort: 'newest',
      page: 1,
      limit: 12,
      propertyTypes: undefined,
      bbox: undefined,
    });
  });

  it('reads repeated propertyType keys (and commas), in any case, ignoring all and duplicates', () => {
    expect(
      parse('propertyType=PG&propertyType=flat,House&propertyType=all&propertyType=pg')
        .propertyTypes,
    ).toEqual(['PG', 'flat', 'house']);
  });

  it('types every value it accepts', () => {
    expect(
      parse(
        'city= Pune &area=Baner&minRent=5000.5&maxRent=9000&bedrooms=2&bathrooms=1&q=lake&bbox=72.5, 18.9, 73.0, 19.2&sort=rent_asc&page=2&limit=50',
      ),
    ).toEqual({
      city: 'Pune',
      area: 'Baner',
      propertyTypes: undefined,
      minRent: 5000.5,
      maxRent: 9000,
      bedrooms: 2,
      bathrooms: 1,
      q: 'lake',
      bbox: { west: 72.5, south: 18.9, east: 73, north: 19.2 },
      sort: 'rent_asc',
      page: 2,
      limit: 50,
    });
  });

  it.each([
    ['minRent=-1', 'minRent', m.rent('minRent')],
    ['minRent=1e3', 'minRent', m.rent('minRent')],
    ['maxRent=0x10', 'maxRent', m.rent('maxRent')],
    ['maxRent=Infinity', 'maxRent', m.rent('maxRent')],
    ['minRent=50000&maxRent=10000', 'minRent', m.rentOrder],
    ['bedrooms=2.5', 'bedrooms', m.rooms('bedrooms')],
    ['bathrooms=1e1', 'bathrooms', m.rooms('bathrooms')],
    ['bedrooms=two', 'bedrooms', m.rooms('bedrooms')],
    ['limit=500', 'limit', m.limit],
    ['limit=0', 'limit', m.limit],
    ['page=0', 'page', m.page],
    ['page=abc', 'page', m.page],
    ['page=9999999999', 'page', m.page],
    ['page=5001&limit=50', 'page', m.tooDeep],
    ['page=300000', 'page', m.tooDeep],
    ['propertyType=castle', 'propertyType', m.propertyType],
    ['propertyType=PG&propertyType=castle&propertyType=villa', 'propertyType', m.propertyType],
    ['sort=cheapest', 'sort', m.sort],
    ['bbox=1,2,3', 'bbox', m.bbox],
    ['bbox=73,19.2,72.5,18.9', 'bbox', m.bbox],
    ['bbox=1e1,2,3,4', 'bbox', m.bbox],
    ['polygon=73.8,18.5;73.9,18.5', 'polygon', m.polygon],
    ['polygon=73.8,18.5;73.9,18.5;73.9', 'polygon', m.polygon],
    ['polygon=73.8,18.5;181,18.5;73.9,18.6', 'polygon', m.polygon],
    ['polygon=73.8,-91;73.9,18.5;73.9,18.6', 'polygon', m.polygon],
    ['polygon=73.8,18.5;73.9,18.5;73.9,1e1', 'polygon', m.polygon],
    ['polygon=73.8,18.5;73.9,18.5;73.9,18.6)) OR true', 'polygon', m.polygon],
    [
      `polygon=${Array.from({ length: 101 }, (_, i) => `73.${i},18.5`).join(';')}`,
      'polygon',
      m.polygon,
    ],
    [`polygon=${'1'.repeat(5000)}`, 'polygon', m.polygon],
    [`city=${'x'.repeat(101)}`, 'city', m.tooLong('city', 100)],
    [`q=${'x'.repeat(201)}`, 'q', m.tooLong('q', 200)],
    ['q=lake%00view', 'q', m.control('q')],
    ['city=Pu%00ne', 'city', m.control('city')],
    ['area=Ba%1Bner', 'area', m.control('area')],
  ])('refuses %s: %s', (query, path, msg) => {
    expect(errorsOf(query)).toEqual([{ path, msg }]);
  });

  it('reads a drawn area as its points, longitude first, spaces ignored', () => {
    expect(parse('polygon=73.8,18.5; 73.9,18.5;73.85, 18.6').polygon).toEqual([
      [73.8, 18.5],
      [73.9, 18.5],
      [73.85, 18.6],
    ]);
    const hundred = Array.from({ length: 100 }, (_, i) => `73.${i},18.5`).join(';');
    expect(parse(`polygon=${hundred}`).polygon).toHaveLength(100);
    expect(parse('city=Pune')).not.toHaveProperty('polygon');
  });

  it('names every bad parameter at once, in the order the schema lists them', () => {
    expect(errorsOf('limit=0&bedrooms=x&city=a%00b').map((e) => e.path)).toEqual([
      'city',
      'bedrooms',
      'limit',
    ]);
  });
});
