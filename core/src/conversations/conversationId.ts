import { createHash } from 'node:crypto';

/**
 * The one conversation of a tenant about a listing has a fixed id (a UUID
 * shaped hash of the pair), so starting again finds the same stream without a
 * lookup and two concurrent starts meet on one stream.
 */
export const conversationIdFor = (listingId: string, tenantId: string): string => {
  const hex = createHash('sha256').update(`${listingId}\u0000${tenantId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
