import { Type } from '@sinclair/typebox';
import { oneOf } from './oneOf.ts';
import { USER_ROLES } from '../listings/listing.ts';
import { LOCALES } from '../i18n/locales.ts';

/** The user document of the wire contract. It never contains a password or hash. */
export const UserSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  role: oneOf(USER_ROLES),
  createdAt: Type.String({ format: 'date-time' }),
  /** Whether the account's current email address was confirmed by its link (issue 41). */
  emailVerified: Type.Boolean(),
  /** The language of the account's emails (issue 42). */
  language: oneOf(LOCALES),
  /** Which pushes the account gets (issue 43, docs/PUSH.md): each channel, and quiet hours (22:00–07:00 IST). */
  push: Type.Object({
    messages: Type.Boolean(),
    alerts: Type.Boolean(),
    ownerNotices: Type.Boolean(),
    quietHours: Type.Boolean(),
  }),
});

export const UserResponse = Type.Object({ user: UserSchema });
export const AuthResponse = Type.Object({ user: UserSchema, token: Type.String() });
export const PasswordChangedResponse = Type.Object({
  message: Type.String(),
  token: Type.String(),
});
/** A sentence for the user and nothing else (the password flows, a deleted listing). */
export const MessageResponse = Type.Object({ message: Type.String() });
