/** One listing fetched for a screen (detail, edit) as the states the screen shows. */
import { ApiError, api } from './api.ts';
import type { OwnerContact, Property } from './types.ts';

export type PropertyLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; property: Property; contact: OwnerContact };

/**
 * GET /properties/{id}. Answers with a status in `missingOn` read as "not
 * found"; any other failure becomes the message `describe` makes of it.
 */
export const loadProperty = async (
  id: string,
  missingOn: readonly number[],
  describe: (error: unknown) => string,
): Promise<PropertyLoad> => {
  try {
    const { property, contact } = await api<{ property: Property; contact?: OwnerContact }>(
      `/properties/${encodeURIComponent(id)}`,
    );
    return { status: 'ready', property, contact: contact ?? {} };
  } catch (error) {
    return error instanceof ApiError && missingOn.includes(error.status)
      ? { status: 'missing' }
      : { status: 'error', message: describe(error) };
  }
};
