import { describe, expect, it } from 'vitest';
import {
  checkImageBatch,
  cleanPinCode,
  numberOrZero,
  validateLoginField,
  validatePhone,
  validateProperty,
  validateRegister,
  type PropertyFormValues,
} from './validation.ts';

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
  const ok = {
    name: 'Asha',
    email: 'asha@example.in',
    phone: '9876543210',
    password: 'secret1',
    confirmPassword: 'secret1',
  };
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
  ] as const)('%o → %s', (change, field, message) => {
    expect(validateProperty({ ...base, ...change })[field]).toBe(message);
  });
  it('allows any floor when total floors is 0', () => {
    expect(validateProperty({ ...base, floor: 5, totalFloors: 0 })).toEqual({});
  });
});

describe('input cleaners', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['12', 12],
    ['1.5', 1.5],
    ['abc', 0],
  ])('numberOrZero(%j) = %d', (raw, value) => {
    expect(numberOrZero(raw)).toBe(value);
  });
  it.each([
    ['411 045', '411045'],
    ['4110456789', '411045'],
    ['ab12', '12'],
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
