import type { Sql } from 'postgres';
import { AppError } from '@rentals/core/errors';
import type { AuthUser, Role } from './roles.ts';
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

type SessionRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  tokenGeneration: number;
  revoked: boolean;
};

/**
 * Turns a token into the user it belongs to, or throws 401. One indexed query
 * per request loads the current user (name and role may have changed since the
 * token was issued) and checks logout revocation; the generation check ends
 * tokens issued before a password change.
 */
export const authenticate = async (
  sql: Sql,
  tokens: Tokens,
  token: string,
): Promise<{ user: AuthUser; claims: TokenClaims }> => {
  const claims = await tokens.verify(token);
  if (!claims) throw new UnauthorizedError(MESSAGES.invalid);
  const [row] = await sql<SessionRow[]>`
    SELECT u.id, u.name, u.email, u.phone, u.role, u.token_generation AS "tokenGeneration",
           EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = ${claims.jti}) AS revoked
    FROM users u WHERE u.id = ${claims.sub}`;
  if (!row || row.revoked || row.tokenGeneration !== claims.gen)
    throw new UnauthorizedError(MESSAGES.invalid);
  const { id, name, email, phone, role } = row;
  return { user: { id, name, email, phone, role }, claims };
};
