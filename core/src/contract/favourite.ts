/** A favourite as GET /api/favourites returns it (issue 14): response validation, OpenAPI and the site's type. */
import { Type, type Static } from '@sinclair/typebox';
import { PropertySchema } from './property.ts';

export const FavouriteSchema = Type.Object({
  listingId: Type.String(),
  favouritedAt: Type.String({ format: 'date-time' }),
  available: Type.Boolean({
    description: "false: delisted, hidden pending review or deleted ('no longer available')",
  }),
  title: Type.String(),
  city: Type.String(),
  area: Type.String(),
  property: Type.Union([PropertySchema, Type.Null()], {
    description:
      'The full document while the listing exists (listed or delisted); null once deleted and while hidden pending review',
  }),
});

export type FavouriteDocument = Static<typeof FavouriteSchema>;

export const FavouritesResponse = Type.Object({
  favourites: Type.Array(FavouriteSchema),
  counts: Type.Object({ available: Type.Integer(), unavailable: Type.Integer() }),
});
export const FavouriteIdsResponse = Type.Object({ listingIds: Type.Array(Type.String()) });
export const ToggleResponse = Type.Object({ listingId: Type.String(), favourite: Type.Boolean() });
