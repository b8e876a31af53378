import { AppError } from '@rentals/core/errors';
import type { AuthUser } from './roles.ts';
import type { SessionCache } from './sessionCache.ts';
import type { TokenClaims, Tokens } from './tokens.ts';

export const MESSAGES = {
  missing: 'Authentication required; please log in',
  notBearer: "The Authorization header must be 'Bearer <token>'",
  invalid: 'Your session is invalid or has expired; please log in again',
} as const;

/** 401: no credentials, or credentials that do not identify a live session. */
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

/** The Authorization header's bearer token; undefined when there is no header; throws when it is not a bearer token. */
export const bearerToken = (header: string | null | undefined): string | undefined => {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/i.exec(header.trim());
  if (!match?.[1]) throw new UnauthorizedError(MESSAGES.notBearer);
  return match[1];
};

/**
 * Turns a token into the user it belongs to, or throws 401. The current user
 * (name and role may have changed since the token was issued) and logout
 * revocation come from the process's session cache (sessionCache.ts: memory
 * kept current by NOTIFY, Postgres while it is not listening); the generation
 * check ends tokens issued before a password change or a logout everywhere.
 */
export const authenticate = async (
  sessions: SessionCache,
  tokens: Tokens,
  token: string,
): Promise<{ user: AuthUser; claims: TokenClaims }> => {
  const claims = await tokens.verify(token);
  if (!claims) throw new UnauthorizedError(MESSAGES.invalid);
  const found = await sessions.lookup(claims);
  if (!found || found.tokenGeneration !== claims.gen) throw new UnauthorizedError(MESSAGES.invalid);
  const { id, name, email, phone, role } = found;
  return { user: { id, name, email, phone, role }, claims };
};
