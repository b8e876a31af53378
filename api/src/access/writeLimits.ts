import { attemptLimit } from './attemptLimit.ts';

/**
 * The limits on what an account writes, per client address, with the 429
 * message each one answers past its limit. Far above what a person does,
 * far below a script flooding the log with events; the address counts are
 * ten times the account's, as offices and carriers share one address.
 */
export const WRITE_LIMITS = {
  /** Hearts toggled per minute. */
  favourite: {
    ...attemptLimit('favourite', { minutes: 1, perSubject: 30, perAddress: 300 }),
    tooMany: 'Too many changes to your favourites; please wait a minute and try again',
  },
  /** Marking read per minute: far above a person's clicks on the bell, in any number of tabs. */
  notificationsRead: {
    ...attemptLimit('notifications-read', { minutes: 1, perSubject: 60, perAddress: 600 }),
    tooMany: 'Too many changes to your notifications; please wait a minute and try again',
  },
  /** Changes to saved searches per minute: a person editing a few never comes near. */
  savedSearch: {
    ...attemptLimit('saved-search', { minutes: 1, perSubject: 30, perAddress: 300 }),
    tooMany: 'Too many changes to your saved searches; please wait a minute and try again',
  },
  /** Visit changes per minute: booking, moving, cancelling and setting visiting hours together. */
  visit: {
    ...attemptLimit('visit', { minutes: 1, perSubject: 20, perAddress: 200 }),
    tooMany: 'Too many changes to visits; please wait a minute and try again',
  },
  /** Rental agreement changes per minute: setting terms and confirming them together. */
  agreement: {
    ...attemptLimit('agreement', { minutes: 1, perSubject: 20, perAddress: 200 }),
    tooMany: 'Too many changes to the rental agreement; please wait a minute and try again',
  },
  /**
   * Reports made per hour (a street's worth of stale listings is still fine):
   * every report is an event an admin reads, so a flood costs people.
   */
  report: {
    ...attemptLimit('report', { minutes: 60, perSubject: 10, perAddress: 100 }),
    tooMany: 'Too many reports; please wait an hour and try again',
  },
  /**
   * 'Resend the link' per hour: each sends an email, so a script cannot use
   * an account to flood an inbox (the address's own link is all it needs).
   */
  verificationMail: {
    ...attemptLimit('verification-mail', { minutes: 60, perSubject: 3, perAddress: 30 }),
    tooMany: 'We sent you several links in the last hour; please wait an hour and try again',
  },
  /** Lets recorded per hour (issue 44): an owner lets a few homes a year; a script cannot flood the market data. */
  let: {
    ...attemptLimit('let', { minutes: 60, perSubject: 10, perAddress: 100 }),
    tooMany: 'Too many homes marked let; please wait an hour and try again',
  },
} as const;
