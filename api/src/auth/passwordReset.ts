import {
  confirmLinkTokenHash,
  linkTokenId,
  newConfirmLinkToken,
} from '@rentals/core/confirmLinkToken';
import {
  decide,
  foldAccount,
  RESET_LINK_MINUTES,
  ResetLinkError,
  type AccountCommand,
} from '@rentals/core/accounts/passwordReset';
import { ConcurrencyError } from '@rentals/core/errors';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import type { Logger } from '@rentals/core/logger';
import { emailLink } from '@rentals/core/mail/links';
import { createSmtpMailer, type MonitoredMailer } from '@rentals/core/mail/smtpMailer';
import type { Sql } from 'postgres';
import { createAttemptLimiter, TooManyAttemptsError } from '../access/attemptLimit.ts';
import { sessionCacheFor } from '../access/sessionCache.ts';
import { FORGOT_PASSWORD_LIMIT, LIMIT_MESSAGES, RESET_PASSWORD_LIMIT } from './attemptLimits.ts';
import { decideOnAccount, readAccount } from './accountStream.ts';
import { hashPassword } from './passwords.ts';
import { loadEmails } from '../shared/emails.ts';
import { normaliseEmail } from './rules.ts';
import { findUserByEmail, findUserById, replacePassword } from './users.ts';

export type PasswordResetDeps = {
  sql: Sql;
  eventStore: EventStore;
  clock: () => Date;
  log: Logger;
  mailer?: MonitoredMailer;
  siteUrl?: string;
};

/** A reset link's token names the account (which stream to read); only its secret's hash is kept. */
const parseToken = (token: string) => ({
  accountId: linkTokenId(token) ?? '',
  tokenHash: confirmLinkTokenHash(token) ?? '',
});

const load = async (store: EventStore, accountId: string) =>
  foldAccount((await readAccount(store, accountId)).events);

const run = (store: EventStore, command: AccountCommand) =>
  decideOnAccount(store, command.accountId, (events) => decide(command, foldAccount(events)));

/** What sending a link needs: the account's lookup and stream, the mailer and the site's address. */
type LinkContext = Pick<PasswordResetDeps, 'sql' | 'log' | 'eventStore'> & {
  mailer: NonNullable<PasswordResetDeps['mailer']>;
  siteUrl: string;
};

/** `at`: when it was asked for (the hour's count is of requests, whenever the background gets to them). */
const sendLink = async (ctx: LinkContext, email: string, at: Date) => {
  const { sql, log, mailer, siteUrl } = ctx;
  const user = await findUserByEmail(sql, email);
  if (!user) return;
  const { token, tokenHash } = newConfirmLinkToken(user.id);
  const command = { type: 'RequestPasswordReset', accountId: user.id, tokenHash, at } as const;
  const events = await run(ctx.eventStore, command).catch((error: unknown) => {
    if (error instanceof ConcurrencyError) return run(ctx.eventStore, command);
    throw error;
  });
  if (events.length === 0) {
    log.info('password reset link not sent: the account had its links for this hour', {
      accountId: user.id,
    });
    return;
  }
  const link = emailLink(siteUrl, { to: 'reset-password', token });
  const { passwordResetEmail } = await loadEmails();
  const content = await passwordResetEmail({
    locale: user.language,
    name: user.name,
    link,
    validMinutes: RESET_LINK_MINUTES,
  });
  await mailer.send({ to: user.email, ...content });
  log.info('password reset link sent', { accountId: user.id });
};

/**
 * Forgot password and reset password. The answer to a request never depends
 * on whether the email has an account: after the limits, the lookup, the
 * event and the email happen after the answer has gone (a failure there is
 * logged, and a failed send shows in /api/health). A reset appends
 * PasswordReset and stores the new password in one transaction, so a link is
 * used once even when two tabs submit it together; the new password bumps the
 * token generation, which ends every earlier session.
 */
export const createPasswordReset = (deps: PasswordResetDeps) => {
  const { sql, clock, log } = deps;
  const mailer = deps.mailer ?? createSmtpMailer({ smtpUrl: undefined, from: '' });
  const siteUrl = deps.siteUrl ?? 'http://localhost:3000';
  const limits = {
    forgot: createAttemptLimiter(sql, FORGOT_PASSWORD_LIMIT),
    reset: createAttemptLimiter(sql, RESET_PASSWORD_LIMIT),
  };
  const background = new Set<Promise<void>>();

  const resetOnce = async (accountId: string, tokenHash: string, passwordHash: string) => {
    await sql.begin(async (tx) => {
      const store = createEventStore(tx as unknown as Sql);
      await run(store, { type: 'ResetPassword', accountId, tokenHash, at: clock() });
      await replacePassword(tx as unknown as Sql, accountId, passwordHash, clock());
    });
    sessionCacheFor(deps).forgetUser(accountId);
  };

  return {
    /** Checks the limits, then answers at once; the link goes out in the background. */
    request: async (emailInput: string, address: string) => {
      const email = normaliseEmail(emailInput);
      const attempt = await limits.forgot.begin(email, address, clock());
      if (attempt.blocked)
        throw new TooManyAttemptsError(LIMIT_MESSAGES.forgotPassword, attempt.retryAfterSeconds);
      const at = clock();
      await limits.forgot.prune(at);
      const work = sendLink({ sql, log, eventStore: deps.eventStore, mailer, siteUrl }, email, at)
        .catch((error: Error) =>
          log.error('password reset link not sent', { error: error.message }),
        )
        .finally(() => background.delete(work));
      // Held until sent, so a pending link is not collected mid-way.
      background.add(work);
    },

    /** Sets the new password through a link; ResetLinkError (400) when the link cannot. */
    reset: async (token: string, newPassword: string, address: string) => {
      const attempt = await limits.reset.begin('', address, clock());
      if (attempt.blocked)
        throw new TooManyAttemptsError(LIMIT_MESSAGES.resetPassword, attempt.retryAfterSeconds);
      await limits.reset.prune(clock());
      const { accountId, tokenHash } = parseToken(token);
      if (!(await findUserById(sql, accountId))) throw new ResetLinkError('invalid');
      // Decided once before hashing, so a bad link costs no argon2 work; decided again in the transaction.
      decide(
        { type: 'ResetPassword', accountId, tokenHash, at: clock() },
        await load(deps.eventStore, accountId),
      );
      const passwordHash = await hashPassword(newPassword, address);
      try {
        await resetOnce(accountId, tokenHash, passwordHash);
      } catch (error) {
        // Another request used a link of this account in between: decide again on what it did.
        if (!(error instanceof ConcurrencyError)) throw error;
        await resetOnce(accountId, tokenHash, passwordHash);
      }
    },
  };
};
