import { describe, expect, it } from 'vitest';
import {
  emailVerificationEmail,
  expiryReminderEmail,
  newMessageEmail,
  passwordResetEmail,
  reviewDecisionEmail,
  savedSearchAlertEmail,
  visitEmail,
} from './emails.ts';
import type { Locale } from '../i18n/locales.ts';

/**
 * Every email in every language: what the recipient typed or owns (names,
 * titles, links) stays as it is, and every word around it is in the
 * recipient's language. Values here are in Latin letters, so any Latin word
 * left after removing them and the links is text that fell back to English.
 */
const LINK = 'https://rentals.test/x?t=abc';
const VALUES = ['Asha', 'Ravi', 'Sunny flat', 'Indiranagar', 'Bengaluru', 'Koramangala homes'];
/** Compared in capitals: the plain-text part writes headings and bold text in capitals. */
const KEPT = new Set(['RENTALS', 'BHK', 'PG']);

const emailsIn = (locale: Locale) => [
  passwordResetEmail({ locale, name: 'Asha', link: LINK, validMinutes: 60 }),
  emailVerificationEmail({ locale, name: 'Asha', link: LINK, validDays: 7 }),
  newMessageEmail({
    locale,
    name: 'Asha',
    senderName: 'Ravi',
    listingTitle: 'Sunny flat',
    toOwner: true,
    excerpt: '...',
    asksForMoney: true,
    unread: 3,
    link: LINK,
  }),
  newMessageEmail({
    locale,
    name: 'Asha',
    senderName: null,
    listingTitle: null,
    toOwner: false,
    excerpt: '...',
    asksForMoney: false,
    unread: 1,
    link: LINK,
  }),
  ...(['fix-requested', 'delisted', 'suspended'] as const).map((kind) =>
    reviewDecisionEmail({
      locale,
      name: 'Asha',
      kind,
      listingTitle: 'Sunny flat',
      reason: '...',
      link: LINK,
    }),
  ),
  ...(['instant', 'daily'] as const).map((kind) =>
    savedSearchAlertEmail({
      locale,
      name: 'Asha',
      searchName: 'Koramangala homes',
      kind,
      listings: [
        { title: 'Sunny flat', area: 'Indiranagar', city: 'Bengaluru', rent: 150000, link: LINK },
      ],
      more: 4,
      link: LINK,
      unsubscribeLink: LINK,
    }),
  ),
  expiryReminderEmail({
    locale,
    name: 'Asha',
    listingTitle: null,
    expiresOn: '...',
    confirmLink: LINK,
    manageLink: LINK,
  }),
  ...(['booked', 'moved', 'cancelled', 'reminder'] as const).flatMap((kind) =>
    (['tenant', 'owner'] as const).map((role) =>
      visitEmail({
        kind,
        locale,
        name: 'Asha',
        role,
        withName: 'Ravi',
        listingTitle: role === 'owner' ? 'Sunny flat' : null,
        when: '...',
        previously: '...',
        reason: '...',
        byReader: role === 'tenant',
        conversationLink: LINK,
      }),
    ),
  ),
];

const leftInEnglish = (text: string) => {
  let rest = text.replaceAll(LINK, ' ');
  for (const value of VALUES)
    rest = rest.replaceAll(value, ' ').replaceAll(value.toUpperCase(), ' ');
  return (rest.match(/\p{Script=Latin}+/gu) ?? []).filter((word) => !KEPT.has(word.toUpperCase()));
};

describe('every email', () => {
  it.each(['hi', 'kn'] as const)('in %s has no word left in English', async (locale) => {
    for (const email of await Promise.all(emailsIn(locale))) {
      expect(email.html, email.subject).toMatch(new RegExp(`<html [^>]*lang="${locale}"`));
      expect(leftInEnglish(`${email.subject}\n${email.text}`), email.subject).toEqual([]);
    }
  });

  it('in English keeps the words it always had', async () => {
    const [reset, verify, message, gone, , , suspended, alert, , expiry] = await Promise.all(
      emailsIn('en'),
    );
    expect(reset!.subject).toBe('Reset your Rentals password');
    expect(reset!.text).toContain('The link works once and expires in 60 minutes.');
    expect(verify!.text).toContain('The link works for 7 days.');
    expect(message!.subject).toBe('New message about Sunny flat');
    expect(message!.text).toContain('Ravi wrote to you about your property Sunny flat:');
    expect(message!.text).toContain('You have 3 unread messages in this conversation.');
    expect(message!.text).toContain(
      'This message asks for money. Never pay a token before you visit.',
    );
    expect(gone!.subject).toBe('New message about your conversation on Rentals');
    expect(gone!.text).toContain('Former user replied about a property that is no longer listed:');
    expect(suspended!.text).not.toContain('If the button does not work');
    expect(alert!.subject).toBe('5 new properties for “Koramangala homes”');
    expect(alert!.text).toContain('Indiranagar, Bengaluru · ₹1,50,000');
    expect(alert!.text).toContain('…and 4 more.');
    expect(expiry!.subject).toBe('Is your property still available?');
    expect(expiry!.html).toMatch(/<html [^>]*lang="en"/);
  });

  it('about a visit says who did what, from the reader’s side', async () => {
    const visit = (props: Partial<Parameters<typeof visitEmail>[0]>) =>
      visitEmail({
        kind: 'booked',
        locale: 'en',
        name: 'Asha',
        role: 'owner',
        withName: 'Ravi',
        listingTitle: 'Sunny flat',
        when: 'Mon, 7 Dec, 6:00 pm',
        byReader: false,
        conversationLink: LINK,
        ...props,
      });
    const booked = await visit({});
    expect(booked.subject).toBe('Visit booked: Sunny flat, Mon, 7 Dec, 6:00 pm');
    expect(booked.text).toContain('Ravi booked a visit to Sunny flat on Mon, 7 Dec, 6:00 pm.');
    const mine = await visit({ role: 'tenant', byReader: true, listingTitle: null });
    expect(mine.text).toContain(
      'You booked a visit to the property on Mon, 7 Dec, 6:00 pm, with Ravi.',
    );
    const moved = await visit({
      kind: 'moved',
      previously: 'Sun, 6 Dec, 6:00 pm',
      reason: 'Late at work',
    });
    expect(moved.text).toContain(
      'Ravi moved the visit to Sunny flat from Sun, 6 Dec, 6:00 pm to Mon, 7 Dec, 6:00 pm.',
    );
    expect(moved.text).toContain('Reason given: Late at work');
    const cancelled = await visit({ kind: 'cancelled', byReader: true, reason: 'Found a place' });
    expect(cancelled.text).toContain('You cancelled the visit to Sunny flat');
    expect(cancelled.text).not.toContain('calendar');
  });
});
