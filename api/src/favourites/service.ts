import { ConcurrencyError } from '@rentals/core/errors';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import {
  FAVOURITE_STREAM_TYPE,
  favouriteStreamId,
  type FavouriteEvent,
} from '@rentals/core/favourites/events';
import {
  decideFavourite,
  foldFavourite,
  type FavouriteCommand,
} from '@rentals/core/favourites/favourite';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { fold, presenceOf, type ListingPresence } from '@rentals/core/listings/state';
import type { Sql } from 'postgres';
import { createWriteLimit } from '../access/attemptLimit.ts';
import { FAVOURITE_TOGGLE_LIMIT } from './model.ts';

type Deps = { sql: Sql; eventStore: EventStore; clock: () => Date };

/** Favourite and unfavourite: rate-limited, decided on the pair's stream, retried once on a race. */
export const favouriteService = ({ sql, eventStore, clock }: Deps) => {
  const limitWrite = createWriteLimit(sql, FAVOURITE_TOGGLE_LIMIT);

  const listingPresence = async (listingId: string): Promise<ListingPresence> => {
    const { events } = await eventStore.readStream(listingStreamId(listingId));
    return presenceOf(fold(events as unknown as ListingEvent[]));
  };

  const run = async (streamId: string, command: FavouriteCommand, userId: string) => {
    const { version, events } = await eventStore.readStream(streamId);
    const decided = decideFavourite(command, foldFavourite(events as unknown as FavouriteEvent[]));
    if (decided.length > 0)
      await eventStore.append(streamId, FAVOURITE_STREAM_TYPE, version, decided, { userId });
  };

  return {
    async set(userId: string, listingId: string, favourite: boolean, address: string) {
      const now = clock();
      await limitWrite(userId, address, now);
      const at = now.toISOString();
      const command: FavouriteCommand = favourite
        ? {
            type: 'FavouriteListing',
            userId,
            listingId,
            listing: await listingPresence(listingId),
            at,
          }
        : { type: 'UnfavouriteListing', userId, listingId, at };
      const streamId = favouriteStreamId(userId, listingId);
      try {
        await run(streamId, command, userId);
      } catch (error) {
        // Two tabs toggling the same heart at once: decide again on the winner's state.
        if (!(error instanceof ConcurrencyError)) throw error;
        await run(streamId, command, userId);
      }
      return { listingId, favourite };
    },
  };
};
