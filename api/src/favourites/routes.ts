import { Elysia } from 'elysia';
import { favouriteMessages as decideMessages } from '@rentals/core/favourites/favourite';
import {
  FAVOURITES_READ_MODEL,
  favouriteListingIds,
  userFavourites,
} from '@rentals/projections/queries/favouriteQueries';
import { waitForUserIn } from '@rentals/projections/queries/readYourWrites';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { listingIdOr404 } from '../listings/model.ts';
import {
  favouriteMessages,
  favouritesParameters,
  FAVOURITE_TOGGLE_LIMIT,
  parseFavouritesQuery,
} from './model.ts';
import {
  FavouriteIdsResponse,
  FavouritesResponse,
  ToggleResponse,
} from '@rentals/core/contract/favourite';
import { favouriteService } from './service.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

export type FavouriteDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'jwtSecret' | 'clientIp' | 'tokenTtlSeconds' | 'log'
>;

const tags = ['Favourites'];
const security = [{ bearer: [] }];
const toggleNote =
  `Idempotent: repeating it changes nothing. At most ${FAVOURITE_TOGGLE_LIMIT.perSubject} changes a minute ` +
  `per account (429 with Retry-After: '${favouriteMessages.tooMany}'). A malformed or unknown listing id is 404; ` +
  `favouriting one's own listing is 403 ('${decideMessages.ownListing}').`;

/**
 * The signed-in user's favourites (issue 14). Every route acts on the
 * caller's own favourites only: no route takes a user id, so there is no
 * other user's list to reach.
 */
export const favouriteRoutes = (deps: FavouriteDeps) => {
  const service = favouriteService(deps);
  const address = (request: Request) => deps.clientIp?.(request) ?? 'unknown';
  const ownWrites = (userId: string) => waitForUserIn(deps.sql, FAVOURITES_READ_MODEL, userId);

  const write = idempotentWrites(deps);
  /** PUT adds the listing to the caller's favourites, DELETE takes it out (under the prefix below). */
  const toggle = (favourite: boolean, summary: string) =>
    new Elysia({ name: `favourites-${favourite ? 'add' : 'remove'}` })
      .use(access(deps))
      .route(
        favourite ? 'PUT' : 'DELETE',
        '/:listingId',
        (context) =>
          write(context, ({ params, user, request }) =>
            service.set(user.id, listingIdOr404(params.listingId), favourite, address(request)),
          ),
        {
          requireUser: true,
          response: { 200: ToggleResponse },
          detail: { summary, description: toggleNote, tags, security },
        },
      );

  return new Elysia({ name: 'favourites', prefix: '/favourites' })
    .use(access(deps))
    .get(
      '',
      async ({ request, user }) => {
        const query = parseFavouritesQuery(new URL(request.url).searchParams);
        await ownWrites(user.id);
        return userFavourites(deps.sql, user.id, query);
      },
      {
        requireUser: true,
        response: { 200: FavouritesResponse },
        detail: {
          summary: "The caller's favourites, newest first",
          description:
            'Favourites of delisted or deleted listings stay, with `available: false`; `counts` gives both numbers for the filter.',
          tags,
          security,
          parameters: favouritesParameters,
        },
      },
    )
    .get(
      '/ids',
      async ({ user }) => {
        await ownWrites(user.id);
        return { listingIds: await favouriteListingIds(deps.sql, user.id) };
      },
      {
        requireUser: true,
        response: { 200: FavouriteIdsResponse },
        detail: {
          summary: "The ids of the caller's favourite listings (the hearts' state)",
          tags,
          security,
        },
      },
    )
    .use(toggle(true, 'Add a listing to the favourites'))
    .use(toggle(false, 'Remove a listing from the favourites (also when the listing is gone)'));
};
