/**
 * Rent trends of a city or locality (GET /api/rent-trends) and one listing's market
 * (GET /api/properties/{id}/market): response validation, OpenAPI and the site's types.
 */
import { Type, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Median = Type.Object({
  median: Type.Number({ description: 'Median monthly rent in rupees' }),
  sample: Type.Integer({ description: 'Listings behind it' }),
});

const Point = Type.Object({
  month: Type.String({ description: 'YYYY-MM-01' }),
  median: Nullable(Type.Number()),
  sample: Type.Integer(),
});

const TrendGroup = Type.Object({
  propertyType: Type.String(),
  bedrooms: Type.Integer(),
  now: Nullable(Median),
  threeMonthsAgo: Nullable(Median),
  twelveMonthsAgo: Nullable(Median),
  series: Type.Array(Point),
  /** Issue 44: the rents actually agreed; a median only where at least 5 homes were let that month. */
  letSeries: Type.Optional(
    Type.Array(Point, {
      description:
        "'Let at': the median rent homes were let at, a month; present when the window has a let, median null below 5 lets",
    }),
  ),
});

export const RentTrendsResponse = Type.Object({
  month: Nullable(Type.String({ description: 'The latest month with listings (YYYY-MM-01)' })),
  minSample: Type.Integer({ description: 'Listings a median needs before it is shown' }),
  minLetSample: Type.Optional(
    Type.Integer({ description: "Lets a month's 'let at' median needs before it is shown" }),
  ),
  groups: Type.Array(TrendGroup),
});

export const ListingMarketResponse = Type.Object({
  rentHistory: Type.Array(
    Type.Object({
      at: Type.String(),
      rent: Type.Number(),
      rentType: Type.String(),
      previousRent: Type.Number(),
      previousRentType: Type.String(),
      text: Type.String({ description: "'Rent reduced from ₹30,000 to ₹27,000 on 12 Nov 2026'" }),
    }),
  ),
  /** Issue 44: only in its owner's (and admins') reads; the agreed rent is theirs, never public. */
  lets: Type.Optional(
    Type.Array(
      Type.Object({
        at: Type.String(),
        rent: Type.Number(),
        text: Type.String({ description: "'Let at ₹24,000 a month on 3 Dec 2026'" }),
      }),
    ),
  ),
  daysOnMarket: Type.Integer({ description: 'Whole days listed, over every listed period' }),
  timesRelisted: Type.Integer(),
  fairRent: Nullable(
    Type.Object({
      verdict: Type.Union([Type.Literal('below'), Type.Literal('around'), Type.Literal('above')]),
      median: Type.Number({ description: 'Median monthly rent of the comparable listings' }),
      sample: Type.Integer({ description: 'Comparable listings behind the median' }),
      basis: Type.Union([Type.Literal('locality'), Type.Literal('nearby'), Type.Literal('city')], {
        description: 'Which comparables: the locality, a circle around the listing, or the city',
      }),
      radiusKm: Nullable(Type.Number({ description: "The circle's radius for 'nearby'" })),
      text: Type.String({
        description: "'Around the median of ₹21,500 for 14 comparable 2 BHK flats within 3 km'",
      }),
      muchBelow: Type.Boolean({
        description: 'At most 70 % of the median: the listing is much below similar homes nearby',
      }),
    }),
  ),
  warning: Nullable(
    Type.String({ description: 'What tenants are told when the rent is much below similar homes' }),
  ),
});
