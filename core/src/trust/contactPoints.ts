/**
 * Phone numbers and email addresses as one account's contact points (issue
 * 41): the account's own, and any written into its listings' text. Two
 * accounts sharing one are likely one lister. Normalised so that spelling
 * does not hide them: an Indian mobile as its ten digits (+91, spaces and
 * dashes dropped), an email lower case without its '+tag', and for Gmail
 * without dots (Gmail ignores both). The SQL in projections/src/queries/
 * listerQueries.ts normalises the accounts' own the same way.
 */

/** A contact point as stored: 'phone:9876500001', 'email:asha@gmail.com'. */
export type ContactPoint = `phone:${string}` | `email:${string}`;

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** A phone number's last ten digits, or undefined when it has fewer. */
export const phoneKey = (phone: string): string | undefined => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : undefined;
};

export const emailKey = (email: string): string => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const base = local.split('+')[0] ?? '';
  return GMAIL.has(domain) ? `${base.replace(/\./g, '')}@gmail.com` : `${base}@${domain}`;
};

/** An Indian mobile number as listings write it: '+91 98765 43210', '98765-43210', '9876543210'. */
const MOBILE = /(?<!\d)(?:\+?91[\s-]?|0)?[6-9]\d{2}[\s-]?\d{2}[\s-]?\d{5}(?!\d)/g;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

/** The contact points written in a text, each once, sorted. */
export const contactPointsIn = (text: string): ContactPoint[] => {
  const phones = [...text.matchAll(MOBILE)].flatMap((m) => {
    const key = phoneKey(m[0]);
    return key ? [`phone:${key}` as const] : [];
  });
  const emails = [...text.matchAll(EMAIL)].map((m) => `email:${emailKey(m[0])}` as const);
  return [...new Set([...phones, ...emails])].sort();
};
