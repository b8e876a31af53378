import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailLink } from '../mail/links.ts';

/**
 * The token of an email's one-click unsubscribe link: an HMAC of the search
 * and its owner under the server's secret (JWT_SECRET), so the link works
 * without signing in, names one search of one user, and cannot be forged or
 * moved to another search. It never expires: unsubscribing is idempotent and
 * harmless to repeat.
 */
export const unsubscribeToken = (secret: string, userId: string, searchId: string) =>
  createHmac('sha256', secret)
    .update(`saved-search-unsubscribe\u0000${userId}\u0000${searchId}`)
    .digest('base64url');

export const isUnsubscribeToken = (
  secret: string,
  userId: string,
  searchId: string,
  token: string,
): boolean => {
  const expected = Buffer.from(unsubscribeToken(secret, userId, searchId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** The link an email carries: the API's unsubscribe route with the search, its owner and the token. */
export const unsubscribeLink = (
  siteUrl: string,
  secret: string,
  userId: string,
  searchId: string,
) =>
  emailLink(siteUrl, {
    to: 'unsubscribe',
    userId,
    searchId,
    token: unsubscribeToken(secret, userId, searchId),
  });
