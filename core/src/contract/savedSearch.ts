/**
 * Saved searches and their alerts (the /api/saved-searches routes) as the API answers them:
 * response validation, OpenAPI and the site's types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SearchArea } from '../savedSearches/events.ts';
import { SearchPageFilters } from '../search/filters.ts';

export const SavedSearchDocument = Type.Object({
  id: Type.String(),
  name: Type.String(),
  // Unsafe: Elysia cannot infer a response type from a schema carrying our field messages.
  filters: Type.Unsafe<SearchPageFilters>(SearchPageFilters),
  area: Type.Union([SearchArea, Type.Null()]),
  alert: Type.Union([Type.Literal('instant'), Type.Literal('daily'), Type.Literal('off')]),
  paused: Type.Boolean(),
  newMatches: Type.Integer({
    description: 'Listings matched since the matches were last seen (counted up to a cap)',
  }),
});
export type SavedSearchDocument = Static<typeof SavedSearchDocument>;

export const SavedSearchResponse = Type.Object({ savedSearch: SavedSearchDocument });
export const SavedSearchesResponse = Type.Object({
  savedSearches: Type.Array(SavedSearchDocument),
});
export const DeletedResponse = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
export const SavedSearchAlertDocument = Type.Object({
  id: Type.Integer(),
  searchId: Type.String(),
  searchName: Type.String(),
  listingId: Type.String(),
  title: Type.String(),
  city: Type.String(),
  area: Type.String(),
  rent: Type.Number(),
  at: Type.String({ description: 'When the listing matched (ISO time)' }),
  isNew: Type.Boolean({ description: "Matched after the search's matches were last seen" }),
});
export const SavedSearchAlertsResponse = Type.Object({
  alerts: Type.Array(SavedSearchAlertDocument),
});
