import { isMasked, maskContacts } from '@rentals/core/conversations/contactMask';

/** How much of the message an email quotes. */
export const EXCERPT_CHARS = 160;

/**
 * The start of a message as its recipient may see it on one line: contacts
 * hidden first, as the site hides them (contactMask.ts), and only then
 * shortened, so a cut never leaves part of a number that the mask would
 * have caught whole. `earlier`: the sender's messages before it, where a
 * number split over messages is looked for.
 */
export const messageExcerpt = (
  message: { senderId: string; body: string },
  conversation: { ownerId: string; ownerReplied: boolean },
  recipientId: string,
  earlier: readonly string[] = [],
  maxChars = EXCERPT_CHARS,
): string => {
  const visible = isMasked(message, conversation, recipientId)
    ? maskContacts(message.body, earlier)
    : message.body;
  const line = visible.replace(/\s+/g, ' ').trim();
  if (line.length <= maxChars) return line;
  const cut = line.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
