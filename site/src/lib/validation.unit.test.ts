import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentals/api/auth/model';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import {
  DETAIL_BOUNDS,
  INDIA_BOUNDS,
  RENT_BOUNDS,
  TEXT_BOUNDS,
} from '@rentals/core/listings/bounds';
import { fieldMessages } from '@rentals/core/listings/fields';
import {
  LIMITS,
  checkImageBatch,
  cleanPinCode,
  nameError,
  numberOrZero,
  phoneError,
  validateNewPassword,
  validateLoginField,
  validatePhone,
  validateRegister,
  type PropertyFormValues,
} from './validation.ts';
import { validateProperty } from './propertyRules.ts';

const ok = {
  name: 'Asha',
  email: 'asha@example.in',
  phone: '9876543210',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const base: PropertyFormValues = {
  title: 'Sunny 2BHK flat',
  description: 'A bright flat close to the metro station.',
  propertyType: 'flat',
  rent: 25000,
  rentType: 'monthly',
  city: 'Pune',
  area: 'Baner',
  address: '4 Hill Road',
  pinCode: '411045',
  latitude: null,
  longitude: null,
  bedrooms: 2,
  bathrooms: 2,
  areaSqft: 900,
  floor: 3,
  totalFloors: 8,
};

// The rules speak the page's language: an English page's, as the API's messages are.
beforeAll(() => setPageMessages(pageMessages('en', ['validation', 'propertyForm'])));

describe('login rules', () => {
  it.each([
    ['email', '', 'Email is required'],
    ['email', '   ', 'Email is required'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', 'a@b.in', undefined],
    ['password', '', 'Password is required'],
    ['password', 'x', undefined],
  ] as const)('%s=%j → %s', (field, value, message) => {
    expect(validateLoginField(field, value)).toBe(message);
  });
});

describe('register rules', () => {
  it.each([
    [{}, []],
    [{ name: 'A' }, ['Name must be between 2 and 50 characters']],
    [{ name: 'x'.repeat(51) }, ['Name must be between 2 and 50 characters']],
    [{ email: 'asha@' }, ['Please provide a valid email address']],
    [{ phone: '98765' }, ['Please provide a valid 10-digit phone number']],
    [{ password: 'abc', confirmPassword: 'abc' }, ['Password must be at least 6 characters long']],
    [{ confirmPassword: 'other1' }, ['Passwords do not match']],
  ])('%o', (change, expected) => {
    expect(validateRegister({ ...ok, ...change })).toEqual(expected);
  });
  it.each([
    ['', 'Phone number is required'],
    ['12', 'Please enter a valid 10-digit phone number'],
    ['9876543210', undefined],
  ])('phone %j', (phone, message) => {
    expect(validatePhone(phone)).toBe(message);
  });
});

describe('property rules', () => {
  it('accepts a valid listing', () => {
    expect(validateProperty(base)).toEqual({});
  });
  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: ' abc ' }, 'title', 'Title must be at least 5 characters long'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title cannot exceed 100 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [
      { description: 'too short' },
      'description',
      'Description must be at least 20 characters long',
    ],
    [{ description: 'x'.repeat(1001) }, 'description', 'Description cannot exceed 1000 characters'],
    [{ propertyType: 'villa' }, 'propertyType', 'Property type must be PG, house, or flat'],
    [{ rent: 0 }, 'rent', 'Rent must be greater than 0'],
    [{ rent: Number.NaN }, 'rent', 'Rent must be a valid number'],
    [{ rentType: 'weekly' }, 'rentType', 'Rent type must be monthly or yearly'],
    [{ city: ' ' }, 'city', 'City is required'],
    [{ area: '' }, 'area', 'Area is required'],
    [{ address: '' }, 'address', 'Address is required'],
    [{ pinCode: '' }, 'pinCode', 'Pin code is required'],
    [{ pinCode: '4110' }, 'pinCode', 'Please enter a valid 6-digit pin code'],
    [{ latitude: 91 }, 'latitude', 'Latitude must be a valid number between -90 and 90'],
    [{ longitude: -181 }, 'longitude', 'Longitude must be a valid number between -180 and 180'],
    [{ bedrooms: -1 }, 'bedrooms', 'Bedrooms cannot be negative'],
    [{ bathrooms: -1 }, 'bathrooms', 'Bathrooms cannot be negative'],
    [{ areaSqft: -1 }, 'areaSqft', 'Area cannot be negative'],
    [{ floor: -1 }, 'floor', 'Floor cannot be negative'],
    [{ totalFloors: -1 }, 'totalFloors', 'Total floors cannot be negative'],
    [{ floor: 9, totalFloors: 8 }, 'floor', 'Floor number cannot be greater than total floors'],
    [{ rent: 2.5 }, 'rent', 'Rent must be a whole number of rupees'],
    [{ rent: 10_000_001 }, 'rent', 'Rent cannot exceed ₹1,00,00,000'],
    [{ rent: 1e300 }, 'rent', 'Rent cannot exceed ₹1,00,00,000'],
    [{ bedrooms: 51 }, 'bedrooms', 'Bedrooms must be a whole number between 0 and 50'],
    [{ bedrooms: 1e300 }, 'bedrooms', 'Bedrooms must be a whole number between 0 and 50'],
    [{ bathrooms: 1.5 }, 'bathrooms', 'Bathrooms must be a whole number between 0 and 50'],
    [{ bathrooms: Number.NaN }, 'bathrooms', 'Bathrooms must be a whole number between 0 and 50'],
    [
      { areaSqft: 100_001 },
      'areaSqft',
      'Area must be a whole number of square feet between 0 and 100000',
    ],
    [{ floor: 201, totalFloors: 0 }, 'floor', 'Floor must be a whole number between 0 and 200'],
    [{ totalFloors: 201 }, 'totalFloors', 'Total floors must be a whole number between 0 and 200'],
    [
      { latitude: 51.5, longitude: 77 },
      'latitude',
      'Latitude must be between 6 and 38 (inside India)',
    ],
    [
      { latitude: 12, longitude: -0.1 },
      'longitude',
      'Longitude must be between 68 and 98 (inside India)',
    ],
    [{ title: 'Sunny\u0000 flat' }, 'title', 'Title cannot contain control characters'],
    [
      { description: 'A bright flat close to the metro\u0000' },
      'description',
      'Description cannot contain control characters other than line breaks and tabs',
    ],
    [{ city: 'Pu\u0000ne' }, 'city', 'City cannot contain control characters'],
    [{ area: 'x'.repeat(101) }, 'area', 'Area cannot exceed 100 characters'],
    [{ address: '4 Hill\u0007 Road' }, 'address', 'Address cannot contain control characters'],
  ] as const)('%o → %s', (change, field, message) => {
    expect(validateProperty({ ...base, ...change })[field]).toBe(message);
  });
  it('allows any floor when total floors is 0, and line breaks in the description', () => {
    expect(validateProperty({ ...base, floor: 5, totalFloors: 0 })).toEqual({});
    expect(
      validateProperty({ ...base, description: 'A bright flat\r\nclose to the metro\tstation.' }),
    ).toEqual({});
  });
});

