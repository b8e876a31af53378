import { t } from 'elysia';
import { ID_PATTERN } from '@rentals/core/listings/bounds';

export const duplicateApiMessages = {
  listingIds: 'listingIds must be the two property ids of a found pair',
  notFound: 'No such pair was found',
} as const;

/** POST /api/admin/duplicates/dismiss: the pair an admin judged not a duplicate. */
export const DismissBody = t.Object(
  {
    listingIds: t.Array(t.String({ pattern: ID_PATTERN, error: duplicateApiMessages.listingIds }), {
      minItems: 2,
      maxItems: 2,
      uniqueItems: true,
      description: 'The two listings of the pair, in either order',
      error: duplicateApiMessages.listingIds,
    }),
  },
  { additionalProperties: false },
);
