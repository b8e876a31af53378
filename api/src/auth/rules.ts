import { ValidationError, type FieldError } from '../shared/errors.ts';
import { EMAIL_PATTERN, LIMITS, MESSAGES, type LoginBody } from './model.ts';

/**
 * The rules a schema cannot phrase with the spec's messages: one field with
 * two messages (empty vs malformed email, too short vs too long password) and
 * lengths counted after trimming. The schemas in model.ts run first.
 */
const emailShape = new RegExp(EMAIL_PATTERN);

const fail = (errors: FieldError[]) => {
  if (errors.length > 0) throw new ValidationError(errors);
};

const nameErrors = (name: string | undefined): FieldError[] => {
  if (name === undefined) return [];
  const length = name.trim().length;
  return length < LIMITS.nameMin || length > LIMITS.nameMax
    ? [{ path: 'name', msg: MESSAGES.name }]
    : [];
};

const passwordErrors = (path: string, password: string): FieldError[] =>
  password.length > LIMITS.passwordMax ? [{ path, msg: MESSAGES.passwordTooLong }] : [];

export const checkRegister = (body: { name: string; password: string }) =>
  fail([...nameErrors(body.name), ...passwordErrors('password', body.password)]);

export const checkProfile = (body: { name?: string }) => fail(nameErrors(body.name));

export const checkNewPassword = (body: { newPassword: string }) =>
  fail(passwordErrors('newPassword', body.newPassword));

export const checkLogin = (body: LoginBody) => {
  const email = body.email.trim();
  if (email === '') fail([{ path: 'email', msg: MESSAGES.loginEmailRequired }]);
  else if (!emailShape.test(email)) fail([{ path: 'email', msg: MESSAGES.loginEmail }]);
};

/** Emails are compared and stored lower-case and trimmed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
