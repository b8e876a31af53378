import type { Role } from './types.ts';

/** Where a signed-in user starts: admins in the admin console, everyone else on their dashboard. */
export const homeFor = (role: Role | undefined): string =>
  role === 'admin' ? '/admin' : '/dashboard';
