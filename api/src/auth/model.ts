import { UserSchema } from '@rentals/core/contract/user';
import { t, type Static } from 'elysia';
import { messages } from '@rentals/core/schemaErrors';
import { singleLineText } from '@rentals/core/textFormats';
import type { Locale } from '@rentals/core/i18n/locales';

/** The spec's §5 and §9 limits, and its exact messages where it gives them. */
export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
} as const;

export const MESSAGES = {
  suspended: 'This account has been suspended; you cannot sign in',
  name: `Name must be between ${LIMITS.nameMin} and ${LIMITS.nameMax} characters`,
  nameControl: 'Name cannot contain control characters',
  email: 'Please provide a valid email address',
  phone: 'Please provide a valid 10-digit phone number',
  language: 'Please choose English, Hindi or Kannada',
  pushSetting: 'Notification settings are on or off (true or false)',
  password: `Password must be at least ${LIMITS.passwordMin} characters long`,
  passwordTooLong: `Password cannot exceed ${LIMITS.passwordMax} characters`,
  passwordControl: 'Password cannot contain control characters',
  passwordBlank: 'Password cannot be only spaces',
  passwordUnchanged: 'New password must be different from the current password',
  role: 'Role must be homeowner, broker or tenant',
  loginEmailRequired: 'Email is required',
  loginEmail: 'Please enter a valid email address',
  loginPasswordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  body: 'Send a JSON object body',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed login attempts; please try again later',
  signInBusy: 'Too many people are signing in right now; please try again in a few seconds',
  loggedOut: 'Logged out successfully',
  passwordChanged: 'Password changed successfully',
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  signedOutEverywhere: 'Signed out of all devices',
} as const;

/**
 * Shaped like an email: something@something.something, no spaces (checked again on login).
 * The lookahead caps the length before the rest runs: on a long value full of dots the
 * domain part backtracks in quadratic time (200 KB held the event loop for a minute),
 * and TypeBox tests the pattern even when maxLength has already failed.
 */
export const EMAIL_PATTERN = `^(?=.{1,${LIMITS.emailMax}}$)[^\\s@]+@[^\\s@]+\\.[^\\s@]+$`;
const PHONE_PATTERN = '^[0-9]{10}$';

/*
 * One schema per body: it checks the body, gives the OpenAPI document and the
 * handler's type, and says every message (SPEC §5's where it has one). Names
 * are checked trimmed (auth/bodies.ts trims them first).
 */
const name = singleLineText({
  minLength: LIMITS.nameMin,
  maxLength: LIMITS.nameMax,
  description: `${LIMITS.nameMin}–${LIMITS.nameMax} characters after trimming`,
  ...messages({ type: MESSAGES.name, format: MESSAGES.nameControl }),
});
const email = singleLineText({
  pattern: EMAIL_PATTERN,
  maxLength: LIMITS.emailMax,
  ...messages({ type: MESSAGES.email }),
});
const phone = t.String({
  pattern: PHONE_PATTERN,
  examples: ['9876543210'],
  ...messages({ type: MESSAGES.phone }),
});
/** A password being set: SPEC's length, no control characters, not only spaces. */
const newPassword = singleLineText({
  minLength: LIMITS.passwordMin,
  maxLength: LIMITS.passwordMax,
  pattern: '\\S',
  ...messages({
    type: MESSAGES.password,
    maxLength: MESSAGES.passwordTooLong,
    format: MESSAGES.passwordControl,
    pattern: MESSAGES.passwordBlank,
  }),
});
const role = t.Union([t.Literal('homeowner'), t.Literal('broker'), t.Literal('tenant')], {
  default: 'homeowner',
  ...messages({ type: MESSAGES.role }),
});

/** The languages an account can choose for its emails and the site. */
const language = t.Union(
  [t.Literal('en'), t.Literal('hi'), t.Literal('kn')] satisfies { const: Locale }[],
  {
    ...messages({ type: MESSAGES.language }),
  },
);

const pushSwitch = (description: string) =>
  t.Optional(t.Boolean({ description, ...messages({ type: MESSAGES.pushSetting }) }));

/** Which pushes the account gets; a switch not sent keeps its value. */
const pushSettings = t.Object(
  {
    messages: pushSwitch('New messages, and visits booked, moved or cancelled by the other side'),
    alerts: pushSwitch('Instant saved-search alerts'),
    ownerNotices: pushSwitch('Owner notices: review decisions and expiry reminders'),
    quietHours: pushSwitch('Nothing from 22:00 to 07:00 India time'),
  },
  { additionalProperties: false, ...messages({ type: MESSAGES.pushSetting }) },
);

/** Name, phone, language and push settings only: email and role changes are not self-service. */
export const ProfileBody = t.Object({
  name: t.Optional(name),
  phone: t.Optional(phone),
  language: t.Optional(language),
  push: t.Optional(pushSettings),
});

/** Unknown fields are dropped (auth/bodies.ts) before the handler sees the body. */
export const RegisterBody = t.Object({
  name,
  email,
  password: newPassword,
  phone,
  role: t.Optional(role),
  /** The language of the page registered on: the account's emails start in it. */
  language: t.Optional(language),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = t.Object({
  email: singleLineText({
    pattern: EMAIL_PATTERN,
    maxLength: LIMITS.emailMax,
    ...messages({ required: MESSAGES.loginEmailRequired, type: MESSAGES.loginEmail }),
  }),
  password: singleLineText({
    minLength: 1,
    maxLength: LIMITS.passwordMax,
    ...messages({
      type: MESSAGES.loginPasswordRequired,
      maxLength: MESSAGES.passwordTooLong,
      format: MESSAGES.passwordControl,
    }),
  }),
});
export type LoginBody = Static<typeof LoginBody>;

export type ProfileBody = Static<typeof ProfileBody>;

export const ChangePasswordBody = t.Object({
  currentPassword: singleLineText({
    minLength: 1,
    maxLength: LIMITS.passwordMax,
    ...messages({
      type: MESSAGES.currentPasswordRequired,
      maxLength: MESSAGES.currentPasswordWrong,
      format: MESSAGES.passwordControl,
    }),
  }),
  newPassword,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** Asks for a reset link: the login form's email rules and messages. */
export const ForgotPasswordBody = t.Object({ email: LoginBody.properties.email });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

/** `<account id>.<43 base64url characters>`, as the reset email's link carries it. */
export const RESET_TOKEN_PATTERN = '^[A-Za-z0-9_-]{1,64}\\.[A-Za-z0-9_-]{43}$';

/** The token from the reset link and the new password (the confirmation is checked by the page). */
export const ResetPasswordBody = t.Object({
  token: t.String({ pattern: RESET_TOKEN_PATTERN, maxLength: 108 }),
  newPassword,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** The token from the email verification link (the same shape as a reset link's). */
export const VerifyEmailBody = t.Object({
  token: t.String({ pattern: RESET_TOKEN_PATTERN, maxLength: 108 }),
});
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const UserDocument = UserSchema;
export type UserDocument = Static<typeof UserSchema>;
