import { requestIdOf } from '../web/requestId.ts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../deps.ts';
import { ForbiddenError } from '@rentals/core/errors';
import { roleAllows, type AuthUser, type Role } from './roles.ts';
import { authenticate, bearerToken, MESSAGES, UnauthorizedError } from './session.ts';
import { createTokens } from './tokens.ts';
import { sessionCacheFor } from './sessionCache.ts';

export type { AuthUser, Role } from './roles.ts';

/** The token behind the current request, for handlers that act on the session itself (logout, live streams). */
export type Session = { tokenId: string; expiresAt: Date; generation: number };

export type AccessDeps = Pick<AppDeps, 'sql' | 'jwtSecret' | 'clock' | 'tokenTtlSeconds'> &
  Partial<Pick<AppDeps, 'log'>>;

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });
/** ['homeowner', 'broker'] → 'homeowners and brokers'. */
const roleList = (roles: readonly Role[]) => listFormat.format(roles.map((r) => `${r}s`));

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
 * Pass `callerOf(user, request)` to commands (the user and the request id), never the request context.
 */
export const access = (deps: AccessDeps) => {
  const tokens = createTokens(deps);
  const sessions = sessionCacheFor(deps);
  type Identified = Awaited<ReturnType<typeof authenticate>> | null;
  const identify = async (authorization: string | undefined): Promise<Identified> => {
    const token = bearerToken(authorization);
    if (token === undefined) return null;
    return authenticate(sessions, tokens, token);
  };
  const requireSession = async (authorization: string | undefined) => {
    const found = await identify(authorization);
    if (!found) throw new UnauthorizedError(MESSAGES.missing);
    return found;
  };

  // Authentication runs in `transform`, before body validation, so a caller
  // without a live token gets 401 and learns nothing about the route's body.
  // `resolve` (after validation) then hands the typed result to the handler.
  const checked = new WeakMap<Request, Identified>();
  const found = (request: Request) => {
    const result = checked.get(request);
    if (result === undefined) throw new Error('access: transform did not run before resolve');
    return result;
  };
  const signedIn = (request: Request) => {
    const result = found(request);
    if (result === null) throw new UnauthorizedError(MESSAGES.missing);
    return result;
  };

  return new Elysia({ name: 'access' }).macro({
    requireUser: {
      async transform({ request, headers }) {
        checked.set(request, await requireSession(headers.authorization));
      },
      resolve({ request }) {
        const { user, claims } = signedIn(request);
        const session: Session = {
          tokenId: claims.jti,
          expiresAt: new Date(claims.exp * 1000),
          generation: claims.gen,
        };
        return { user, session };
      },
    },
    requireRole: (roles: readonly Role[]) => ({
      async transform({ request, headers }) {
        const session = await requireSession(headers.authorization);
        if (!roleAllows(session.user.role, roles))
          throw new ForbiddenError(`Only ${roleList(roles)} can do this`);
        checked.set(request, session);
      },
      resolve({ request }) {
        const { user } = signedIn(request);
        return { user };
      },
    }),
    optionalUser: {
      async transform({ request, headers }) {
        checked.set(request, await identify(headers.authorization));
      },
      resolve({ request }) {
        const session = found(request);
        const user: AuthUser | null = session ? session.user : null;
        return { user };
      },
    },
  });
};

/**
 * Who calls a command: the acting user, and the request's id (its events'
 * correlationId). The only parts of a request that reach the event log.
 */
export const callerOf = (user: AuthUser, request: Request) => ({
  user,
  requestId: requestIdOf(request),
});
