import type { SearchAudience } from '@rentals/projections/search/criteria';
import { DEFAULT_LIMIT, MAX_LIMIT } from './searchParams.ts';

export const tags = ['Properties'];

const param = (
  name: string,
  description: string,
  schema: Record<string, unknown> = { type: 'string' },
) => ({
  name,
  in: 'query' as const,
  required: false,
  description,
  schema,
});

/** The list endpoints' query parameters, documented by hand because they are parsed by parseSearchParams. */
export const searchParameters = (audience: SearchAudience) => [
  param('city', "City, case-insensitive and typo-tolerant, with old names ('bangalore', 'bombay')"),
  ...(audience === 'full'
    ? [param('area', "Locality, case-insensitive and typo-tolerant ('Koramangla')")]
    : []),
  {
    ...param('propertyType', 'PG, house or flat; repeat the key for several', {
      type: 'array',
      items: { type: 'string', enum: ['PG', 'house', 'flat'] },
    }),
    style: 'form',
    explode: true,
  },
  ...(audience === 'full'
    ? [
        param('minRent', 'Lowest rent (₹), 0 or more', { type: 'number', minimum: 0 }),
        param('maxRent', 'Highest rent (₹)', { type: 'number', minimum: 0 }),
      ]
    : []),
  param('bedrooms', "At least this many ('4' means 4 or more)", { type: 'integer', minimum: 0 }),
  param('bathrooms', 'At least this many', { type: 'integer', minimum: 0 }),
  param('q', 'Free text (every word must match)'),
  param('bbox', 'Map viewport: west,south,east,north in degrees'),
  ...(audience === 'full'
    ? [
        param('sort', 'newest (default), rent_asc or rent_desc', {
          type: 'string',
          enum: ['newest', 'rent_asc', 'rent_desc'],
        }),
      ]
    : []),
  param('page', 'Page number from 1', { type: 'integer', minimum: 1, default: 1 }),
  param('limit', `Page size, at most ${MAX_LIMIT}`, {
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
  }),
];
