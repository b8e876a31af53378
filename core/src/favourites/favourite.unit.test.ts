import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import { favouriteStreamId, type FavouriteEvent } from './events.ts';
import { decideFavourite, foldFavourite, type FavouriteCommand } from './favourite.ts';
import type { ListingPresence } from '../listings/state.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-02T10:00:00.000Z';
const pair = { userId: 'u-tenant', listingId: 'l-1' };
const favourited: FavouriteEvent = { type: 'ListingFavourited', data: { ...pair, at: T0 } };
const unfavourited: FavouriteEvent = { type: 'ListingUnfavourited', data: { ...pair, at: T1 } };

const present: ListingPresence = { status: 'present', ownerId: 'u-owner' };
const absent: ListingPresence = { status: 'absent' };
const favourite = (listing: ListingPresence = present, at = T1): FavouriteCommand => ({
  type: 'FavouriteListing',
  ...pair,
  listing,
  at,
});
const unfavourite: FavouriteCommand = { type: 'UnfavouriteListing', ...pair, at: T1 };

/** Given past events, when a command is decided, then these events (or this error). */
const given = givenFor({ decide: decideFavourite, fold: foldFavourite });

describe('favourites', () => {
  it('a listing becomes a favourite', () => {
    given()
      .when(favourite())
      .then([{ type: 'ListingFavourited', data: { ...pair, at: T1 } }]);
  });

  it('favouriting a favourite again records nothing (a doubled tap is not an error)', () => {
    given(favourited).when(favourite()).then([]);
  });

  it('a removed favourite can be favourited again', () => {
    given(favourited, unfavourited)
      .when(favourite(present, '2026-03-03T00:00:00.000Z'))
      .then([{ type: 'ListingFavourited', data: { ...pair, at: '2026-03-03T00:00:00.000Z' } }]);
  });

  it('a listing that is gone cannot become a favourite', () => {
    given().when(favourite(absent)).thenThrows(NotFoundError);
    given(favourited, unfavourited).when(favourite(absent)).thenThrows(NotFoundError);
  });

  it('a favourite whose listing is gone, favourited again, records nothing and is no error', () => {
    given(favourited).when(favourite(absent)).then([]);
  });

  it('nobody favourites their own listing', () => {
    given()
      .when(favourite({ status: 'present', ownerId: pair.userId }))
      .thenThrows(ForbiddenError);
  });

  it('a favourite is removed, even when its listing is gone', () => {
    given(favourited).when(unfavourite).then([unfavourited]);
  });

  it('removing what is not a favourite records nothing', () => {
    given().when(unfavourite).then([]);
    given(favourited, unfavourited).when(unfavourite).then([]);
  });

  it('the state remembers since when a listing is a favourite', () => {
    expect(foldFavourite([favourited])).toEqual({ favourite: true, since: T0 });
    expect(foldFavourite([favourited, unfavourited])).toEqual({ favourite: false });
  });

  it('the events are registered with their schemas, and the stream id cannot be ambiguous', () => {
    expect(() => appEventRegistry.assertValid(favourited)).not.toThrow();
    expect(() =>
      appEventRegistry.assertValid({
        type: 'ListingFavourited',
        data: { ...pair, listingId: 'a.b', at: T0 },
      }),
    ).toThrow();
    expect(favouriteStreamId('u-1', 'l-2')).toBe('favourite-u-1.l-2');
  });
});