describe('agreement with the API', () => {
  it('has the API’s bounds', () => {
    expect(LIMITS.rent).toEqual(RENT_BOUNDS);
    expect(LIMITS.india).toEqual(INDIA_BOUNDS);
    expect(LIMITS.bedrooms).toEqual(DETAIL_BOUNDS.bedrooms);
    expect(LIMITS.bathrooms).toEqual(DETAIL_BOUNDS.bathrooms);
    expect(LIMITS.areaSqft).toEqual(DETAIL_BOUNDS.area);
    expect(LIMITS.floor).toEqual(DETAIL_BOUNDS.floor);
    expect(LIMITS.totalFloors).toEqual(DETAIL_BOUNDS.totalFloors);
    expect(LIMITS.title).toEqual(TEXT_BOUNDS.title);
    expect(LIMITS.description).toEqual(TEXT_BOUNDS.description);
  });

  it('says what the API says for the same value', () => {
    const bad = validateProperty({
      ...base,
      title: 'Sunny\u0000 flat',
      rent: 2.5,
      bedrooms: 51,
      bathrooms: 51,
      areaSqft: 1e6,
      floor: 201,
      totalFloors: 201,
      latitude: 51,
      longitude: 0,
    });
    expect(bad).toEqual({
      title: fieldMessages.titleControl,
      rent: fieldMessages.rentWhole,
      bedrooms: fieldMessages.bedroomsRange,
      bathrooms: fieldMessages.bathroomsRange,
      areaSqft: fieldMessages.areaRange,
      floor: fieldMessages.floorRange,
      totalFloors: fieldMessages.totalFloorsRange,
      latitude: fieldMessages.latitudeIndia,
      longitude: fieldMessages.longitudeIndia,
    });
    expect(validateProperty({ ...base, rent: 1e8 }).rent).toBe(fieldMessages.rentMax);
    expect(validateProperty({ ...base, description: 'x'.repeat(30) + '\u0000' }).description).toBe(
      fieldMessages.descriptionControl,
    );
    expect(validateProperty({ ...base, address: 'x'.repeat(301) }).address).toBe(
      fieldMessages.addressLong,
    );
    expect(TEXT_BOUNDS.city.max).toBe(100);
    expect(validateRegister({ ...ok, password: '      ', confirmPassword: '      ' })).toEqual([
      MESSAGES.passwordBlank,
    ]);
    expect(validateRegister({ ...ok, name: 'As\u0000ha' })).toEqual([MESSAGES.nameControl]);
    expect(validateLoginField('password', 'a\u0000b')).toBe(MESSAGES.passwordControl);
  });
});

