/** One listing fetched for a screen (detail, edit) as the states the screen shows. */
import type { ApiResponse } from '@rentals/core/contract/routes';
import { ApiError, apiRoute } from './api.ts';
import type { OwnerContact, Property } from './types.ts';

export type PropertyLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  /** `offline`: no connection (the API never answered), not a refusal. */
  | { status: 'error'; message: string; offline?: boolean }
  | { status: 'ready'; property: Property; contact: OwnerContact; ownerEmailVerified: boolean };

type Answer = ApiResponse<'GET /properties/:id'>;

/** A signed-in read: the full document (a visitor's has no owner id) and the owner's contact. */
const isFullRead = (
  answer: Answer,
): answer is { property: Property; contact?: OwnerContact; ownerEmailVerified?: boolean } =>
  'ownerId' in answer.property;

/**
 * GET /properties/{id}, for the signed-in screens (a visitor document, the session gone
 * meanwhile, is an error). Answers with a status in `missingOn` read as "not
 * found"; any other failure becomes the message `describe` makes of it.
 */
export const loadProperty = async (
  id: string,
  missingOn: readonly number[],
  describe: (error: unknown) => string,
): Promise<PropertyLoad> => {
  try {
    const answer = await apiRoute('GET /properties/:id', { params: { id } });
    if (!isFullRead(answer)) throw new ApiError(401, '');
    const { property, contact, ownerEmailVerified } = answer;
    return {
      status: 'ready',
      property,
      contact: contact ?? {},
      ownerEmailVerified: ownerEmailVerified ?? false,
    };
  } catch (error) {
    return error instanceof ApiError && missingOn.includes(error.status)
      ? { status: 'missing' }
      : {
          status: 'error',
          message: describe(error),
          offline: error instanceof ApiError && error.status === 0,
        };
  }
};
