import type { Sql } from 'postgres';
import type { AuthUser, Role } from '../access/roles.ts';
import { createTokens, type Tokens } from '../access/tokens.ts';
import { AppError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './loginLimit.ts';
import { MESSAGES } from './model.ts';
import { hashPassword, primeDummyHash, verifyPassword } from './passwords.ts';
import { normaliseEmail } from './rules.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  replacePassword,
  revokeToken,
  toUserDocument,
  updateProfile,
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

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MESSAGES.tooManyAttempts);
  }
}

export type NewAccount = {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: Role;
};

/**
 * The account operations behind /api/auth and `npm run admin:create`. Inputs
 * arrive validated (model.ts, rules.ts); this is where they meet the database.
 */
export const createAccounts = (deps: AccountsDeps, tokens: Tokens = createTokens(deps)) => {
  const { sql, clock } = deps;
  void primeDummyHash();
  const signIn = async (user: UserRecord) => ({
    user: toUserDocument(user),
    token: (await tokens.issue(user)).token,
  });

  return {
    /** Creates the account (any role, admin included: the API narrows roles before it calls this). */
    create: async (account: NewAccount): Promise<UserRecord> => {
      const user = await insertUser(sql, {
        id: deps.newId(),
        name: account.name.trim(),
        email: normaliseEmail(account.email),
        phone: account.phone,
        role: account.role,
        passwordHash: await hashPassword(account.password),
        now: clock(),
      });
      if (!user) throw new EmailTakenError();
      return user;
    },

    signIn,

    /** Checks the limit first (a blocked attempt costs no hashing), then the password; an unknown email and a wrong password look alike. */
    login: async (emailInput: string, password: string, address: string) => {
      const email = normaliseEmail(emailInput);
      const attempt = await beginLoginAttempt(sql, email, address, clock());
      if (attempt.blocked) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
      const user = await findUserByEmail(sql, email);
      const ok = await verifyPassword(password, user?.passwordHash);
      if (!user || !ok) {
        await loginFailed(sql, clock());
        throw new AppError(401, MESSAGES.badCredentials);
      }
      await loginSucceeded(sql, email, address);
      return signIn(user);
    },

    me: async (user: AuthUser) => {
      const found = await findUserById(sql, user.id);
      if (!found) throw new NotFoundError('This account no longer exists');
      return toUserDocument(found);
    },

    updateProfile: async (user: AuthUser, changes: { name?: string; phone?: string }) => {
      const updated = await updateProfile(
        sql,
        user.id,
        { ...changes, name: changes.name?.trim() },
        clock(),
      );
      if (!updated) throw new NotFoundError('This account no longer exists');
      return toUserDocument(updated);
    },

    /** Ends every earlier token of the user and returns a fresh one, so the caller stays signed in. */
    changePassword: async (user: AuthUser, currentPassword: string, newPassword: string) => {
      const found = await findUserById(sql, user.id);
      if (!found || !(await verifyPassword(currentPassword, found.passwordHash)))
        throw new ValidationError([
          { path: 'currentPassword', msg: MESSAGES.currentPasswordWrong },
        ]);
      const updated = await replacePassword(sql, user.id, await hashPassword(newPassword), clock());
      if (!updated) throw new NotFoundError('This account no longer exists');
      return (await tokens.issue(updated)).token;
    },

    logout: (session: { tokenId: string; expiresAt: Date }) =>
      revokeToken(sql, session.tokenId, session.expiresAt, clock()),
  };
};

export type Accounts = ReturnType<typeof createAccounts>;
