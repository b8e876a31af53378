import type { Role, User } from './types.ts';

/** Where a signed-in user starts: admins in the admin console, everyone else on their dashboard. */
export const homeFor = (role: Role | undefined): string =>
  role === 'admin' ? '/admin' : '/dashboard';

/**
 * Whether the user gets a listing's heart and 'Report': people looking to
 * rent do; its owner does not (the API refuses both), nor does an admin, who
 * verifies and reviews listings instead.
 */
export const looksToRent = (user: Pick<User, '_id' | 'role'> | null, ownerId: string): boolean =>
  user !== null && user.role !== 'admin' && user._id !== ownerId;
