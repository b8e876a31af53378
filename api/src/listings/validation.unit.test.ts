import { describe, expect, it } from 'vitest';
import { ValidationError, type FieldError } from '../shared/errors.ts';
import { formDataToTree } from './requestBody.ts';
import { fieldMessages as m, validateListingFields } from './validation.ts';

const valid = {
  title: '  Sunny 2BHK near metro  ',
  description: 'Bright flat with balcony, close to the metro station.',
  propertyType: 'flat',
  rent: '25000',
  rentType: 'monthly',
  location: { city: 'Pune', area: 'Baner', pinCode: '411045', address: 'Lane 4, Baner Road' },
};

const errorsOf = (
  body: Record<string, unknown>,
  base?: Parameters<typeof validateListingFields>[1],
): FieldError[] => {
  try {
    validateListingFields(body, base);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return [];
};

describe('validateListingFields', () => {
  it('accepts a valid form, trims text and applies the spec defaults', () => {
    const fields = validateListingFields(valid);
    expect(fields.title).toBe('Sunny 2BHK near metro');
    expect(fields.rent).toBe(25000);
    expect(fields.location.coordinates).toBeNull();
    expect(Object.values(fields.facilities)).toHaveLength(12);
    expect(Object.values(fields.facilities).every((v) => v === false)).toBe(true);
    expect(fields.contactInfo).toEqual({ showPhone: true, showEmail: false });
    expect(fields.showOnMap).toBe(true);
    expect(fields.propertyDetails).toEqual({
      bedrooms: 0,
      bathrooms: 0,
      area: 0,
      floor: 0,
      totalFloors: 0,
    });
  });

  it('reports every problem of one request together, with the spec messages and field paths', () => {
    const errors = errorsOf({
      title: '   ',
      description: 'short',
      propertyType: 'villa',
      rent: '0',
      rentType: 'weekly',
      location: {
        city: ' ',
        area: '',
        address: '',
        pinCode: '41104',
        coordinates: { latitude: '91', longitude: '-181' },
      },
      propertyDetails: { bedrooms: -1, bathrooms: -1, area: -5, floor: -1, totalFloors: -2 },
    });
    expect(errors).toEqual([
      { path: 'title', msg: m.titleRequired },
      { path: 'description', msg: m.descriptionShort },
      { path: 'propertyType', msg: 'Property type must be PG, house, or flat' },
      { path: 'rent', msg: 'Rent must be greater than 0' },
      { path: 'rentType', msg: 'Rent type must be monthly or yearly' },
      { path: 'location.city', msg: 'City is required' },
      { path: 'location.area', msg: 'Area is required' },
      { path: 'location.address', msg: 'Address is required' },
      { path: 'location.pinCode', msg: 'Please enter a valid 6-digit pin code' },
      {
        path: 'location.coordinates.latitude',
        msg: 'Latitude must be a valid number between -90 and 90',
      },
      {
        path: 'location.coordinates.longitude',
        msg: 'Longitude must be a valid number between -180 and 180',
      },
      { path: 'propertyDetails.bedrooms', msg: 'Bedrooms cannot be negative' },
      { path: 'propertyDetails.bathrooms', msg: 'Bathrooms cannot be negative' },
      { path: 'propertyDetails.area', msg: 'Area cannot be negative' },
      { path: 'propertyDetails.floor', msg: 'Floor cannot be negative' },
      { path: 'propertyDetails.totalFloors', msg: 'Total floors cannot be negative' },
    ]);
  });

  it.each([
    [{ title: 'abcd' }, 'title', 'Title must be at least 5 characters long'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title cannot exceed 100 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'x'.repeat(1001) }, 'description', 'Description cannot exceed 1000 characters'],
    [{ rent: 'abc' }, 'rent', 'Rent must be a valid number'],
    [{ rent: 'Infinity' }, 'rent', 'Rent must be a valid number'],
    [{ rent: -5 }, 'rent', 'Rent must be greater than 0'],
    [{ location: { ...valid.location, pinCode: '' } }, 'location.pinCode', 'Pin code is required'],
    [
      { location: { ...valid.location, pinCode: '41104a' } },
      'location.pinCode',
      'Please enter a valid 6-digit pin code',
    ],
    [
      { location: { ...valid.location, coordinates: { latitude: 'north', longitude: '73.8' } } },
      'location.coordinates.latitude',
      'Latitude must be a valid number between -90 and 90',
    ],
    [
      { propertyDetails: { floor: 6, totalFloors: 5 } },
      'propertyDetails.floor',
      'Floor number cannot be greater than total floors',
    ],
  ])('%o → %s: %s', (override, path, msg) => {
    expect(errorsOf({ ...valid, ...override })).toEqual([{ path, msg }]);
  });

  it('allows any floor when total floors is 0, and accepts title of exactly 5 and 100 characters', () => {
    expect(errorsOf({ ...valid, propertyDetails: { floor: 12, totalFloors: 0 } })).toEqual([]);
    expect(errorsOf({ ...valid, title: 'abcde' })).toEqual([]);
    expect(errorsOf({ ...valid, title: 'x'.repeat(100) })).toEqual([]);
  });

  it('on an edit keeps what is left out and lets coordinates be cleared', () => {
    const base = validateListingFields({
      ...valid,
      location: { ...valid.location, coordinates: { latitude: 18.56, longitude: 73.78 } },
      facilities: { wifi: true },
    });
    const edited = validateListingFields({ rent: 30000, facilities: { ac: 'true' } }, base);
    expect(edited).toMatchObject({
      title: base.title,
      rent: 30000,
      facilities: { wifi: true, ac: true },
    });
    expect(edited.location.coordinates).toEqual({ latitude: 18.56, longitude: 73.78 });
    expect(
      validateListingFields({ location: { coordinates: null } }, base).location.coordinates,
    ).toBeNull();
  });
});

describe('formDataToTree', () => {
  it('nests bracketed keys and collects files under images', () => {
    const form = new FormData();
    form.append('title', 'Flat');
    form.append('location[city]', 'Pune');
    form.append('location[coordinates][latitude]', '18.5');
    form.append('images', new File([new Uint8Array([1])], 'a.jpg'));
    form.append('images', new File([new Uint8Array([2])], 'b.jpg'));
    const { tree, files } = formDataToTree(form);
    expect(tree).toEqual({
      title: 'Flat',
      location: { city: 'Pune', coordinates: { latitude: '18.5' } },
    });
    expect(files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
  });
  it('ignores prototype-polluting keys', () => {
    const form = new FormData();
    form.append('__proto__[polluted]', 'yes');
    formDataToTree(form);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
