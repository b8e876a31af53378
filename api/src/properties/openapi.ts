import type { TSchema } from '@sinclair/typebox';
import type { SearchAudience } from '@rentals/projections/queries/criteria';
import { SearchQuery } from './searchParams.ts';
import { TENANCY_FILTER_KEYS } from '@rentals/core/listings/tenancyFilters';

export const tags = ['Properties'];

/** Parameters that filter or sort on fields visitors do not see; the public list accepts but ignores them. */
const FULL_ONLY = new Set<string>(['area', 'minRent', 'maxRent', 'sort', ...TENANCY_FILTER_KEYS]);

/** The list endpoints' query parameters, from the schema parseSearchParams checks them with. */
export const searchParameters = (audience: SearchAudience) =>
  Object.entries(SearchQuery.properties as Record<string, TSchema>)
    .filter(([name]) => audience === 'full' || !FULL_ONLY.has(name))
    .map(([name, schema]) => ({
      name,
      in: 'query' as const,
      required: false,
      description: schema.description,
      schema,
      ...(schema.type === 'array' ? { style: 'form' as const, explode: true } : {}),
    }));
