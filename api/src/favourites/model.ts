import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ValidationError } from '@rentals/core/errors';
import { literals } from '@rentals/core/listings/fields';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';
import { WRITE_LIMITS } from '../access/writeLimits.ts';

export const FAVOURITE_FILTERS = ['all', 'available', 'unavailable'] as const;
const MAX_PAGE = 100;
const MAX_LIMIT = 50;

export const favouriteMessages = {
  filter: `filter must be one of ${FAVOURITE_FILTERS.join(', ')}`,
  page: `page must be a whole number from 1 to ${MAX_PAGE}`,
  limit: `limit must be a whole number from 1 to ${MAX_LIMIT}`,
  tooMany: WRITE_LIMITS.favourite.tooMany,
} as const;
const m = favouriteMessages;

export const FAVOURITE_TOGGLE_LIMIT = WRITE_LIMITS.favourite;

/** GET /api/favourites' query: one schema for the check, the OpenAPI parameters and the type. */
export const FavouritesQuery = Type.Object({
  filter: literals(FAVOURITE_FILTERS, {
    default: 'all',
    description: "all (default), available (listed) or unavailable ('no longer available')",
    ...messages({ type: m.filter }),
  }),
  page: Type.Integer({
    minimum: 1,
    maximum: MAX_PAGE,
    default: 1,
    description: 'Page number from 1',
    ...messages({ type: m.page }),
  }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_LIMIT,
    default: 24,
    description: `Page size, at most ${MAX_LIMIT}`,
    ...messages({ type: m.limit }),
  }),
});
export type FavouritesQuery = Static<typeof FavouritesQuery>;

/** Reads the query (plain whole numbers only), or a 400 naming each bad parameter; unknown keys are ignored. */
export const parseFavouritesQuery = (query: URLSearchParams): FavouritesQuery => {
  const get = (name: string) => query.get(name)?.trim() || undefined;
  const whole = (name: string) => {
    const raw = get(name);
    return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  };
  const value = {
    filter: get('filter') ?? 'all',
    page: whole('page') ?? 1,
    limit: whole('limit') ?? 24,
  };
  const errors = schemaErrors(FavouritesQuery, value);
  if (errors.length > 0) throw new ValidationError(errors);
  return value as FavouritesQuery;
};

export const favouritesParameters = Object.entries(
  FavouritesQuery.properties as Record<string, TSchema>,
).map(([name, schema]) => ({
  name,
  in: 'query' as const,
  required: false,
  description: schema.description,
  schema,
}));
