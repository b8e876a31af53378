import { createHash, randomBytes } from 'node:crypto';

/**
 * The reminder email's one-click confirm link (issue 17): the listing id and
 * 32 random bytes, of which only the SHA-256 is stored (table
 * listing_confirm_tokens), so a database read does not give working links.
 * Used once: claiming it sets `used_at` in the same statement that checks it.
 */
export const newConfirmLinkToken = (listingId: string) => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${listingId}.${secret}`, tokenHash: hashOf(secret) };
};

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The stored hash of a link's token, or null for a malformed one. */
export const confirmLinkTokenHash = (token: string): string | null => {
  const dot = token.lastIndexOf('.');
  const secret = token.slice(dot + 1);
  if (dot < 1 || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return hashOf(secret);
};
