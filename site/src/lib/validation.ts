/**
 * Client-side rules and their exact messages (SPEC §5, §9), and the API's
 * bounds on top (core/src/listings/bounds.ts, api/src/auth/model.ts):
 * a copy, so the site ships no API code; validation.unit.test.ts checks that
 * it agrees with the API's. The messages are the page's language: the
 * sign-in and profile ones in the `validation` namespace, the property
 * form's and the photos' in `propertyForm` (a page using them lists it).
 */
import { toLatinDigits } from '@rentals/core/i18n/parseRupees';
import { fill, text } from './i18n.ts';
import type { TenancyFormField } from './tenancyForm.ts';

export const LIMITS = {
  name: { min: 2, max: 50 },
  password: { min: 6, max: 128 },
  phoneDigits: 10,
  title: { min: 5, max: 100 },
  description: { min: 20, max: 1000 },
  pinCodeDigits: 6,
  images: { max: 10, maxBytes: 5 * 1024 * 1024 },
  rent: { min: 1, max: 10_000_000 },
  bedrooms: { min: 0, max: 50 },
  bathrooms: { min: 0, max: 50 },
  areaSqft: { min: 0, max: 100_000 },
  floor: { min: 0, max: 200 },
  totalFloors: { min: 0, max: 200 },
  india: { south: 6, north: 38, west: 68, east: 98 },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10}$/;
// Matching control characters is the point here: the API refuses them in every text field.
/* eslint-disable no-control-regex */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
export const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
/** A number as people write one: no exponent, hex or words (as the API reads form text). */
const PLAIN_DECIMAL = /^[-+]?\d{1,16}(?:\.\d{1,16})?$/;

/////////////////////////////////////////
////////// Login (on blur and submit)
/////////////////////////////////////////
export type LoginField = 'email' | 'password';

export const validateLoginField = (field: LoginField, value: string): string | undefined => {
  if (field === 'email') {
    if (!value.trim()) return text('validation.emailRequired');
    if (!EMAIL.test(value.trim()) || CONTROL.test(value)) return text('validation.emailInvalid');
    return undefined;
  }
  if (!value) return text('validation.passwordRequired');
  return CONTROL.test(value) ? text('validation.passwordControl') : undefined;
};

/////////////////////////////////////////
////////// Register (on submit, listed in an alert)
/////////////////////////////////////////
export type RegisterValues = {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
};

/** SPEC's name rule (trimmed), with the API's control-character message (the catalogue's numbers are LIMITS.name). */
export const nameError = (value: string): string | undefined => {
  const name = value.trim();
  if (name.length < LIMITS.name.min || name.length > LIMITS.name.max)
    return text('validation.nameLength');
  return CONTROL.test(name) ? text('validation.nameControl') : undefined;
};

/** The registration form's phone rule and message (SPEC §5). */
export const phoneError = (phone: string): string | undefined =>
  PHONE.test(phone) ? undefined : text('validation.phoneInvalidProvide');

/** A password being set (registration, reset, change): SPEC's length, then the API's rules (the catalogue's numbers are LIMITS.password). */
export const passwordError = (password: string): string | undefined => {
  if (password.length < LIMITS.password.min) return text('validation.passwordTooShort');
  if (password.length > LIMITS.password.max) return text('validation.passwordTooLong');
  if (CONTROL.test(password)) return text('validation.passwordControl');
  return password.trim() === '' ? text('validation.passwordSpaces') : undefined;
};

export const validateRegister = (v: RegisterValues): string[] => {
  const errors: string[] = [];
  const name = nameError(v.name);
  if (name) errors.push(name);
  if (!EMAIL.test(v.email.trim()) || CONTROL.test(v.email))
    errors.push(text('validation.emailInvalidProvide'));
  const phone = phoneError(v.phone);
  if (phone) errors.push(phone);
  const password = passwordError(v.password);
  if (password) errors.push(password);
  if (v.password !== v.confirmPassword) errors.push(text('validation.passwordsDiffer'));
  return errors;
};

/** A new password and its confirmation, field by field (reset and change password). */
export const validateNewPassword = (
  password: string,
  confirmPassword: string,
): { newPassword?: string; confirmPassword?: string } => {
  const newPassword = passwordError(password);
  if (newPassword) return { newPassword };
  return password === confirmPassword
    ? {}
    : { confirmPassword: text('validation.passwordsDiffer') };
};

/** The generic rule set for a phone field on its own. */
export const validatePhone = (phone: string): string | undefined => {
  if (!phone.trim()) return text('validation.phoneRequired');
  return PHONE.test(phone.trim()) ? undefined : text('validation.phoneInvalid');
};

/////////////////////////////////////////
////////// Property form
/////////////////////////////////////////
export type PropertyFormValues = {
  title: string;
  description: string;
  propertyType: string;
  rent: number;
  rentType: string;
  city: string;
  area: string;
  address: string;
  pinCode: string;
  latitude: number | null;
  longitude: number | null;
  bedrooms: number;
  bathrooms: number;
  areaSqft: number;
  floor: number;
  totalFloors: number;
};

/** The form's fields: the values above, and the tenancy terms (tenancyForm.ts). */
export type PropertyFormField = keyof PropertyFormValues | TenancyFormField;
export type FieldErrors = Partial<Record<PropertyFormField, string>>;

/** A number typed plainly ('12', '-3', '1.5'); anything else ('1e3', '0x10', 'abc') is NaN, which the rules refuse. */
export const plainNumber = (raw: string): number =>
  PLAIN_DECIMAL.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;

/** Number inputs parse to 0 when blank (SPEC §2). */
export const numberOrZero = (raw: string): number => (raw.trim() === '' ? 0 : plainNumber(raw));

/** Pin code: digits only, at most 6; Devanagari and Kannada digits as typed on those keyboards become 0-9. */
export const cleanPinCode = (raw: string): string =>
  toLatinDigits(raw).replace(/\D/g, '').slice(0, LIMITS.pinCodeDigits);

/** Phone: digits only, at most 10. */
export const cleanPhone = (raw: string): string =>
  raw.replace(/\D/g, '').slice(0, LIMITS.phoneDigits);

/////////////////////////////////////////
////////// Photos
/////////////////////////////////////////
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp']);

export type FileLike = { name: string; type: string; size: number };

/**
 * Checks a picked batch against the slots left. Any invalid file or going past
 * the total rejects the whole batch (SPEC §5).
 */
export const checkImageBatch = (files: FileLike[], alreadyChosen: number): string[] => {
  const left = LIMITS.images.max - alreadyChosen;
  if (files.length > left)
    return [fill('propertyForm.photos.tooMany', { left: Math.max(0, left) })];
  const errors: string[] = [];
  for (const file of files) {
    if (!IMAGE_TYPES.has(file.type.toLowerCase()))
      errors.push(fill('propertyForm.photos.badType', { name: file.name }));
    else if (file.size > LIMITS.images.maxBytes)
      errors.push(fill('propertyForm.photos.tooLarge', { name: file.name }));
  }
  return errors;
};
