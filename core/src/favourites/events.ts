/**
 * The favourite events. A stream holds one user's favourite of one listing
 * (`favourite-<userId>.<listingId>`; ids never contain a dot): the only rule,
 * "at most one favourite of a listing per user", lives in that pair, so two
 * hearts tapped at once on different listings never contend for one stream,
 * and a stream stays as short as one heart's history. A per-user stream would
 * serialise every toggle of the user and grow with every toggle ever made,
 * folded on each request; it would only pay off for a rule across listings,
 * and the one we have (the toggle rate) is a request limit, not a domain rule.
 */
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';

export const FAVOURITE_STREAM_TYPE = 'favourite';
export const favouriteStreamId = (userId: string, listingId: string) =>
  `favourite-${userId}.${listingId}`;

const FavouriteData = eventData({ userId: IdSchema, listingId: IdSchema, at: IsoTime });

const schemas = { ListingFavourited: FavouriteData, ListingUnfavourited: FavouriteData };

export type FavouriteEvent = EventsOf<typeof schemas>;

const events = defineEvents(schemas);
export const favouriteEventDefinitions = events.definitions;
export const FAVOURITE_EVENT_TYPES = events.types;
export const isFavouriteEvent = events.isOne;
