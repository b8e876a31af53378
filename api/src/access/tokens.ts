import { jwt } from '@elysiajs/jwt';

/** How long a token lives unless JWT_TTL says otherwise. Logout and password changes end tokens earlier, server-side. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** '30m', '12h', '7d' (the JWT_TTL form checked by the config) in seconds. */
export const durationSeconds = (duration: string): number => {
  const match = /^(\d+)([smhd])$/.exec(duration);
  if (!match) throw new Error(`Not a duration like 30m, 12h or 7d: "${duration}"`);
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
};

/** What our tokens carry: the user (`sub`), the token's own id (`jti`) and the user's token generation. */
export type TokenClaims = { sub: string; jti: string; gen: number; exp: number };

export type IssuedToken = { token: string; jti: string; expiresAt: Date };

export type Tokens = {
  issue: (user: { id: string; tokenGeneration: number }) => Promise<IssuedToken>;
  /** The claims of a well-formed, correctly signed, unexpired token of ours; null for anything else. */
  verify: (token: string) => Promise<TokenClaims | null>;
};

/** How many verified tokens a process remembers (oldest forgotten first): ~3 MB at the most. */
const VERIFIED_TOKENS_KEPT = 10_000;

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
  tokenTtlSeconds?: number;
  newJti?: () => string;
}): Tokens => {
  const ttl = deps.tokenTtlSeconds ?? TOKEN_TTL_SECONDS;
  const signer = jwt({ name: 'jwt', secret: deps.jwtSecret, alg: 'HS256' }).decorator.jwt;
  const newJti = deps.newJti ?? (() => crypto.randomUUID());
  // Tokens whose signature this process has checked, by their exact text: checking an HS256 signature
  // with jose took 13% of the API's CPU per authenticated search (bench:search profile). A hit is an
  // identical string, so nothing unsigned can get in; expiry is still checked on every use, and
  // revocation is the session cache's (session.ts).
  const verified = new Map<string, TokenClaims>();
  return {
    issue: async (user) => {
      const jti = newJti();
      const exp = Math.floor(deps.clock().getTime() / 1000) + ttl;
      const token = await signer.sign({ sub: user.id, jti, gen: user.tokenGeneration, exp });
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    verify: async (token) => {
      const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
      const known = verified.get(token);
      // jose's own rule: a token is expired once `exp` is not after now (in whole seconds).
      if (known) return known.exp > nowSeconds ? known : null;
      const payload = await signer.verify(token, {
        algorithms: ['HS256'],
        currentDate: deps.clock(),
      });
      if (!payload || !isClaims(payload)) return null;
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, payload);
      return payload;
    },
  };
};
