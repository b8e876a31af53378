import { describe, expect, it } from 'vitest';
import { ValidationError, type FieldError } from '@rentals/core/errors';
import { fieldMessages as m } from '@rentals/core/listings/fields';
import { readImageCaptions, readKeepImages, readListingFields } from './listingInput.ts';
import { formDataToTree } from './requestBody.ts';
import { SPEC_ERRORS_FOR_A_BAD_FORM } from '@rentals/testing/listingForm';

/** A valid create form as the site sends it (multipart, flattened): every value is text. */
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
  base?: Parameters<typeof readListingFields>[1],
): FieldError[] => {
  try {
    readListingFields(body, base);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return [];
};

const withLocation = (change: Record<string, unknown>) => ({
  ...valid,
  location: { ...valid.location, ...change },
});
const withDetails = (details: Record<string, unknown>) => ({ ...valid, propertyDetails: details });

describe('readListingFields', () => {
  it('accepts a valid form, trims text and applies the spec defaults', () => {
    const fields = readListingFields(valid);
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
      ...SPEC_ERRORS_FOR_A_BAD_FORM,
      { path: 'propertyDetails.floor', msg: 'Floor cannot be negative' },
      { path: 'propertyDetails.totalFloors', msg: 'Total floors cannot be negative' },
    ]);
  });

  it.each([
    // SPEC §5, exact
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: 'abcd' }, 'title', 'Title must be at least 5 characters long'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title cannot exceed 100 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'x'.repeat(19) }, 'description', m.descriptionShort],
    [{ description: 'x'.repeat(1001) }, 'description', 'Description cannot exceed 1000 characters'],
    [{ propertyType: 'Flat' }, 'propertyType', 'Property type must be PG, house, or flat'],
    [{ rentType: 'weekly' }, 'rentType', 'Rent type must be monthly or yearly'],
    [{ rent: 'abc' }, 'rent', 'Rent must be a valid number'],
    [{ rent: '' }, 'rent', 'Rent must be a valid number'],
    [{ rent: null }, 'rent', 'Rent must be a valid number'],
    [{ rent: 'Infinity' }, 'rent', 'Rent must be a valid number'],
    [{ rent: 'NaN' }, 'rent', 'Rent must be a valid number'],
    [{ rent: -5 }, 'rent', 'Rent must be greater than 0'],
    [{ rent: '0' }, 'rent', 'Rent must be greater than 0'],
    [withLocation({ pinCode: '' }), 'location.pinCode', 'Pin code is required'],
    [withLocation({ pinCode: '41104a' }), 'location.pinCode', m.pinFormat],
    [withLocation({ pinCode: '4110450' }), 'location.pinCode', m.pinFormat],
    [withLocation({ city: '' }), 'location.city', 'City is required'],
    [withLocation({ area: ' ' }), 'location.area', 'Area is required'],
    [withLocation({ address: '' }), 'location.address', 'Address is required'],
    [
      withLocation({ coordinates: { latitude: 'north', longitude: '73.8' } }),
      'location.coordinates.latitude',
      'Latitude must be a valid number between -90 and 90',
    ],
    [
      withLocation({ coordinates: { latitude: '18.5', longitude: '' } }),
      'location.coordinates.longitude',
      'Longitude must be a valid number between -180 and 180',
    ],
    [withDetails({ floor: 6, totalFloors: 5 }), 'propertyDetails.floor', m.floorAboveTotal],
    [withDetails({ bedrooms: '-1' }), 'propertyDetails.bedrooms', 'Bedrooms cannot be negative'],
    // Our bounds, in the spec's style
    [{ rent: '2.5' }, 'rent', 'Rent must be a whole number of rupees'],
    [{ rent: 25000.5 }, 'rent', 'Rent must be a whole number of rupees'],
    [{ rent: '10000001' }, 'rent', 'Rent cannot exceed ₹1,00,00,000'],
    [{ rent: 1e308 }, 'rent', 'Rent cannot exceed ₹1,00,00,000'],
    [{ rent: 2 ** 53 + 2 }, 'rent', 'Rent cannot exceed ₹1,00,00,000'],
    [withDetails({ bedrooms: 51 }), 'propertyDetails.bedrooms', m.bedroomsRange],
    [withDetails({ bedrooms: 2.5 }), 'propertyDetails.bedrooms', m.bedroomsRange],
    [withDetails({ bedrooms: 1e300 }), 'propertyDetails.bedrooms', m.bedroomsRange],
    [withDetails({ bathrooms: 51 }), 'propertyDetails.bathrooms', m.bathroomsRange],
    [withDetails({ area: 100_001 }), 'propertyDetails.area', m.areaRange],
    [withDetails({ area: '1100.5' }), 'propertyDetails.area', m.areaRange],
    [withDetails({ floor: 201 }), 'propertyDetails.floor', m.floorRange],
    [withDetails({ totalFloors: 201 }), 'propertyDetails.totalFloors', m.totalFloorsRange],
    [
      withLocation({ coordinates: { latitude: 51.5, longitude: 77.6 } }),
      'location.coordinates.latitude',
      'Latitude must be between 6 and 38 (inside India)',
    ],
    [
      withLocation({ coordinates: { latitude: 12.9, longitude: -0.12 } }),
      'location.coordinates.longitude',
      'Longitude must be between 68 and 98 (inside India)',
    ],
    [withLocation({ city: 'Wonderland' }), 'location.city', 'Choose a city from the list'],
    [withLocation({ city: 'New York' }), 'location.city', 'Choose a city from the list'],
    [withLocation({ city: 'x'.repeat(101) }), 'location.city', 'City cannot exceed 100 characters'],
    [withLocation({ area: 'x'.repeat(101) }), 'location.area', 'Area cannot exceed 100 characters'],
    [
      withLocation({ address: 'x'.repeat(301) }),
      'location.address',
      'Address cannot exceed 300 characters',
    ],
  ])('%o → %s: %s', (body, path, msg) => {
    expect(errorsOf({ ...valid, ...body })).toEqual([{ path, msg }]);
  });

  it('accepts every bound itself', () => {
    expect(
      errorsOf({
        ...valid,
        title: 'abcde',
        rent: '10000000',
        propertyDetails: {
          bedrooms: 50,
          bathrooms: 50,
          area: 100_000,
          floor: 200,
          totalFloors: 200,
        },
        location: { ...valid.location, coordinates: { latitude: '6', longitude: '98' } },
      }),
    ).toEqual([]);
    expect(errorsOf({ ...valid, title: 'x'.repeat(100), rent: 1 })).toEqual([]);
    expect(
      errorsOf({
        ...valid,
        location: { ...valid.location, coordinates: { latitude: 38, longitude: 68 } },
      }),
    ).toEqual([]);
  });

  describe('numbers only in plain decimal notation', () => {
    it.each([
      '1e300',
      '1e3',
      '0x10',
      '0b11',
      '0o7',
      '1_000',
      '25,000',
      'Infinity',
      '-Infinity',
      '١٢',
    ])('rent %s is not a number', (rent) => {
      expect(errorsOf({ ...valid, rent })).toEqual([{ path: 'rent', msg: m.rentNumber }]);
    });
    it.each(['1e1', '0x10', '2.5', ' 3e0 ', 'two'])(
      'bedrooms %s is not a whole number',
      (bedrooms) => {
        expect(errorsOf(withDetails({ bedrooms }))).toEqual([
          { path: 'propertyDetails.bedrooms', msg: m.bedroomsRange },
        ]);
      },
    );
    it('reads plain text numbers, with spaces, a sign or a zero fraction', () => {
      const fields = readListingFields({
        ...valid,
        rent: ' 25000.00 ',
        propertyDetails: {
          bedrooms: '+2',
          bathrooms: '02',
          area: '1100',
          floor: '',
          totalFloors: ' ',
        },
      });
      expect(fields.rent).toBe(25000);
      expect(fields.propertyDetails).toEqual({
        bedrooms: 2,
        bathrooms: 2,
        area: 1100,
        floor: 0,
        totalFloors: 0,
      });
    });
    it('reads coordinates written plainly and refuses others', () => {
      expect(
        readListingFields(
          withLocation({ coordinates: { latitude: '18.559', longitude: '73.7868' } }),
        ).location.coordinates,
      ).toEqual({ latitude: 18.559, longitude: 73.7868 });
      expect(
        errorsOf(withLocation({ coordinates: { latitude: '1.8e1', longitude: '73.8' } })),
      ).toEqual([{ path: 'location.coordinates.latitude', msg: m.latitude }]);
    });
  });

  describe('control characters', () => {
    it.each([
      [{ title: 'Sunny\u0000 2BHK flat' }, 'title', 'Title cannot contain control characters'],
      [{ title: 'Sunny 2BHK\nflat' }, 'title', 'Title cannot contain control characters'],
      [{ title: 'Sunny 2BHK\u007fflat' }, 'title', 'Title cannot contain control characters'],
      [{ title: 'Sunny 2BHK\u0085flat' }, 'title', 'Title cannot contain control characters'],
      [{ description: `${'Bright flat near metro'}\u0000` }, 'description', m.descriptionControl],
      [{ description: `Bright flat near metro\u001b[31m` }, 'description', m.descriptionControl],
      [
        withLocation({ area: 'Ba\u0000ner' }),
        'location.area',
        'Area cannot contain control characters',
      ],
      [
        withLocation({ address: 'Lane 4\u0007' }),
        'location.address',
        'Address cannot contain control characters',
      ],
      [withLocation({ city: 'Pu\u0000ne' }), 'location.city', 'Choose a city from the list'],
      [withLocation({ pinCode: '41104\u0000' }), 'location.pinCode', m.pinFormat],
    ])('%o → %s: %s', (body, path, msg) => {
      expect(errorsOf({ ...valid, ...body })).toEqual([{ path, msg }]);
    });
    it('allows line breaks and tabs in the description only', () => {
      expect(
        readListingFields({ ...valid, description: 'Bright flat\r\nnear the metro\tstation.' })
          .description,
      ).toBe('Bright flat\r\nnear the metro\tstation.');
    });
  });

  describe('cities', () => {
    it.each([
      ['Bangalore', 'Bengaluru'],
      ['bengaluru', 'Bengaluru'],
      ['Gurgaon', 'Gurugram'],
      ['GURUGRAM', 'Gurugram'],
      ['Bombay', 'Mumbai'],
      ['Hyderābād', 'Hyderabad'],
      ['  new   delhi ', 'New Delhi'],
      ['Cochin', 'Kochi'],
    ])('stores %s as %s', (typed, stored) => {
      expect(readListingFields(withLocation({ city: typed })).location.city).toBe(stored);
    });
  });

  it('reads checkbox values as forms send them and refuses others', () => {
    const fields = readListingFields({
      ...valid,
      showOnMap: 'off',
      facilities: { wifi: 'on', ac: '1', gym: 'true', pool: '', unknown: 'true' },
      contactInfo: { showPhone: 'false', showEmail: true },
    });
    expect(fields.showOnMap).toBe(false);
    expect(fields.facilities).toMatchObject({ wifi: true, ac: true, gym: true, pool: false });
    expect(fields.facilities).not.toHaveProperty('unknown');
    expect(fields.contactInfo).toEqual({ showPhone: false, showEmail: true });
    expect(
      errorsOf({ ...valid, showOnMap: 'maybe', facilities: { wifi: 'yes' }, contactInfo: 'x' }),
    ).toEqual([
      { path: 'facilities.wifi', msg: 'wifi must be true or false' },
      { path: 'contactInfo', msg: m.contactInfo },
      { path: 'showOnMap', msg: 'showOnMap must be true or false' },
    ]);
    expect(errorsOf({ ...valid, facilities: [true], propertyDetails: 7 })).toEqual([
      { path: 'facilities', msg: m.facilities },
      { path: 'propertyDetails', msg: m.propertyDetails },
    ]);
  });

  it('allows any floor when total floors is 0', () => {
    expect(errorsOf(withDetails({ floor: 12, totalFloors: 0 }))).toEqual([]);
  });

  it('on an edit keeps what is left out, key by key, and lets coordinates be cleared', () => {
    const base = readListingFields({
      ...valid,
      location: { ...valid.location, coordinates: { latitude: 18.56, longitude: 73.78 } },
      facilities: { wifi: true },
      propertyDetails: { bedrooms: 2, bathrooms: 1, area: 900, floor: 2, totalFloors: 4 },
    });
    const edited = readListingFields(
      { rent: 30000, facilities: { ac: 'true' }, propertyDetails: { bathrooms: '2' } },
      base,
    );
    expect(edited).toMatchObject({
      title: base.title,
      rent: 30000,
      facilities: { wifi: true, ac: true },
      propertyDetails: { bedrooms: 2, bathrooms: 2, area: 900, floor: 2, totalFloors: 4 },
    });
    expect(edited.location.coordinates).toEqual({ latitude: 18.56, longitude: 73.78 });
    for (const cleared of [null, '', { latitude: '', longitude: '' }])
      expect(
        readListingFields({ location: { coordinates: cleared } }, base).location.coordinates,
      ).toBeNull();
  });

  it('on an edit refuses what the create refuses, and the fields it keeps are checked too', () => {
    const base = readListingFields(valid);
    expect(errorsOf({ propertyDetails: { bedrooms: 1e300 } }, base)).toEqual([
      { path: 'propertyDetails.bedrooms', msg: m.bedroomsRange },
    ]);
    // A listing stored before cities were checked must pick a city from the list on its next edit.
    const legacy = { ...base, location: { ...base.location, city: 'Wonderland' } };
    expect(errorsOf({ title: 'A new title here' }, legacy)).toEqual([
      { path: 'location.city', msg: m.cityUnknown },
    ]);
  });
});

