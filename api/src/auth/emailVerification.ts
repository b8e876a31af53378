import type { Locale } from '@rentals/core/i18n/locales';
import {
  decideEmailVerification,
  EMAIL_VERIFICATION_MESSAGES,
  EmailLinkError,
  foldEmailVerification,
  VERIFY_LINK_DAYS,
  type EmailVerificationCommand,
} from '@rentals/core/accounts/emailVerification';
import {
  confirmLinkTokenHash,
  linkTokenId,
  newConfirmLinkToken,
} from '@rentals/core/confirmLinkToken';
import { ConcurrencyError, NotFoundError } from '@rentals/core/errors';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import type { Logger } from '@rentals/core/logger';
import { emailLink } from '@rentals/core/mail/links';
import type { MonitoredMailer } from '@rentals/core/mail/smtpMailer';
import type { Sql } from 'postgres';
import { createWriteLimit } from '../access/attemptLimit.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import { loadEmails } from '../shared/emails.ts';
import { decideOnAccount } from './accountStream.ts';
import { findUserById } from './users.ts';

export type EmailVerificationDeps = {
  sql: Sql;
  eventStore: EventStore;
  clock: () => Date;
  log: Logger;
  mailer?: MonitoredMailer;
  siteUrl?: string;
};

type Account = { id: string; name: string; email: string; language: Locale };

/**
 * Decides a verification command on the account stream and, when it verifies,
 * sets `users.email_verified_at` in the same transaction, only while the
 * account's email is still the one verified (an email changed meanwhile stays
 * unverified). Decided again once when another write to the stream came first.
 */
const decideVerification = async (sql: Sql, command: EmailVerificationCommand) => {
  const once = () =>
    sql.begin(async (tx) => {
      const store = createEventStore(tx as unknown as Sql);
      const decided = await decideOnAccount(store, command.accountId, (events) =>
        decideEmailVerification(command, foldEmailVerification(events)),
      );
      if (decided.some((e) => e.type === 'AccountEmailVerified'))
        await tx`UPDATE users SET email_verified_at = ${command.at}
                 WHERE id = ${command.accountId} AND email = ${command.email}`;
      return decided;
    });
  return once().catch((error: unknown) => {
    if (error instanceof ConcurrencyError) return once();
    throw error;
  });
};

/**
 * Marks an account an operator made as verified (`npm run admin:create`, the
 * seed, the tests' accounts): the same event and column as following the link,
 * with `via: 'setup'`.
 */
export const verifyEmailAtSetup = async (
  sql: Sql,
  account: Pick<Account, 'id' | 'email'>,
  at: Date,
) => {
  await decideVerification(sql, {
    type: 'VerifyEmailAtSetup',
    accountId: account.id,
    email: account.email,
    at: at.toISOString(),
  });
};

/** Records a new link on the account's stream, then mails it (409 when the address is verified already). */
const sendLink = async (deps: EmailVerificationDeps, account: Account) => {
  const { token, tokenHash } = newConfirmLinkToken(account.id);
  await decideVerification(deps.sql, {
    type: 'RequestEmailVerification',
    accountId: account.id,
    email: account.email,
    tokenHash,
    at: deps.clock().toISOString(),
  });
  if (!deps.mailer) return;
  const link = emailLink(deps.siteUrl ?? 'http://localhost:3000', { to: 'verify-email', token });
  const { emailVerificationEmail } = await loadEmails();
  const content = await emailVerificationEmail({
    locale: account.language,
    name: account.name,
    link,
    validDays: VERIFY_LINK_DAYS,
  });
  await deps.mailer.send({ to: account.email, ...content });
  deps.log.info('email verification link sent', { accountId: account.id });
};

/**
 * The address verification by link (issue 41): the link is mailed at
 * registration (in the background: registering does not wait for the mail)
 * and on 'Resend the link' (awaited, limited per account and address); the
 * site's /verify-email page sends the link's token back.
 */
export const createEmailVerification = (deps: EmailVerificationDeps) => {
  const limitResends = createWriteLimit(deps.sql, WRITE_LIMITS.verificationMail);
  const background = new Set<Promise<void>>();
  return {
    /** After registration: the link goes out after the answer; a failure is logged. */
    sendInBackground: (account: Account) => {
      const work = sendLink(deps, account)
        .catch((error: Error) =>
          deps.log.error('email verification link not sent', {
            accountId: account.id,
            error: error.message,
          }),
        )
        .finally(() => background.delete(work));
      background.add(work);
    },

    resend: async (accountId: string, address: string) => {
      await limitResends(accountId, address, deps.clock());
      const account = await findUserById(deps.sql, accountId);
      if (!account) throw new NotFoundError('This account no longer exists');
      await sendLink(deps, account);
      return EMAIL_VERIFICATION_MESSAGES.sent;
    },

    /** The link's token: the sentence the page shows, or EmailLinkError (400) saying what to do. */
    verify: async (token: string) => {
      const accountId = linkTokenId(token);
      const tokenHash = confirmLinkTokenHash(token);
      const account = accountId && tokenHash ? await findUserById(deps.sql, accountId) : undefined;
      if (!account || !tokenHash) throw new EmailLinkError('invalid');
      const decided = await decideVerification(deps.sql, {
        type: 'VerifyEmailByLink',
        accountId: account.id,
        email: account.email,
        tokenHash,
        at: deps.clock().toISOString(),
      });
      return decided.length > 0
        ? EMAIL_VERIFICATION_MESSAGES.verified
        : EMAIL_VERIFICATION_MESSAGES.alreadyVerified;
    },
  };
};
