/**
 * The saved-search events. One stream per user (`savedsearches-<userId>`)
 * holds all of the user's saved searches: the rules that span them (at most
 * MAX_SAVED_SEARCHES, names unique) live in one aggregate, and a user edits
 * their few searches rarely enough that serialising those edits costs nothing.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  defineEvents,
  eventData,
  type EventOf,
  type EventsOf,
} from '../eventStore/defineEvents.ts';
import { MAX_POLYGON_VERTICES } from '../geo/polygon.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';
import { SearchPageFilters } from '../search/filters.ts';
import { singleLineText } from '../textFormats.ts';

export const SAVED_SEARCH_STREAM_TYPE = 'savedsearches';
export const savedSearchStreamId = (userId: string) => `savedsearches-${userId}`;

export const MAX_SAVED_SEARCHES = 20;
export const MAX_NAME_LENGTH = 60;
const MAX_PLACES = 50;

export const ALERT_CHOICES = ['instant', 'daily', 'off'] as const;

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** The map viewport the search was saved with (GeoJSON order). */
export const BboxArea = Type.Object(
  {
    kind: Type.Literal('bbox'),
    west: Longitude,
    south: Latitude,
    east: Longitude,
    north: Latitude,
  },
  { additionalProperties: false },
);
/** An area drawn on the map: its vertices as [longitude, latitude], closed implicitly. */
export const PolygonArea = Type.Object(
  {
    kind: Type.Literal('polygon'),
    points: Type.Array(Type.Tuple([Longitude, Latitude]), {
      minItems: 3,
      maxItems: MAX_POLYGON_VERTICES,
    }),
  },
  { additionalProperties: false },
);
export const SearchArea = Type.Union([BboxArea, PolygonArea]);
export type SearchArea = Static<typeof SearchArea>;

const PlaceKey = singleLineText({ minLength: 1, maxLength: 100 });
/**
 * City, area and free text as the locality matcher resolved them when the
 * search was saved (the keys stored in the listings); an empty list is "no
 * such place" and matches nothing, as in search.
 */
export const ResolvedPlaces = Type.Object(
  {
    cities: Type.Optional(Type.Array(PlaceKey, { maxItems: MAX_PLACES })),
    areas: Type.Optional(Type.Array(PlaceKey, { maxItems: MAX_PLACES })),
    q: Type.Optional(singleLineText({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ResolvedPlaces = Static<typeof ResolvedPlaces>;

const SearchDefinition = {
  searchId: IdSchema,
  userId: IdSchema,
  name: singleLineText({ minLength: 1, maxLength: MAX_NAME_LENGTH }),
  // The tenancy terms joined later: searches saved before them simply have none.
  filters: SearchPageFilters,
  places: ResolvedPlaces,
  area: Type.Optional(SearchArea),
  alert: Type.Union(ALERT_CHOICES.map((c) => Type.Literal(c))),
  at: IsoTime,
};
const SearchDefinitionData = eventData(SearchDefinition);
const SearchRefData = eventData({ searchId: IdSchema, userId: IdSchema, at: IsoTime });

/** What a saved search is: the part of the created and edited events a read model keeps. */
export type SavedSearchDefinition = Omit<Static<typeof SearchDefinitionData>, 'at'>;

const schemas = {
  SavedSearchCreated: SearchDefinitionData,
  /** The whole definition again: an edit replaces name, search and alert choice at once. */
  SavedSearchEdited: SearchDefinitionData,
  SavedSearchPaused: SearchRefData,
  SavedSearchResumed: SearchRefData,
  /** The one-click unsubscribe of an email: alerts off, the search stays. */
  SavedSearchUnsubscribed: SearchRefData,
  SavedSearchDeleted: SearchRefData,
  /** The user looked at the search's matches: those recorded until `at` are no longer new. */
  SavedSearchSeen: SearchRefData,
};
type Schemas = typeof schemas;

export type SavedSearchCreated = EventOf<Schemas, 'SavedSearchCreated'>;
export type SavedSearchEvent = EventsOf<Schemas>;

const events = defineEvents(schemas);
export const savedSearchEventDefinitions = events.definitions;
export const SAVED_SEARCH_EVENT_TYPES = events.types;
