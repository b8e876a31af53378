import { ForbiddenError } from '@rentals/core/errors';
import type { AuthUser } from '../access/roles.ts';

export const UNDER_REVIEW = 'This listing is under review';

/**
 * A listing hidden pending review belongs to its owner and the admins until
 * the review ends: every route that answers about one listing refuses anyone
 * else with the same 403 as its page (the detail, its market and rent history).
 */
export const refuseIfHidden = (
  listing: { ownerId: string; hidden: boolean },
  user: Pick<AuthUser, 'id' | 'role'>,
) => {
  if (listing.hidden && user.id !== listing.ownerId && user.role !== 'admin')
    throw new ForbiddenError(UNDER_REVIEW);
};
