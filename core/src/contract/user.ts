import { Type } from '@sinclair/typebox';
import { oneOf } from './oneOf.ts';
import { USER_ROLES } from '../listings/listing.ts';

/** The user document of the wire contract. It never contains a password or hash. */
export const UserSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  role: oneOf(USER_ROLES),
  createdAt: Type.String({ format: 'date-time' }),
});
