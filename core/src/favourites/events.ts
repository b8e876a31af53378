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
import { Type, type Static } from '@sinclair/typebox';
import type { EventDefinitions } from '../eventStore/registry.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';

export const FAVOURITE_STREAM_TYPE = 'favourite';
export const favouriteStreamId = (userId: string, listingId: string) =>
  `favourite-${userId}.${listingId}`;

const FavouriteData = Type.Object(
  { userId: IdSchema, listingId: IdSchema, at: IsoTime },
  { additionalProperties: false },
);

export type ListingFavourited = { type: 'ListingFavourited'; data: Static<typeof FavouriteData> };
export type ListingUnfavourited = {
  type: 'ListingUnfavourited';
  data: Static<typeof FavouriteData>;
};
export type FavouriteEvent = ListingFavourited | ListingUnfavourited;

export const favouriteEventDefinitions = {
  ListingFavourited: { schema: FavouriteData, version: 1 },
  ListingUnfavourited: { schema: FavouriteData, version: 1 },
} as const satisfies Record<FavouriteEvent['type'], EventDefinitions[string]>;

export const FAVOURITE_EVENT_TYPES = Object.keys(
  favouriteEventDefinitions,
) as FavouriteEvent['type'][];

export const isFavouriteEvent = <E extends { type: string }>(
  event: E,
): event is E & FavouriteEvent => (FAVOURITE_EVENT_TYPES as readonly string[]).includes(event.type);
