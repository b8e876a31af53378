import { ForbiddenError, NotFoundError } from '../errors.ts';
import type { ListingPresence } from '../listings/state.ts';
import type { FavouriteEvent } from './events.ts';

export type FavouriteListing = {
  type: 'FavouriteListing';
  userId: string;
  listingId: string;
  listing: ListingPresence;
  at: string;
};
export type UnfavouriteListing = {
  type: 'UnfavouriteListing';
  userId: string;
  listingId: string;
  at: string;
};
export type FavouriteCommand = FavouriteListing | UnfavouriteListing;

export type FavouriteState = { favourite: false } | { favourite: true; since: string };

export const initialFavouriteState: FavouriteState = { favourite: false };

export const favouriteMessages = {
  notFound: 'Property not found',
  ownListing: 'You cannot save your own listing to your favourites',
} as const;

/**
 * Hearts are idempotent: favouriting a favourite or unfavouriting what is not
 * one records nothing, so a retried or doubled tap (the site toggles
 * optimistically) is never an error, even once the listing is gone. A listing
 * that is gone (never existed or deleted) cannot become a favourite anew, but
 * an existing favourite of it can always be removed. Nobody favourites their
 * own listing (as nobody reports it): the heart is for people looking to rent.
 */
export const decideFavourite = (
  command: FavouriteCommand,
  state: FavouriteState,
): FavouriteEvent[] => {
  const data = { userId: command.userId, listingId: command.listingId, at: command.at };
  switch (command.type) {
    case 'FavouriteListing':
      if (state.favourite) return [];
      if (command.listing.status === 'absent') throw new NotFoundError(favouriteMessages.notFound);
      if (command.listing.ownerId === command.userId)
        throw new ForbiddenError(favouriteMessages.ownListing);
      return [{ type: 'ListingFavourited', data }];
    case 'UnfavouriteListing':
      return state.favourite ? [{ type: 'ListingUnfavourited', data }] : [];
  }
};

export const evolveFavourite = (_state: FavouriteState, event: FavouriteEvent): FavouriteState =>
  event.type === 'ListingFavourited'
    ? { favourite: true, since: event.data.at }
    : { favourite: false };

export const foldFavourite = (events: readonly FavouriteEvent[]): FavouriteState =>
  events.reduce(evolveFavourite, initialFavouriteState);
