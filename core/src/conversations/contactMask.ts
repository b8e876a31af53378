/**
 * Contact protection: phone numbers and email addresses in a tenant's
 * messages are hidden from the owner until the owner has replied, so a
 * spammer's first message cannot pull the owner off the platform.
 */
export const HIDDEN_PHONE = '[phone number hidden until you reply]';
export const HIDDEN_EMAIL = '[email hidden until you reply]';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/**
 * Runs of 8 or more digits, possibly split by spaces, dots, dashes or
 * brackets and led by a +country code: Indian mobiles (98765 43210,
 * +91-98765-43210), landlines with STD codes, digits spelled with separators.
 */
const PHONE = /(?:\+\s?|\()?(?:\d[\s.\-()]{0,2}){7,}\d/g;

export const maskContacts = (text: string): string =>
  text.replace(EMAIL, HIDDEN_EMAIL).replace(PHONE, HIDDEN_PHONE);

/** Whether `viewerId` sees this message with its contacts hidden. */
export const isMasked = (
  message: { senderId: string },
  conversation: { ownerId: string; ownerReplied: boolean },
  viewerId: string,
): boolean =>
  viewerId === conversation.ownerId &&
  !conversation.ownerReplied &&
  message.senderId !== conversation.ownerId;
