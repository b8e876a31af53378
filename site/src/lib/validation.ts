/** Client-side rules and their exact messages (SPEC §5, §9). */
export const LIMITS = {
  name: { min: 2, max: 50 },
  password: { min: 6, max: 128 },
  phoneDigits: 10,
  title: { min: 5, max: 100 },
  description: { min: 20, max: 1000 },
  pinCodeDigits: 6,
  images: { max: 10, maxBytes: 5 * 1024 * 1024 },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10}$/;

/////////////////////////////////////////
////////// Login (on blur and submit)
/////////////////////////////////////////
export type LoginField = 'email' | 'password';

export const validateLoginField = (field: LoginField, value: string): string | undefined => {
  if (field === 'email') {
    if (!value.trim()) return 'Email is required';
    if (!EMAIL.test(value.trim())) return 'Please enter a valid email address';
    return undefined;
  }
  return value ? undefined : 'Password is required';
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

export const validateRegister = (v: RegisterValues): string[] => {
  const errors: string[] = [];
  const name = v.name.trim();
  if (name.length < LIMITS.name.min || name.length > LIMITS.name.max)
    errors.push(`Name must be between ${LIMITS.name.min} and ${LIMITS.name.max} characters`);
  if (!EMAIL.test(v.email.trim())) errors.push('Please provide a valid email address');
  if (!PHONE.test(v.phone)) errors.push('Please provide a valid 10-digit phone number');
  if (v.password.length < LIMITS.password.min)
    errors.push(`Password must be at least ${LIMITS.password.min} characters long`);
  if (v.password !== v.confirmPassword) errors.push('Passwords do not match');
  return errors;
};

/** The generic rule set for a phone field on its own. */
export const validatePhone = (phone: string): string | undefined => {
  if (!phone.trim()) return 'Phone number is required';
  return PHONE.test(phone.trim()) ? undefined : 'Please enter a valid 10-digit phone number';
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

export type PropertyFormField = keyof PropertyFormValues;
export type FieldErrors = Partial<Record<PropertyFormField, string>>;

export const validateProperty = (v: PropertyFormValues): FieldErrors => {
  const e: FieldErrors = {};
  const title = v.title.trim();
  if (!title) e.title = 'Title is required';
  else if (title.length < LIMITS.title.min) e.title = 'Title must be at least 5 characters long';
  else if (title.length > LIMITS.title.max) e.title = 'Title cannot exceed 100 characters';

  const description = v.description.trim();
  if (!description) e.description = 'Description is required';
  else if (description.length < LIMITS.description.min)
    e.description = 'Description must be at least 20 characters long';
  else if (description.length > LIMITS.description.max)
    e.description = 'Description cannot exceed 1000 characters';

  if (!['PG', 'house', 'flat'].includes(v.propertyType))
    e.propertyType = 'Property type must be PG, house, or flat';
  if (!Number.isFinite(v.rent)) e.rent = 'Rent must be a valid number';
  else if (v.rent <= 0) e.rent = 'Rent must be greater than 0';
  if (!['monthly', 'yearly'].includes(v.rentType))
    e.rentType = 'Rent type must be monthly or yearly';

  if (!v.city.trim()) e.city = 'City is required';
  if (!v.area.trim()) e.area = 'Area is required';
  if (!v.address.trim()) e.address = 'Address is required';
  if (!v.pinCode.trim()) e.pinCode = 'Pin code is required';
  else if (!/^\d{6}$/.test(v.pinCode.trim())) e.pinCode = 'Please enter a valid 6-digit pin code';

  if (v.latitude !== null && !(Number.isFinite(v.latitude) && Math.abs(v.latitude) <= 90))
    e.latitude = 'Latitude must be a valid number between -90 and 90';
  if (v.longitude !== null && !(Number.isFinite(v.longitude) && Math.abs(v.longitude) <= 180))
    e.longitude = 'Longitude must be a valid number between -180 and 180';

  if (v.bedrooms < 0) e.bedrooms = 'Bedrooms cannot be negative';
  if (v.bathrooms < 0) e.bathrooms = 'Bathrooms cannot be negative';
  if (v.areaSqft < 0) e.areaSqft = 'Area cannot be negative';
  if (v.floor < 0) e.floor = 'Floor cannot be negative';
  if (v.totalFloors < 0) e.totalFloors = 'Total floors cannot be negative';
  if (!e.floor && v.totalFloors > 0 && v.floor > v.totalFloors)
    e.floor = 'Floor number cannot be greater than total floors';
  return e;
};

/** Number inputs parse to 0 when blank (or not a number). */
export const numberOrZero = (raw: string): number => {
  if (raw.trim() === '') return 0;
  const value = Number(raw);
  return Number.isFinite(value) ? value : 0;
};

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
