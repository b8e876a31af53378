import type * as Emails from '@rentals/core/mail/emails';

let loaded: Promise<typeof Emails> | undefined;

/**
 * The email templates, loaded at the first email this process sends rather
 * than at start-up: React Email adds ~40 MB to a Bun process's RSS, and most
 * web processes send an email (a password reset, a review decision) rarely
 * or never.
 */
export const loadEmails = () => (loaded ??= import('@rentals/core/mail/emails'));
