import { t, type Static } from 'elysia';

/** The spec's §5 and §9 limits, and its exact messages where it gives them. */
export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
} as const;

export const MESSAGES = {
  name: `Name must be between ${LIMITS.nameMin} and ${LIMITS.nameMax} characters`,
  email: 'Please provide a valid email address',
  phone: 'Please provide a valid 10-digit phone number',
  password: `Password must be at least ${LIMITS.passwordMin} characters long`,
  passwordTooLong: `Password cannot exceed ${LIMITS.passwordMax} characters`,
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
  loggedOut: 'Logged out successfully',
  passwordChanged: 'Password changed successfully',
} as const;

/** Shaped like an email: something@something.something, no spaces (checked again on login). */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const PHONE_PATTERN = '^[0-9]{10}$';

const name = t.String({
  minLength: LIMITS.nameMin,
  maxLength: LIMITS.nameMax,
  error: MESSAGES.name,
});
const email = t.String({
  pattern: EMAIL_PATTERN,
  maxLength: LIMITS.emailMax,
  error: MESSAGES.email,
});
const phone = t.String({ pattern: PHONE_PATTERN, error: MESSAGES.phone, examples: ['9876543210'] });
/** Shorter and longer passwords get different messages, so the two limits are two schemas. */
const newPassword = t.String({ minLength: LIMITS.passwordMin, error: MESSAGES.password });
const role = t.Union([t.Literal('homeowner'), t.Literal('broker'), t.Literal('tenant')], {
  error: MESSAGES.role,
  default: 'homeowner',
});

/** Unknown fields are dropped by Elysia's normalisation before the handler sees the body. */
export const RegisterBody = t.Object(
  { name, email, password: newPassword, phone, role: t.Optional(role) },
  { error: MESSAGES.body },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = t.Object(
  {
    email: t.String({ error: MESSAGES.loginEmailRequired }),
    password: t.String({ minLength: 1, error: MESSAGES.loginPasswordRequired }),
  },
  { error: MESSAGES.body },
);
export type LoginBody = Static<typeof LoginBody>;

/** Name and phone only: email and role changes are not self-service. */
export const ProfileBody = t.Object(
  { name: t.Optional(name), phone: t.Optional(phone) },
  { error: MESSAGES.body },
);
export type ProfileBody = Static<typeof ProfileBody>;

export const ChangePasswordBody = t.Object(
  {
    currentPassword: t.String({ minLength: 1, error: MESSAGES.currentPasswordRequired }),
    newPassword,
  },
  { error: MESSAGES.body },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The user document of the wire contract. It never contains a password or hash. */
export const UserDocument = t.Object({
  _id: t.String(),
  name: t.String(),
  email: t.String(),
  phone: t.String(),
  role: t.Union([
    t.Literal('homeowner'),
    t.Literal('broker'),
    t.Literal('tenant'),
    t.Literal('admin'),
  ]),
  createdAt: t.String({ format: 'date-time' }),
});
export type UserDocument = Static<typeof UserDocument>;

export const UserResponse = t.Object({ user: UserDocument });
export const AuthResponse = t.Object({ user: UserDocument, token: t.String() });
export const MessageResponse = t.Object({ message: t.String() });
export const PasswordChangedResponse = t.Object({ message: t.String(), token: t.String() });
