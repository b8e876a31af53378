import { jwt } from '@elysiajs/jwt';

/** How long a token lives. Logout and password changes end tokens earlier, server-side. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What our tokens carry: the user (`sub`), the token's own id (`jti`) and the user's token generation. */
export type TokenClaims = { sub: string; jti: string; gen: number; exp: number };

export type IssuedToken = { token: string; jti: string; expiresAt: Date };

export type Tokens = {
  issue: (user: { id: string; tokenGeneration: number }) => Promise<IssuedToken>;
  /** The claims of a well-formed, correctly signed, unexpired token of ours; null for anything else. */
  verify: (token: string) => Promise<TokenClaims | null>;
};

const isClaims = (payload: Record<string, unknown>): payload is TokenClaims =>
  typeof payload.sub === 'string' &&
  typeof payload.jti === 'string' &&
  typeof payload.exp === 'number' &&
  Number.isInteger(payload.gen);

/**
 * HS256 JWTs through @elysiajs/jwt. Expiry is computed from and checked
 * against the injected clock, so tests can move time instead of waiting.
 */
export const createTokens = (deps: {
  jwtSecret: string;
  clock: () => Date;
  newJti?: () => string;
}): Tokens => {
  const signer = jwt({ name: 'jwt', secret: deps.jwtSecret, alg: 'HS256' }).decorator.jwt;
  const newJti = deps.newJti ?? (() => crypto.randomUUID());
  return {
    issue: async (user) => {
      const jti = newJti();
      const exp = Math.floor(deps.clock().getTime() / 1000) + TOKEN_TTL_SECONDS;
      const token = await signer.sign({ sub: user.id, jti, gen: user.tokenGeneration, exp });
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    verify: async (token) => {
      const payload = await signer.verify(token, {
        algorithms: ['HS256'],
        currentDate: deps.clock(),
      });
      return payload && isClaims(payload) ? payload : null;
    },
  };
};
