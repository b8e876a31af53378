/**
 * Verifying an account's email address by a link mailed to it (issue 41),
 * decided purely: time and token hashes come in, events go out. A link proves
 * the address it was mailed to, for VERIFY_LINK_DAYS; an account whose email
 * changed is unverified again until a link to the new address is followed.
 *
 * What a verified address is required for (publishing a listing, starting a
 * conversation, reporting) is a rule of those aggregates' `decide`, with the
 * fact read by their handler: `assertEmailVerified` below is its one home.
 */
import { AppError, ForbiddenError, IllegalStateError } from '../errors.ts';
import { addDays, isAtOrAfter } from '../isoTime.ts';
import type { AccountEvent } from './events.ts';

export const VERIFY_LINK_DAYS = 7;

export const EMAIL_VERIFICATION_MESSAGES = {
  required: 'Please confirm your email address first: we sent you a link.',
  alreadyVerified: 'Your email address is already confirmed.',
  verified: 'Thank you: your email address is confirmed.',
  sent: 'We sent a new link to your email address. It works for 7 days.',
  invalid:
    "This link is not valid (perhaps it was cut short, or your email address changed since). Sign in and choose 'Resend the link' to get a new one.",
  expired:
    "This link has expired. Sign in and choose 'Resend the link' to get a new one; it works for 7 days.",
} as const;

/** 400 for a link that cannot verify the address; the message says which case and what to do. */
export class EmailLinkError extends AppError {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(400, EMAIL_VERIFICATION_MESSAGES[reason]);
  }
}

/** 403 for an action that needs a verified email address (the site shows 'Resend the link' beside it). */
export class EmailNotVerifiedError extends ForbiddenError {
  readonly code = 'email-not-verified';
  constructor() {
    super(EMAIL_VERIFICATION_MESSAGES.required);
  }
}

/** The rule, in the `decide` of every aggregate that needs it; the handler reads the fact. */
export const assertEmailVerified = (emailVerified: boolean) => {
  if (!emailVerified) throw new EmailNotVerifiedError();
};

export type EmailVerificationState = {
  /** The address last proven, or null: the account is verified while its email is this one. */
  verifiedEmail: string | null;
  /** Every link sent, by token hash: the address it went to and when it stops working. */
  links: ReadonlyMap<string, { email: string; expiresAt: string }>;
};

export const initialEmailVerificationState: EmailVerificationState = {
  verifiedEmail: null,
  links: new Map(),
};

export type EmailVerificationCommand =
  /** `email`: the account's address now (the handler reads it). */
  | {
      type: 'RequestEmailVerification';
      accountId: string;
      email: string;
      tokenHash: string;
      at: string;
    }
  | { type: 'VerifyEmailByLink'; accountId: string; email: string; tokenHash: string; at: string }
  /** An operator made the account and vouches for its address (admin:create, the seed). */
  | { type: 'VerifyEmailAtSetup'; accountId: string; email: string; at: string };

export const evolveEmailVerification = (
  state: EmailVerificationState,
  event: AccountEvent,
): EmailVerificationState => {
  switch (event.type) {
    case 'EmailVerificationRequested': {
      const links = new Map(state.links);
      links.set(event.data.tokenHash, { email: event.data.email, expiresAt: event.data.expiresAt });
      return { ...state, links };
    }
    case 'AccountEmailVerified':
      return { ...state, verifiedEmail: event.data.email };
    default:
      return state;
  }
};

export const foldEmailVerification = (events: readonly AccountEvent[]) =>
  events.reduce(evolveEmailVerification, initialEmailVerificationState);

const verifiedEvent = (
  command: { accountId: string; email: string; at: string },
  via: 'link' | 'setup',
): AccountEvent => ({
  type: 'AccountEmailVerified',
  data: { accountId: command.accountId, email: command.email, via, at: command.at },
});

/**
 * RequestEmailVerification: a new link to the account's address (409 when it
 * is already verified). VerifyEmailByLink: the address is verified, or
 * nothing when it already was (the link was used: the page says it is
 * confirmed); EmailLinkError when the link is unknown, went to another
 * address than the account's now, or expired. VerifyEmailAtSetup: verified,
 * or nothing when it already was.
 */
export const decideEmailVerification = (
  command: EmailVerificationCommand,
  state: EmailVerificationState,
): AccountEvent[] => {
  const already = state.verifiedEmail === command.email;
  switch (command.type) {
    case 'RequestEmailVerification': {
      if (already) throw new IllegalStateError(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
      const { accountId, email, tokenHash, at } = command;
      const expiresAt = addDays(at, VERIFY_LINK_DAYS);
      return [
        {
          type: 'EmailVerificationRequested',
          data: { accountId, email, tokenHash, expiresAt, at },
        },
      ];
    }
    case 'VerifyEmailByLink': {
      const link = state.links.get(command.tokenHash);
      if (link?.email !== command.email) throw new EmailLinkError('invalid');
      if (already) return [];
      if (isAtOrAfter(command.at, link.expiresAt)) throw new EmailLinkError('expired');
      return [verifiedEvent(command, 'link')];
    }
    case 'VerifyEmailAtSetup':
      return already ? [] : [verifiedEvent(command, 'setup')];
  }
};
