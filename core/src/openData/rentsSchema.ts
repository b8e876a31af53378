import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

/**
 * The open rent data's published files (docs/OPEN-DATA.md): one home for
 * their paths and for the JSON Schema the JSON file follows, which is
 * published beside it as /data/rents.schema.json.
 */
export const OPEN_DATA = {
  csv: 'data/rents.csv',
  json: 'data/rents.json',
  schema: 'data/rents.schema.json',
  /** The human page explaining the method and licence (in each language, like the city pages). */
  page: '/data/rents',
} as const;

export const LICENCE = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  attribution: 'Rentals',
} as const;

/** A cell has at least this many listings (or lets) behind it, else its median and count are left empty. */
export const MIN_CELL = 5;

/** A median in whole rupees a month and its count; both null when the cell is suppressed. */
const nullableInt = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description });

export const RentRowSchema = Type.Object(
  {
    scope: Type.Union([Type.Literal('city'), Type.Literal('locality')], {
      description: "'city': every locality of the city together; 'locality': one locality",
    }),
    city: Type.String({ minLength: 1 }),
    locality: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
      description: 'null on city-wide rows',
    }),
    month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'Indian calendar month' }),
    propertyType: Type.Union([Type.Literal('flat'), Type.Literal('house'), Type.Literal('PG')]),
    bedrooms: Type.Integer({ minimum: 0, description: 'BHK; 0 is a 1 RK' }),
    askedMedianRent: nullableInt(
      'median asked monthly rent (₹, to the nearest 500) of the listings on the market',
    ),
    askedListings: nullableInt('listings on the market that month'),
    letMedianRent: nullableInt(
      'median agreed monthly rent (₹, to the nearest 500) of the lets recorded that month',
    ),
    lets: nullableInt('lets recorded that month'),
  },
  { additionalProperties: false },
);

export type RentRow = Static<typeof RentRowSchema>;

export const RentsFileSchema = Type.Object(
  {
    title: Type.String(),
    licence: Type.Object(
      { name: Type.String(), url: Type.String(), attribution: Type.String() },
      { additionalProperties: false },
    ),
    method: Type.String({ description: 'site-relative URL of the page explaining the method' }),
    schema: Type.String({ description: 'site-relative URL of this schema' }),
    minimumCell: Type.Integer({ description: 'cells with fewer listings or lets are suppressed' }),
    throughMonth: Type.Union([Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }), Type.Null()], {
      description: 'the latest month the data reaches',
    }),
    rows: Type.Array(RentRowSchema),
  },
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Open rent data: median asked and let rents by city, locality, type, BHK and month',
    additionalProperties: false,
  },
);

export type RentsFile = Static<typeof RentsFileSchema>;

const compiled = TypeCompiler.Compile(RentsFileSchema);

/** Whether a parsed /data/rents.json follows the published schema (the tests and any reader). */
export const isRentsFile = (value: unknown): value is RentsFile => compiled.Check(value);
