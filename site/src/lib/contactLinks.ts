/** The contact links of the detail page (issue 14): what a signed-in user's phone and mail app open. */

/** An Indian 10-digit mobile as a dialable `tel:` URI (+91); other spellings are dialled as typed. */
export const telHref = (phone: string): string => {
  const digits = phone.replace(/[\s()-]/g, '');
  return /^\d{10}$/.test(digits) ? `tel:+91${digits}` : `tel:${encodeURIComponent(digits)}`;
};

/** The number as people read it: 98765 43210. */
export const displayPhone = (phone: string): string =>
  /^\d{10}$/.test(phone) ? `${phone.slice(0, 5)} ${phone.slice(5)}` : phone;

/** A `mailto:` link whose subject names the listing, so the owner knows which home is meant. */
export const mailtoHref = (email: string, listingTitle: string): string =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(
    `Enquiry about your listing: ${listingTitle}`,
  )}`;

/** Where an address may wrap when it must (before the @, after each dot), never inside a part (nor at its hyphens). */
export const emailBreakParts = (email: string): string[] => email.split(/(?=@)|(?<=\.)/);