describe('photo edits', () => {
  it('reads keepImages as ids or {id, caption}, trimming captions', () => {
    expect(readKeepImages(['a1', { id: 'b2', caption: ' Kitchen ' }, { id: 'c3' }])).toEqual({
      keepImages: [{ id: 'a1' }, { id: 'b2', caption: 'Kitchen' }, { id: 'c3' }],
      errors: [],
    });
    expect(readKeepImages(undefined)).toEqual({ keepImages: undefined, errors: [] });
  });

  it('refuses other keepImages with a message per item', () => {
    expect(readKeepImages('a1').errors).toEqual([
      { path: 'keepImages', msg: 'keepImages must be a list of image ids' },
    ]);
    expect(readKeepImages([5, { id: 'b2', caption: 'x'.repeat(201) }, 'bad id']).errors).toEqual([
      { path: 'keepImages.0', msg: 'Each kept image is an id or {id, caption}' },
      { path: 'keepImages.1.caption', msg: 'Caption cannot exceed 200 characters' },
      { path: 'keepImages.2', msg: 'Each kept image is an id or {id, caption}' },
    ]);
    expect(readKeepImages([{ id: 'b2', caption: 'a\u0000b' }]).errors).toEqual([
      { path: 'keepImages.0.caption', msg: 'Caption cannot contain control characters' },
    ]);
  });

  it('reads imageCaptions as a list of texts', () => {
    expect(readImageCaptions([' Hall ', 'Kitchen'])).toEqual({
      captions: ['Hall', 'Kitchen'],
      errors: [],
    });
    expect(readImageCaptions('Hall').errors).toEqual([
      {
        path: 'imageCaptions',
        msg: 'imageCaptions must be a list of texts of at most 200 characters',
      },
    ]);
    expect(readImageCaptions(['ok', 'x'.repeat(201)]).errors).toEqual([
      { path: 'imageCaptions.1', msg: 'Caption cannot exceed 200 characters' },
    ]);
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
