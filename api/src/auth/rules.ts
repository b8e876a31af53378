import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ValidationError, type FieldError } from '@rentals/core/errors';
import { parseWith, schemaErrors } from '@rentals/core/schemaErrors';
import { ResetLinkError } from '@rentals/core/accounts/passwordReset';
import { EmailLinkError } from '@rentals/core/accounts/emailVerification';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  MESSAGES,
  ProfileBody,
  RegisterBody,
  RESET_TOKEN_PATTERN,
  ResetPasswordBody,
  VerifyEmailBody,
} from './model.ts';

/**
 * Reads each auth body through its schema (model.ts): anything but a JSON
 * object counts as an empty one (so the answer names every missing field),
 * unknown fields are dropped, names and the login email are checked trimmed,
 * and every problem is one field error with the schema's message.
 */
const asObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};

const prepared = (schema: TObject, body: unknown, trim: string[]) => {
  const value = Value.Clean(schema, { ...asObject(body) }) as Record<string, unknown>;
  for (const key of trim) if (typeof value[key] === 'string') value[key] = value[key].trim();
  return value;
};

/** With the role defaulted to homeowner (SPEC §9). */
export const readRegister = (body: unknown): Required<RegisterBody> => {
  const input = parseWith(RegisterBody, prepared(RegisterBody, body, ['name']));
  return { ...input, role: input.role ?? 'homeowner', language: input.language ?? 'en' };
};

export const readLogin = (body: unknown): LoginBody =>
  parseWith(LoginBody, prepared(LoginBody, body, ['email']));

export const readProfile = (body: unknown): ProfileBody =>
  parseWith(ProfileBody, prepared(ProfileBody, body, ['name']));

/** Also refuses a new password equal to the current one: it would end every session and change nothing. */
export const readChangePassword = (body: unknown): ChangePasswordBody => {
  const value = prepared(ChangePasswordBody, body, []);
  const errors = schemaErrors(ChangePasswordBody, value);
  if (errors.length === 0 && value.newPassword === value.currentPassword)
    errors.push({ path: 'newPassword', msg: MESSAGES.passwordUnchanged });
  if (errors.length > 0) throw new ValidationError(errors);
  return value as ChangePasswordBody;
};

export const readForgotPassword = (body: unknown): ForgotPasswordBody =>
  parseWith(ForgotPasswordBody, prepared(ForgotPasswordBody, body, ['email']));

/**
 * A token that is missing or not shaped like ours is a bad link (400 with the
 * link's message, like a used or expired one), not a field to correct.
 */
export const readResetPassword = (body: unknown): ResetPasswordBody => {
  const value = prepared(ResetPasswordBody, body, []);
  if (typeof value.token !== 'string' || !new RegExp(RESET_TOKEN_PATTERN).test(value.token))
    throw new ResetLinkError('invalid');
  return parseWith(ResetPasswordBody, value);
};

/** Like a reset link's: a token not shaped like ours is a bad link (400 with the link's message). */
export const readVerifyEmail = (body: unknown): VerifyEmailBody => {
  const value = prepared(VerifyEmailBody, body, []);
  if (typeof value.token !== 'string' || !new RegExp(RESET_TOKEN_PATTERN).test(value.token))
    throw new EmailLinkError('invalid');
  return parseWith(VerifyEmailBody, value);
};

/** The registration rules outside HTTP (the admin command): the same schema, the same messages. */
export const accountErrors = (input: {
  name: string;
  email: string;
  phone: string;
  password: string;
}): FieldError[] => schemaErrors(RegisterBody, prepared(RegisterBody, input, ['name']));

/** Emails are compared and stored lower-case and trimmed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
