import { Elysia } from 'elysia';
import type { AppDeps } from '../deps.ts';
import { ForbiddenError } from '../shared/errors.ts';
import { roleAllows, type AuthUser, type Role } from './roles.ts';
import { authenticate, bearerToken, MESSAGES, UnauthorizedError } from './session.ts';
import { createTokens } from './tokens.ts';

export type { AuthUser, Role } from './roles.ts';

/** The token behind the current request, for handlers that act on the session itself (logout). */
export type Session = { tokenId: string; expiresAt: Date };

export type AccessDeps = Pick<AppDeps, 'sql' | 'jwtSecret' | 'clock'>;

const roleList = (roles: readonly Role[]) => roles.map((r) => `${r}s`).join(' and ');

/**
 * The one place that says who is calling and what they may do. Routes opt in
 * with a macro:
 *
 * - `{ requireUser: true }`: `user: AuthUser`; 401 without a live token.
 * - `{ requireRole: ['homeowner', 'broker'] }`: `user: AuthUser`; 401 without a
 *   live token, 403 when the role is not listed. Admins pass every role check.
 * - `{ optionalUser: true }`: `user: AuthUser | null`; null without an
 *   Authorization header. A header that is present but bad (not a bearer
 *   token, tampered, expired, revoked) is 401, never silently anonymous, so a
 *   client learns its session ended instead of seeing the visitor view.
 *
 * Named, so composing it into many feature plugins registers it once per app.
 * Pass `{ userId: user.id }` to commands as metadata, never the request context.
 */
export const access = (deps: AccessDeps) => {
  const tokens = createTokens(deps);
  const identify = async (authorization: string | undefined) => {
    const token = bearerToken(authorization);
    if (token === undefined) return null;
    return authenticate(deps.sql, tokens, token);
  };
  const requireSession = async (authorization: string | undefined) => {
    const found = await identify(authorization);
    if (!found) throw new UnauthorizedError(MESSAGES.missing);
    return found;
  };

  return new Elysia({ name: 'access' }).macro({
    requireUser: {
      async resolve({ headers }) {
        const { user, claims } = await requireSession(headers.authorization);
        const session: Session = { tokenId: claims.jti, expiresAt: new Date(claims.exp * 1000) };
        return { user, session };
      },
    },
    requireRole: (roles: readonly Role[]) => ({
      async resolve({ headers }) {
        const { user } = await requireSession(headers.authorization);
        if (!roleAllows(user.role, roles))
          throw new ForbiddenError(`Only ${roleList(roles)} can do this`);
        return { user };
      },
    }),
    optionalUser: {
      async resolve({ headers }) {
        const found = await identify(headers.authorization);
        const user: AuthUser | null = found ? found.user : null;
        return { user };
      },
    },
  });
};

/** Command metadata naming the acting user: the only part of a request that reaches the event log. */
export const commandMetadata = (user: AuthUser) => ({ userId: user.id });
