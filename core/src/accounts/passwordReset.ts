/**
 * Password reset links, decided purely: time and token hashes come in, events
 * go out. A link works once, for RESET_LINK_MINUTES; using one voids every
 * other link of the account. At most RESET_MAILS_PER_HOUR links are sent to
 * one account in an hour, whoever asks, so the form cannot be used to flood
 * someone's inbox (the HTTP limits in the API are per address on top).
 */
import { AppError } from '../errors.ts';
import { addMinutes, isAtOrAfter, millisBetween } from '../isoTime.ts';
import type { AccountEvent } from './events.ts';

export const RESET_LINK_MINUTES = 30;
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export const RESET_LINK_MESSAGES = {
  invalid: 'This password reset link is not valid. Please ask for a new one.',
  used: 'This password reset link has already been used. Please ask for a new one.',
  expired: 'This password reset link has expired. Please ask for a new one.',
} as const;

/** 400 for a link that cannot reset the password; the message says which case and what to do. */
export class ResetLinkError extends AppError {
  constructor(readonly reason: keyof typeof RESET_LINK_MESSAGES) {
    super(400, RESET_LINK_MESSAGES[reason]);
  }
}

type Link = { status: 'outstanding'; expiresAt: string } | { status: 'used' | 'void' };

export type AccountState = {
  /** Every link ever sent, by token hash. */
  links: ReadonlyMap<string, Link>;
  /** When each link was requested, newest last (for the per-hour cap). */
  requestedAt: readonly string[];
};

export const initialAccountState: AccountState = { links: new Map(), requestedAt: [] };

export type AccountCommand =
  | {
      type: 'RequestPasswordReset';
      accountId: string;
      tokenHash: string;
      at: Date;
    }
  | { type: 'ResetPassword'; accountId: string; tokenHash: string; at: Date };

export const evolve = (state: AccountState, event: AccountEvent): AccountState => {
  const links = new Map(state.links);
  switch (event.type) {
    case 'PasswordResetRequested':
      links.set(event.data.tokenHash, { status: 'outstanding', expiresAt: event.data.expiresAt });
      return { links, requestedAt: [...state.requestedAt, event.data.at] };
    case 'PasswordReset':
      for (const [hash, link] of links)
        if (link.status === 'outstanding') links.set(hash, { status: 'void' });
      links.set(event.data.tokenHash, { status: 'used' });
      return { ...state, links };
    case 'EmailVerificationRequested':
    case 'AccountEmailVerified':
      // The address's verification is its own fold (emailVerification.ts).
      return state;
    case 'AccountSuspended':
    case 'ListerRoleConfirmationAsked':
    case 'ListerMarkedAsOwner':
    case 'ListerConfirmedOwner':
    case 'AccountBecameBroker':
      // Sign-in refuses a suspended account whatever its password; a role question changes no reset.
      return state;
  }
};

export const foldAccount = (events: readonly AccountEvent[], state = initialAccountState) =>
  events.reduce(evolve, state);

/**
 * RequestPasswordReset: a new link, or nothing when the account already got
 * RESET_MAILS_PER_HOUR links in the last hour (the caller then sends no mail
 * and answers exactly as it would otherwise).
 * ResetPassword: PasswordReset for an outstanding, unexpired link; otherwise
 * a ResetLinkError saying whether it was used, expired or never valid.
 */
export const decide = (command: AccountCommand, state: AccountState): AccountEvent[] => {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'RequestPasswordReset': {
      const recent = state.requestedAt.filter((t) => millisBetween(t, at) < HOUR_MS).length;
      if (recent >= RESET_MAILS_PER_HOUR) return [];
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            accountId: command.accountId,
            at,
            tokenHash: command.tokenHash,
            expiresAt: addMinutes(at, RESET_LINK_MINUTES),
          },
        },
      ];
    }
    case 'ResetPassword': {
      const link = state.links.get(command.tokenHash);
      if (link?.status !== 'outstanding')
        throw new ResetLinkError(link?.status === 'used' ? 'used' : 'invalid');
      if (isAtOrAfter(at, link.expiresAt)) throw new ResetLinkError('expired');
      return [
        {
          type: 'PasswordReset',
          data: { accountId: command.accountId, at, tokenHash: command.tokenHash },
        },
      ];
    }
  }
};