describe('input cleaners', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['12', 12],
    ['1.5', 1.5],
    [' -3 ', -3],
    ['abc', Number.NaN],
    ['1e3', Number.NaN],
    ['0x10', Number.NaN],
  ])('numberOrZero(%j) = %d', (raw, value) => {
    expect(numberOrZero(raw)).toBe(value);
  });
  it.each([
    ['411 045', '411045'],
    ['4110456789', '411045'],
    ['ab12', '12'],
    ['೫೬೦೦೩೪', '560034'],
    ['४११ ०४५', '411045'],
  ])('cleanPinCode(%j) = %s', (raw, value) => {
    expect(cleanPinCode(raw)).toBe(value);
  });
});

describe('photo batches', () => {
  const jpg = (name: string, size = 1000) => ({ name, type: 'image/jpeg', size });
  it.each([
    [[jpg('a.jpg')], 0, []],
    [[jpg('a.jpg'), jpg('b.jpg')], 9, ['Maximum 10 images allowed. You can add 1 more images.']],
    [
      [{ name: 'doc.pdf', type: 'application/pdf', size: 10 }],
      0,
      ['doc.pdf - Invalid file type. Only JPEG, PNG, and WebP are allowed.'],
    ],
    [[jpg('big.jpg', 5 * 1024 * 1024 + 1)], 0, ['big.jpg - File too large. Maximum size is 5MB.']],
    [
      [
        { name: 'p.png', type: 'image/png', size: 5 * 1024 * 1024 },
        { name: 'w.webp', type: 'image/webp', size: 1 },
      ],
      0,
      [],
    ],
  ])('%#', (files, chosen, expected) => {
    expect(checkImageBatch(files, chosen)).toEqual(expected);
  });
});

describe('a new password and its confirmation (reset, change)', () => {
  it.each([
    ['short', 'short', { newPassword: MESSAGES.password }],
    ['x'.repeat(129), 'x'.repeat(129), { newPassword: MESSAGES.passwordTooLong }],
    ['      ', '      ', { newPassword: MESSAGES.passwordBlank }],
    ['pass\u0007word', 'pass\u0007word', { newPassword: MESSAGES.passwordControl }],
    ['secret-one', 'secret-two', { confirmPassword: 'Passwords do not match' }],
    ['secret-one', 'secret-one', {}],
  ])('%j / %j → %j, as the API says it', (password, confirm, expected) => {
    expect(validateNewPassword(password, confirm)).toEqual(expected);
  });
});

describe('profile fields', () => {
  it("uses the API's messages for name and phone", () => {
    expect(nameError(' A ')).toBe(MESSAGES.name);
    expect(nameError('As\u0000ha')).toBe(MESSAGES.nameControl);
    expect(nameError('  Asha Rao ')).toBeUndefined();
    expect(phoneError('98765')).toBe(MESSAGES.phone);
    expect(phoneError('9876543210')).toBeUndefined();
  });
});
