/**
 * Client-side rules and their exact messages (SPEC §5, §9), and the API's
 * bounds on top (core/src/listings/bounds.ts, api/src/auth/model.ts):
 * a copy, so the site ships no API code; validation.unit.test.ts checks that
 * it agrees with the API's. The sign-in and profile messages are the page's
 * language (the `validation` namespace: a page using them lists it); the
 * property form's stay English this round, as its field labels do.
 */
import { text } from './i18n.ts';
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
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
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

const DETAILS = [
  ['bedrooms', 'Bedrooms'],
  ['bathrooms', 'Bathrooms'],
  ['areaSqft', 'Area'],
  ['floor', 'Floor'],
  ['totalFloors', 'Total floors'],
] as const;

const detailRange = (field: (typeof DETAILS)[number][0], label: string) => {
  const { min, max } = LIMITS[field];
  return field === 'areaSqft'
    ? `Area must be a whole number of square feet between ${min} and ${max}`
    : `${label} must be a whole number between ${min} and ${max}`;
};

/** The property form's rules, with the API's messages, so the form catches what the API would refuse. */
export const validateProperty = (v: PropertyFormValues): FieldErrors => {
  const e: FieldErrors = {};
  const title = v.title.trim();
  if (!title) e.title = 'Title is required';
  else if (title.length < LIMITS.title.min) e.title = 'Title must be at least 5 characters long';
  else if (title.length > LIMITS.title.max) e.title = 'Title cannot exceed 100 characters';
  else if (CONTROL.test(title)) e.title = 'Title cannot contain control characters';

  const description = v.description.trim();
  if (!description) e.description = 'Description is required';
  else if (description.length < LIMITS.description.min)
    e.description = 'Description must be at least 20 characters long';
  else if (description.length > LIMITS.description.max)
    e.description = 'Description cannot exceed 1000 characters';
  else if (CONTROL_BUT_LINE_BREAKS.test(description))
    e.description = 'Description cannot contain control characters other than line breaks and tabs';

  if (!['PG', 'house', 'flat'].includes(v.propertyType))
    e.propertyType = 'Property type must be PG, house, or flat';
  if (!Number.isFinite(v.rent)) e.rent = 'Rent must be a valid number';
  else if (v.rent < LIMITS.rent.min) e.rent = 'Rent must be greater than 0';
  else if (!Number.isInteger(v.rent)) e.rent = 'Rent must be a whole number of rupees';
  else if (v.rent > LIMITS.rent.max) e.rent = 'Rent cannot exceed ₹1,00,00,000';
  if (!['monthly', 'yearly'].includes(v.rentType))
    e.rentType = 'Rent type must be monthly or yearly';

  const place = (field: 'city' | 'area' | 'address', label: string, max: number) => {
    const value = v[field].trim();
    if (!value) e[field] = `${label} is required`;
    else if (value.length > max) e[field] = `${label} cannot exceed ${max} characters`;
    else if (CONTROL.test(value)) e[field] = `${label} cannot contain control characters`;
  };
  place('city', 'City', 100);
  place('area', 'Area', 100);
  place('address', 'Address', 300);
  if (!v.pinCode.trim()) e.pinCode = 'Pin code is required';
  else if (!/^\d{6}$/.test(v.pinCode.trim())) e.pinCode = 'Please enter a valid 6-digit pin code';

  const { india } = LIMITS;
  if (v.latitude !== null) {
    if (!(Number.isFinite(v.latitude) && Math.abs(v.latitude) <= 90))
      e.latitude = 'Latitude must be a valid number between -90 and 90';
    else if (v.latitude < india.south || v.latitude > india.north)
      e.latitude = `Latitude must be between ${india.south} and ${india.north} (inside India)`;
  }
  if (v.longitude !== null) {
    if (!(Number.isFinite(v.longitude) && Math.abs(v.longitude) <= 180))
      e.longitude = 'Longitude must be a valid number between -180 and 180';
    else if (v.longitude < india.west || v.longitude > india.east)
      e.longitude = `Longitude must be between ${india.west} and ${india.east} (inside India)`;
  }

  for (const [field, label] of DETAILS) {
    const value = v[field];
    if (value < 0) e[field] = `${label} cannot be negative`;
    else if (!Number.isInteger(value) || value > LIMITS[field].max)
      e[field] = detailRange(field, label);
  }
  if (!e.floor && !e.totalFloors && v.totalFloors > 0 && v.floor > v.totalFloors)
    e.floor = 'Floor number cannot be greater than total floors';
  return e;
};

/** A number typed plainly ('12', '-3', '1.5'); anything else ('1e3', '0x10', 'abc') is NaN, which the rules refuse. */
export const plainNumber = (raw: string): number =>
  PLAIN_DECIMAL.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;

/** Number inputs parse to 0 when blank (SPEC §2). */
export const numberOrZero = (raw: string): number => (raw.trim() === '' ? 0 : plainNumber(raw));

/** Pin code: digits only, at most 6. */
export const cleanPinCode = (raw: string): string =>
  raw.replace(/\D/g, '').slice(0, LIMITS.pinCodeDigits);

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
    return [`Maximum 10 images allowed. You can add ${Math.max(0, left)} more images.`];
  const errors: string[] = [];
  for (const file of files) {
    if (!IMAGE_TYPES.has(file.type.toLowerCase()))
      errors.push(`${file.name} - Invalid file type. Only JPEG, PNG, and WebP are allowed.`);
    else if (file.size > LIMITS.images.maxBytes)
      errors.push(`${file.name} - File too large. Maximum size is 5MB.`);
  }
  return errors;
};
