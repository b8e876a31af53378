import { createHash, randomBytes } from 'node:crypto';

/**
 * A link an email carries that proves its reader got the email: the reminder's
 * one-click confirm (issue 17, a listing id) and the address verification
 * (issue 41, an account id). The id and 32 random bytes, of which only the SHA-256 is stored (the
 * table listing_confirm_tokens; the account stream's EmailVerificationRequested),
 * so reading the database does not give working links.
 */
export const newConfirmLinkToken = (id: string) => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${id}.${secret}`, tokenHash: hashOf(secret) };
};

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The id a link's token names (what it is about: a listing, an account), or
 * null for a malformed token. Says nothing about whether the link is valid.
 */
export const linkTokenId = (token: string): string | null => {
  const dot = token.lastIndexOf('.');
  return dot < 1 ? null : token.slice(0, dot);
};

/** The stored hash of a link's token, or null for a malformed one. */
export const confirmLinkTokenHash = (token: string): string | null => {
  const dot = token.lastIndexOf('.');
  const secret = token.slice(dot + 1);
  if (dot < 1 || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return hashOf(secret);
};
