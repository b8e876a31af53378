import type { Locale } from '@rentals/core/i18n/locales';
import type { Sql } from 'postgres';
import type { AuthUser, Role } from '../access/roles.ts';
import { createTokens, type Tokens } from '../access/tokens.ts';
import { sessionCacheFor } from '../access/sessionCache.ts';
import { createAttemptLimiter, TooManyAttemptsError } from '../access/attemptLimit.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '@rentals/core/errors';
import {
  CHANGE_PASSWORD_LIMIT,
  LIMIT_MESSAGES,
  LOGIN_LIMIT,
  REGISTER_LIMIT,
} from './attemptLimits.ts';
import { MESSAGES, type ProfileBody } from './model.ts';
import { hashPassword, needsRehash, primeDummyHash, verifyPassword } from './passwords.ts';
import { normaliseEmail } from './rules.ts';
import {
  endAllSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  replacePassword,
  revokeToken,
  toUserDocument,
  updateProfile,
  upgradePasswordHash,
  type UserRecord,
} from './users.ts';

export type AccountsDeps = {
  sql: Sql;
  jwtSecret: string;
  clock: () => Date;
  newId: () => string;
  tokenTtlSeconds?: number;
};

export class EmailTakenError extends AppError {
  constructor() {
    super(409, MESSAGES.emailTaken);
  }
}

export type NewAccount = {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: Role;
  /** English unless given (registration passes its page's language). */
  language?: Locale;
};

/**
 * The account operations behind /api/auth and `npm run admin:create`. Inputs
 * arrive validated (model.ts, rules.ts); this is where they meet the database.
 */
export const createAccounts = (deps: AccountsDeps, tokens: Tokens = createTokens(deps)) => {
  const { sql, clock } = deps;
  // Applied here at once as well as through NOTIFY, so this process's next request already sees it.
  const sessions = sessionCacheFor(deps);
  const limits = {
    login: createAttemptLimiter(sql, LOGIN_LIMIT),
    changePassword: createAttemptLimiter(sql, CHANGE_PASSWORD_LIMIT),
    register: createAttemptLimiter(sql, REGISTER_LIMIT),
  };
  void primeDummyHash();
  const signIn = async (user: UserRecord) => ({
    user: toUserDocument(user),
    token: (await tokens.issue(user)).token,
  });

  const accounts = {
    /** Creates the account (any role, admin included: the API narrows roles before it calls this). */
    create: async (account: NewAccount, caller?: string): Promise<UserRecord> => {
      const user = await insertUser(sql, {
        id: deps.newId(),
        name: account.name.trim(),
        email: normaliseEmail(account.email),
        phone: account.phone,
        role: account.role,
        language: account.language,
        passwordHash: await hashPassword(account.password, caller),
        now: clock(),
      });
      if (!user) throw new EmailTakenError();
      return user;
    },

    signIn,

    /** Checks the limit first (a blocked attempt costs no hashing), then the password; an unknown email and a wrong password look alike. */
    login: async (emailInput: string, password: string, address: string) => {
      const email = normaliseEmail(emailInput);
      const attempt = await limits.login.begin(email, address, clock());
      if (attempt.blocked)
        throw new TooManyAttemptsError(MESSAGES.tooManyAttempts, attempt.retryAfterSeconds);
      const user = await findUserByEmail(sql, email);
      const ok = await verifyPassword(password, user?.passwordHash, address);
      if (!user || !ok) {
        await limits.login.prune(clock());
        throw new AppError(401, MESSAGES.badCredentials);
      }
      await limits.login.clear(email, address);
      // Only with the right password, so the answer tells a guesser nothing about the account.
      if (user.suspendedAt) throw new ForbiddenError(MESSAGES.suspended);
      if (needsRehash(user.passwordHash))
        await upgradePasswordHash(
          sql,
          user.id,
          user.passwordHash,
          await hashPassword(password, address),
        );
      return signIn(user);
    },

    me: async (user: AuthUser) => {
      const found = await findUserById(sql, user.id);
      if (!found) throw new NotFoundError('This account no longer exists');
      return toUserDocument(found);
    },

    updateProfile: async (user: AuthUser, changes: ProfileBody) => {
      const updated = await updateProfile(
        sql,
        user.id,
        { ...changes, name: changes.name?.trim() },
        clock(),
      );
      sessions.forgetUser(user.id);
      if (!updated) throw new NotFoundError('This account no longer exists');
      return toUserDocument(updated);
    },

    /**
     * Ends every earlier token of the user and returns a fresh one, so the caller stays signed in.
     * Wrong current passwords are limited like failed logins (per account and address).
     */
    changePassword: async (
      user: AuthUser,
      currentPassword: string,
      newPassword: string,
      address: string,
    ) => {
      const attempt = await limits.changePassword.begin(user.id, address, clock());
      if (attempt.blocked)
        throw new TooManyAttemptsError(LIMIT_MESSAGES.changePassword, attempt.retryAfterSeconds);
      const found = await findUserById(sql, user.id);
      if (!found || !(await verifyPassword(currentPassword, found.passwordHash, address))) {
        await limits.changePassword.prune(clock());
        throw new ValidationError([
          { path: 'currentPassword', msg: MESSAGES.currentPasswordWrong },
        ]);
      }
      await limits.changePassword.clear(user.id, address);
      const updated = await replacePassword(
        sql,
        user.id,
        await hashPassword(newPassword, address),
        clock(),
      );
      sessions.forgetUser(user.id);
      if (!updated) throw new NotFoundError('This account no longer exists');
      return (await tokens.issue(updated)).token;
    },

    logoutEverywhere: async (user: AuthUser) => {
      const ended = await endAllSessions(sql, user.id, clock());
      sessions.forgetUser(user.id);
      // A lost phone stops showing pushes (names, listing titles) on its lock screen too.
      await sql`DELETE FROM push_subscriptions WHERE user_id = ${user.id}`;
      if (!ended) throw new NotFoundError('This account no longer exists');
    },

    logout: async (session: { tokenId: string; expiresAt: Date }) => {
      await revokeToken(sql, session.tokenId, session.expiresAt, clock());
      sessions.revoke(session.tokenId, session.expiresAt);
    },
  };

  return {
    ...accounts,
    /** Self-service registration: `create`, limited per client address whether it succeeds or not. */
    register: async (account: NewAccount, address: string): Promise<UserRecord> => {
      const attempt = await limits.register.begin('', address, clock());
      if (attempt.blocked)
        throw new TooManyAttemptsError(LIMIT_MESSAGES.register, attempt.retryAfterSeconds);
      await limits.register.prune(clock());
      return accounts.create(account, address);
    },
  };
};
