import { Type, type Static } from '@sinclair/typebox';
import { literals } from '@rentals/core/listings/fields';
import { MAX_POLYGON_VERTICES } from '@rentals/core/geo/polygon';
import { ALERT_CHOICES, MAX_NAME_LENGTH, SearchArea } from '@rentals/core/savedSearches/events';
import { ValidationError } from '@rentals/core/errors';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';
import { SearchPageFilters } from '@rentals/core/search/filters';
import { singleLineText } from '@rentals/core/textFormats';
import { WRITE_LIMITS } from '../access/writeLimits.ts';

export const savedSearchBodyMessages = {
  name: `name must be text of 1 to ${MAX_NAME_LENGTH} characters on one line`,
  alert: `alert must be one of ${ALERT_CHOICES.join(', ')}`,
  area:
    "area must be {kind: 'bbox', west, south, east, north} in degrees, or " +
    `{kind: 'polygon', points: [[longitude, latitude], …]} with 3 to ${MAX_POLYGON_VERTICES} points`,
  filters:
    'filters must be an object of search filters (city, area, propertyType, minRent, furnishing, …)',
  tooMany: WRITE_LIMITS.savedSearch.tooMany,
} as const;
const m = savedSearchBodyMessages;

export const SAVED_SEARCH_CHANGE_LIMIT = WRITE_LIMITS.savedSearch;

/** POST and PUT /api/saved-searches' body: the search's filters as the search page sends them. */
export const SavedSearchBody = Type.Object(
  {
    name: singleLineText({
      maxLength: MAX_NAME_LENGTH,
      description: `What to call the search, 1–${MAX_NAME_LENGTH} characters, unique among yours`,
      ...messages({ type: m.name, maxLength: m.name, format: m.name, required: m.name }),
    }),
    filters: Type.Optional(
      Type.Object(SearchPageFilters.properties, {
        description: 'The search’s filters, as the list search takes them (all optional)',
        additionalProperties: false,
        ...messages({ type: m.filters }),
      }),
    ),
    area: Type.Optional(
      Type.Union(SearchArea.anyOf, {
        description: 'The map area (bbox) or an area drawn on the map (polygon)',
        ...messages({ type: m.area }),
      }),
    ),
    alert: literals(ALERT_CHOICES, {
      description: 'instant (at most an email each 15 minutes), daily (a digest) or off',
      ...messages({ type: m.alert, required: m.alert }),
    }),
  },
  { additionalProperties: false },
);
export type SavedSearchBody = Static<typeof SavedSearchBody>;

/**
 * Reads the body, or a 400 naming each bad field once: a malformed area is
 * one message for the area (not one per branch of its union), a bad property
 * type one for the list (and facing's).
 */
export const readSavedSearchBody = (body: unknown): SavedSearchBody => {
  const errors = schemaErrors(SavedSearchBody, body)
    .map((e) =>
      /^area(\.|$)/.test(e.path)
        ? { path: 'area', msg: m.area }
        : { ...e, path: e.path.replace(/^filters\.(propertyType|facing)\.\d+$/, 'filters.$1') },
    )
    .filter((e, i, all) => all.findIndex((o) => o.path === e.path) === i);
  if (errors.length > 0) throw new ValidationError(errors);
  return body as SavedSearchBody;
};

export const MAX_ALERTS_LISTED = 20;
