import { t } from 'elysia';
import { messages } from '@rentals/core/schemaErrors';
import { singleLineText } from '@rentals/core/textFormats';

export const rentTrendMessages = {
  city: 'City is required: text of at most 100 characters, without control characters',
  locality: 'Locality must be text of at most 100 characters, without control characters',
} as const;

/** Where to read trends for: a city, or a locality in it. */
export const RentTrendsQuery = t.Object(
  {
    city: singleLineText({
      minLength: 1,
      maxLength: 100,
      description: 'The city (any of its names as the listings spell it)',
      ...messages({
        type: rentTrendMessages.city,
        minLength: rentTrendMessages.city,
        maxLength: rentTrendMessages.city,
        format: rentTrendMessages.city,
      }),
    }),
    locality: t.Optional(
      singleLineText({
        maxLength: 100,
        description: 'A locality of the city; without it, the whole city',
        ...messages({
          type: rentTrendMessages.locality,
          maxLength: rentTrendMessages.locality,
          format: rentTrendMessages.locality,
        }),
      }),
    ),
  },
  { additionalProperties: false },
);

const Median = t.Object({
  median: t.Number({ description: 'Median monthly rent in rupees' }),
  sample: t.Integer({ description: 'Listings behind it' }),
});

const TrendGroup = t.Object({
  propertyType: t.String(),
  bedrooms: t.Integer(),
  now: t.Nullable(Median),
  threeMonthsAgo: t.Nullable(Median),
  twelveMonthsAgo: t.Nullable(Median),
  series: t.Array(
    t.Object({
      month: t.String({ description: 'YYYY-MM-01' }),
      median: t.Nullable(t.Number()),
      sample: t.Integer(),
    }),
  ),
});

export const RentTrendsResponse = t.Object({
  month: t.Nullable(t.String({ description: 'The latest month with listings (YYYY-MM-01)' })),
  minSample: t.Integer({ description: 'Listings a median needs before it is shown' }),
  groups: t.Array(TrendGroup),
});

export const ListingMarketResponse = t.Object({
  rentHistory: t.Array(
    t.Object({
      at: t.String(),
      rent: t.Number(),
      rentType: t.String(),
      previousRent: t.Number(),
      previousRentType: t.String(),
      text: t.String({ description: "'Rent reduced from ₹30,000 to ₹27,000 on 12 Nov 2026'" }),
    }),
  ),
  daysOnMarket: t.Integer({ description: 'Whole days listed, over every listed period' }),
  timesRelisted: t.Integer(),
  fairRent: t.Nullable(
    t.Object({
      verdict: t.Union([t.Literal('below'), t.Literal('around'), t.Literal('above')]),
      median: t.Number({ description: 'Median monthly rent of the comparable listings' }),
      sample: t.Integer({ description: 'Comparable listings behind the median' }),
      basis: t.Union([t.Literal('locality'), t.Literal('nearby'), t.Literal('city')], {
        description: 'Which comparables: the locality, a circle around the listing, or the city',
      }),
      radiusKm: t.Nullable(t.Number({ description: "The circle's radius for 'nearby'" })),
      text: t.String({
        description: "'Around the median of ₹21,500 for 14 comparable 2 BHK flats within 3 km'",
      }),
    }),
  ),
});
