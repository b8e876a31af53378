import type { Sql } from 'postgres';
import type { AuthUser, Role } from '../access/roles.ts';
import type { Locale } from '@rentals/core/i18n/locales';
import type { UserDocument } from './model.ts';

/** A user row as the auth feature reads it; the hash never leaves this feature. */
export type UserRecord = AuthUser & {
  passwordHash: string;
  tokenGeneration: number;
  createdAt: Date;
  /** Set when an admin suspended the account (api/src/reports): it can no longer sign in. */
  suspendedAt: Date | null;
  /** When its current email address was verified (AccountEmailVerified), or null. */
  emailVerifiedAt: Date | null;
  /** The language its emails are written in (core/src/i18n/locales.ts). */
  language: Locale;
  pushMessages: boolean;
  pushAlerts: boolean;
  pushOwnerNotices: boolean;
  pushQuietHours: boolean;
};

/** The push switches a profile change may set (absent: unchanged). */
export type PushSettings = {
  messages?: boolean;
  alerts?: boolean;
  ownerNotices?: boolean;
  quietHours?: boolean;
};

export type NewUser = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  /** English when not given (the seed, admin:create). */
  language?: Locale;
  passwordHash: string;
  now: Date;
};

const columns = (sql: Sql) => sql`
  id, name, email, phone, role, password_hash AS "passwordHash",
  token_generation AS "tokenGeneration", created_at AS "createdAt", suspended_at AS "suspendedAt",
  email_verified_at AS "emailVerifiedAt", language, push_messages AS "pushMessages",
  push_alerts AS "pushAlerts", push_owner_notices AS "pushOwnerNotices", push_quiet_hours AS "pushQuietHours"`;

/** Inserts the user; false when the email is taken (the unique constraint decides, so two racing registrations cannot both win). */
export const insertUser = async (sql: Sql, user: NewUser): Promise<UserRecord | null> => {
  const [row] = await sql<UserRecord[]>`
    INSERT INTO users (id, name, email, phone, role, language, password_hash, created_at, updated_at)
    VALUES (${user.id}, ${user.name}, ${user.email}, ${user.phone}, ${user.role}, ${user.language ?? 'en'}, ${user.passwordHash}, ${user.now}, ${user.now})
    ON CONFLICT (email) DO NOTHING
    RETURNING ${columns(sql)}`;
  return row ?? null;
};

export const findUserByEmail = async (sql: Sql, email: string): Promise<UserRecord | undefined> =>
  (await sql<UserRecord[]>`SELECT ${columns(sql)} FROM users WHERE email = ${email}`)[0];

export const findUserById = async (sql: Sql, id: string): Promise<UserRecord | undefined> =>
  (await sql<UserRecord[]>`SELECT ${columns(sql)} FROM users WHERE id = ${id}`)[0];

export const updateProfile = async (
  sql: Sql,
  id: string,
  changes: { name?: string; phone?: string; language?: Locale; push?: PushSettings },
  now: Date,
): Promise<UserRecord | undefined> =>
  (
    await sql<UserRecord[]>`
      UPDATE users SET name = coalesce(${changes.name ?? null}, name), phone = coalesce(${changes.phone ?? null}, phone),
        language = coalesce(${changes.language ?? null}, language),
        push_messages = coalesce(${changes.push?.messages ?? null}, push_messages),
        push_alerts = coalesce(${changes.push?.alerts ?? null}, push_alerts),
        push_owner_notices = coalesce(${changes.push?.ownerNotices ?? null}, push_owner_notices),
        push_quiet_hours = coalesce(${changes.push?.quietHours ?? null}, push_quiet_hours),
        updated_at = ${now}
      WHERE id = ${id}
      RETURNING ${columns(sql)}`
  )[0];

/** Stores the new hash and bumps the token generation, which ends every token issued before. */
export const replacePassword = async (
  sql: Sql,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<UserRecord | undefined> =>
  (
    await sql<UserRecord[]>`
      UPDATE users SET password_hash = ${passwordHash}, token_generation = token_generation + 1, updated_at = ${now}
      WHERE id = ${id}
      RETURNING ${columns(sql)}`
  )[0];

/**
 * Stores the same password's hash made with today's parameters; sessions and
 * `updated_at` stay. Only while the old hash is still the one stored, so a
 * password changed meanwhile is never overwritten.
 */
export const upgradePasswordHash = async (
  sql: Sql,
  id: string,
  from: string,
  to: string,
): Promise<void> => {
  await sql`UPDATE users SET password_hash = ${to} WHERE id = ${id} AND password_hash = ${from}`;
};

/** Bumps the token generation alone: every token of the user ends, the current one included. */
export const endAllSessions = async (sql: Sql, id: string, now: Date): Promise<boolean> =>
  (
    await sql`UPDATE users SET token_generation = token_generation + 1, updated_at = ${now}
              WHERE id = ${id} RETURNING id`
  ).length > 0;

/** Ends one token (logout); rows that could no longer matter are pruned on the way. */
export const revokeToken = async (sql: Sql, jti: string, expiresAt: Date, now: Date) => {
  await sql`INSERT INTO revoked_tokens (jti, expires_at) VALUES (${jti}, ${expiresAt}) ON CONFLICT (jti) DO NOTHING`;
  await sql`DELETE FROM revoked_tokens WHERE expires_at < ${now}`;
};

export const toUserDocument = (user: UserRecord): UserDocument => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  emailVerified: user.emailVerifiedAt !== null,
  language: user.language,
  push: {
    messages: user.pushMessages,
    alerts: user.pushAlerts,
    ownerNotices: user.pushOwnerNotices,
    quietHours: user.pushQuietHours,
  },
});

/** Whether the account's email address is verified: the fact the handlers pass to `decide`. */
export const isEmailVerified = async (sql: Sql, id: string): Promise<boolean> =>
  (await sql`SELECT 1 FROM users WHERE id = ${id} AND email_verified_at IS NOT NULL`).length > 0;
