import { describe, expect, it } from 'vitest';
import { rentsSchemaJson } from './files.ts';
import { isRentsFile, RentsFileSchema } from '@rentals/core/openData/rentsSchema';
import { csvField, rentsCsv, rentsFile, rentsJson, shapeRows, type Cell } from './shape.ts';

const cell = (over: Partial<Cell>): Cell => ({
  scope: 'locality',
  cityKey: 'bengaluru',
  areaKey: 'koramangala',
  propertyType: 'flat',
  bedrooms: 2,
  month: '2026-11-01',
  median: 30_000,
  count: 5,
  ...over,
});

const names = {
  cities: new Map([['bengaluru', 'Bengaluru']]),
  areas: new Map([['bengaluru\u0000koramangala', 'Koramangala, 4th "B" Block']]),
};

describe('the open rent data rows', () => {
  it('shows a let cell of 5 lets and suppresses one of 4, median and count together', () => {
    const rows = shapeRows(
      [cell({ count: 9, median: 31_250.5 })],
      [cell({ count: 5, median: 29_000 }), cell({ bedrooms: 3, count: 4 })],
      names,
    );
    expect(rows).toEqual([
      {
        scope: 'locality',
        city: 'Bengaluru',
        locality: 'Koramangala, 4th "B" Block',
        month: '2026-11',
        propertyType: 'flat',
        bedrooms: 2,
        askedMedianRent: 31_500,
        askedListings: 9,
        letMedianRent: 29_000,
        lets: 5,
      },
    ]);
  });

  it('publishes a median to the nearest ₹500, never one listing’s exact rent', () => {
    const [row] = shapeRows([cell({ median: 23_457 })], [cell({ median: 23_249.5 })], names);
    expect(row).toMatchObject({ askedMedianRent: 23_500, letMedianRent: 23_000 });
  });

  it('keeps a row with one part shown and the other suppressed, leaving that part empty', () => {
    const [row] = shapeRows([cell({ count: 4 })], [cell({ count: 6, median: 28_000 })], names);
    expect(row).toMatchObject({ askedMedianRent: null, askedListings: null, lets: 6 });
  });

  it('names places by their display names, city-wide rows first, a lost name by its key', () => {
    const rows = shapeRows(
      [
        cell({ areaKey: 'hsr layout', count: 6 }),
        cell({ scope: 'city', areaKey: '', count: 12 }),
        cell({ count: 7 }),
      ],
      [],
      names,
    );
    expect(rows.map((r) => [r.scope, r.city, r.locality])).toEqual([
      ['city', 'Bengaluru', null],
      ['locality', 'Bengaluru', 'Koramangala, 4th "B" Block'],
      ['locality', 'Bengaluru', 'hsr layout'],
    ]);
  });

  it('are a JSON file that validates against the published schema', () => {
    const rows = shapeRows([cell({ count: 5 })], [cell({ count: 5 })], names);
    const parsed: unknown = JSON.parse(rentsJson(rentsFile(rows, '2026-11-01')));
    const schema: unknown = JSON.parse(rentsSchemaJson());
    expect(isRentsFile(parsed)).toBe(true);
    // The published schema is the TypeBox schema as JSON, nothing lost on the way.
    expect(schema).toEqual(JSON.parse(JSON.stringify(RentsFileSchema)));
    expect(parsed).toMatchObject({ throughMonth: '2026-11', licence: { name: 'CC BY 4.0' } });
    expect(isRentsFile({ ...(parsed as object), rows: [{ bedrooms: -1 }] })).toBe(false);
  });
});

describe('the CSV', () => {
  it('quotes fields with commas, quotes and line breaks and leaves suppressed cells empty', () => {
    const rows = shapeRows([cell({ count: 5 })], [cell({ count: 1 })], names);
    expect(rentsCsv(rows)).toBe(
      'city,locality,scope,month,property_type,bedrooms,asked_median_rent,asked_listings,let_median_rent,lets\r\n' +
        'Bengaluru,"Koramangala, 4th ""B"" Block",locality,2026-11,flat,2,30000,5,,\r\n',
    );
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('plain')).toBe('plain');
  });

  it('defuses a place name that would run as a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@home')).toBe("'@home");
    expect(csvField(-5)).toBe('-5');
  });

  it('is only a header without rows', () => {
    expect(rentsCsv([]).split('\r\n')).toHaveLength(2);
    expect(JSON.parse(rentsJson(rentsFile([], null)))).toMatchObject({
      rows: [],
      throughMonth: null,
    });
  });
});
