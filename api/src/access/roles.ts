import type { UserRole } from '@rentals/core/listings/listing';

/** `admin` exists only through `npm run admin:create`; the others may register themselves. */
export type Role = UserRole;

/** Who is calling, as every handler sees it. Never carries a password or hash. */
export type AuthUser = { id: string; name: string; email: string; phone: string; role: Role };

/**
 * Whether `role` may use something open to `allowed`. Admins pass every role
 * check: they operate the marketplace and may act wherever owners can
 * (ownership rules of a feature still apply on top).
 */
export const roleAllows = (role: Role, allowed: readonly Role[]): boolean =>
  role === 'admin' || allowed.includes(role);
