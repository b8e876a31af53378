import { EMAIL_VERIFICATION_MESSAGES } from '../accounts/emailVerification.ts';
import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import type { Actor, ListingCommand } from './commands.ts';
import { decide, messages } from './decide.ts';
import { recordedFields } from './facilityTerms.ts';
import { fieldMessages } from './fields.ts';
import { toPropertyDocument } from './document.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import type { ListingCreated, ListingEvent } from './events.ts';
import { noFacilities, type ListingFields, type ListingImage } from './listing.ts';
import { sampleFields } from './sampleListing.ts';
import { fold } from './state.ts';
import type { Tenancy } from './tenancy.ts';

const owner: Actor = { id: 'u-owner', role: 'homeowner' };
const stranger: Actor = { id: 'u-other', role: 'broker' };
const admin: Actor = { id: 'u-admin', role: 'admin' };
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';

const fields: ListingFields = {
  ...sampleFields,
  location: { ...sampleFields.location, coordinates: { latitude: 12.97, longitude: 77.64 } },
  facilities: { ...noFacilities(), wifi: true },
};

const image = (id: string): ListingImage => ({
  id,
  url: `/media/listings/l-1/${id}-1280.webp`,
  variants: [{ width: 1280, height: 960, url: `/media/listings/l-1/${id}-1280.webp` }],
  width: 4000,
  height: 3000,
  placeholder: 'data:image/webp;base64,AAAA',
  caption: '',
});

const created: ListingEvent = {
  type: 'ListingCreated',
  data: {
    listingId: 'l-1',
    at: T0,
    ...recordedFields(fields),
    ownerId: owner.id,
    owner: { name: 'Asha', role: 'homeowner' },
    images: [image('a'), image('b'), image('c')],
    isAvailable: true,
    isVerified: false,
    createdAt: T0,
  },
};
const deleted: ListingEvent = {
  type: 'ListingDeleted',
  data: { listingId: 'l-1', at: T1, city: 'Bengaluru', imageIds: ['a', 'b', 'c'] },
};
const delisted: ListingEvent = {
  type: 'ListingDelisted',
  data: { listingId: 'l-1', at: T1, city: 'Bengaluru' },
};

/** Given past events, when a command is decided, then these events (or this error). */
const given = givenFor({ decide, fold });

const revise = (
  actor: Actor,
  over: Partial<Extract<ListingCommand, { type: 'ReviseListing' }>> = {},
): ListingCommand => ({
  type: 'ReviseListing',
  actor,
  fields,
  keepImages: undefined,
  newImages: [],
  at: T1,
  ...over,
});

describe('CreateListing', () => {
  const create = (actor: Actor, images: ListingImage[] = []): ListingCommand => ({
    type: 'CreateListing',
    listingId: 'l-1',
    actor,
    owner: { name: 'Asha', role: 'homeowner' },
    emailVerified: true,
    fields,
    images,
    at: T0,
  });

  it('records the whole listing, listed and unverified, owned by the actor', () => {
    given()
      .when(create(owner, [image('a'), image('b'), image('c')]))
      .then([created]);
  });
  it('lets a broker list too', () => {
    expect(decide(create(stranger), fold([]))[0]?.type).toBe('ListingCreated');
  });
  it('refuses a tenant', () => {
    given()
      .when(create({ id: 'u-t', role: 'tenant' }))
      .thenThrows(ForbiddenError, messages.cannotCreate);
  });
  it('refuses an owner whose email address is not verified (403)', () => {
    given()
      .when({ ...create(owner), emailVerified: false } as ListingCommand)
      .thenThrows(ForbiddenError, EMAIL_VERIFICATION_MESSAGES.required);
  });
  it('refuses an id that exists', () => {
    given(created).when(create(owner)).thenThrows(IllegalStateError);
  });
  it('refuses an 11th photo', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => image(`i${i}`));
    given().when(create(owner, eleven)).thenThrows(ValidationError);
  });
});

describe('ReviseListing', () => {
  it('records nothing when nothing changed', () => {
    given(created).when(revise(owner)).then([]);
  });
  it('records changed details, rent and location as separate facts', () => {
    const next: ListingFields = {
      ...fields,
      title: 'Sunny 2BHK, metro 2 min',
      rent: 23000,
      location: { ...fields.location, city: 'Mysuru', coordinates: null },
    };
    given(created)
      .when(revise(owner, { fields: next }))
      .then([
        {
          type: 'ListingDetailsRevised',
          data: { listingId: 'l-1', at: T1, title: 'Sunny 2BHK, metro 2 min' },
        },
        {
          type: 'ListingRentChanged',
          data: {
            listingId: 'l-1',
            at: T1,
            rent: 23000,
            rentType: 'monthly',
            previousRent: 25000,
            previousRentType: 'monthly',
          },
        },
        {
          type: 'ListingLocationChanged',
          data: { listingId: 'l-1', at: T1, location: next.location, previousCity: 'Bengaluru' },
        },
      ]);
  });
  it('removes photos left out of keepImages, reorders, recaptions and appends new ones', () => {
    given(created)
      .when(
        revise(owner, {
          keepImages: [{ id: 'c', caption: 'Kitchen' }, { id: 'a' }],
          newImages: [image('d')],
        }),
      )
      .then([
        { type: 'ListingImageRemoved', data: { listingId: 'l-1', at: T1, imageId: 'b' } },
        {
          type: 'ListingImagesReordered',
          data: { listingId: 'l-1', at: T1, imageIds: ['c', 'a'] },
        },
        {
          type: 'ListingImageCaptioned',
          data: { listingId: 'l-1', at: T1, imageId: 'c', caption: 'Kitchen' },
        },
        { type: 'ListingImagesAdded', data: { listingId: 'l-1', at: T1, images: [image('d')] } },
      ]);
  });
  it('counts the photos it keeps against the limit of 10', () => {
    const eight = Array.from({ length: 8 }, (_, i) => image(`n${i}`));
    given(created)
      .when(revise(owner, { newImages: eight }))
      .thenThrows(ValidationError, messages.tooManyImages(7));
  });
  it('refuses an image id that is not on the listing', () => {
    given(created)
      .when(revise(owner, { keepImages: [{ id: 'zzz' }] }))
      .thenThrows(ValidationError);
  });
  it("refuses someone else's listing (403) and lets an admin edit", () => {
    given(created)
      .when(revise(stranger, { fields: { ...fields, rent: 1 } }))
      .thenThrows(ForbiddenError, messages.notOwner);
    expect(decide(revise(admin, { fields: { ...fields, rent: 1 } }), fold([created]))).toHaveLength(
      1,
    );
  });
  it('refuses a deleted or unknown listing with 404', () => {
    given(created, deleted).when(revise(owner)).thenThrows(NotFoundError, messages.notFound);
    given().when(revise(owner)).thenThrows(NotFoundError);
  });
});

describe('DelistListing / RelistListing', () => {
  it('refuses to list again for an owner whose email address is not verified (403)', () => {
    given(created, delisted)
      .when({ type: 'RelistListing', actor: owner, emailVerified: false, at: T1 })
      .thenThrows(ForbiddenError, EMAIL_VERIFICATION_MESSAGES.required);
  });
  it('delists a listed listing and relists a delisted one', () => {
    given(created).when({ type: 'DelistListing', actor: owner, at: T1 }).then([delisted]);
    given(created, delisted)
      .when({ type: 'RelistListing', actor: owner, emailVerified: true, at: T1 })
      .then([{ type: 'ListingRelisted', data: { listingId: 'l-1', at: T1, city: 'Bengaluru' } }]);
  });
  it('refuses to relist a listed listing or delist a delisted one (409, no event)', () => {
    given(created)
      .when({ type: 'RelistListing', actor: owner, emailVerified: true, at: T1 })
      .thenThrows(IllegalStateError, messages.alreadyListed);
    given(created, delisted)
      .when({ type: 'DelistListing', actor: owner, at: T1 })
      .thenThrows(IllegalStateError, messages.alreadyDelisted);
  });
  it("refuses someone else's listing and a deleted one", () => {
    given(created)
      .when({ type: 'DelistListing', actor: stranger, at: T1 })
      .thenThrows(ForbiddenError);
    given(created, deleted)
      .when({ type: 'DelistListing', actor: owner, at: T1 })
      .thenThrows(NotFoundError);
  });
});

describe('DeleteListing', () => {
  it('records the delete with the photos to remove', () => {
    given(created).when({ type: 'DeleteListing', actor: owner, at: T1 }).then([deleted]);
  });
  it('refuses a second delete (404) and a stranger (403)', () => {
    given(created, deleted)
      .when({ type: 'DeleteListing', actor: owner, at: T1 })
      .thenThrows(NotFoundError);
    given(created)
      .when({ type: 'DeleteListing', actor: stranger, at: T1 })
      .thenThrows(ForbiddenError);
  });
});

describe('SetVerification', () => {
  it('lets an admin verify and revoke; setting the same value is a no-op', () => {
    const verified: ListingEvent = { type: 'ListingVerified', data: { listingId: 'l-1', at: T1 } };
    given(created)
      .when({ type: 'SetVerification', actor: admin, isVerified: true, at: T1 })
      .then([verified]);
    given(created, verified)
      .when({ type: 'SetVerification', actor: admin, isVerified: true, at: T1 })
      .then([]);
    given(created, verified)
      .when({ type: 'SetVerification', actor: admin, isVerified: false, at: T1 })
      .then([{ type: 'ListingVerificationRevoked', data: { listingId: 'l-1', at: T1 } }]);
  });
  it('refuses everyone but an admin, even the owner', () => {
    given(created)
      .when({ type: 'SetVerification', actor: owner, isVerified: true, at: T1 })
      .thenThrows(ForbiddenError);
  });
});

describe('evolve and the property document', () => {
  it('builds the spec document from the folded events', () => {
    const doc = toPropertyDocument(
      fold([
        created,
        delisted,
        { type: 'ListingImageRemoved', data: { listingId: 'l-1', at: T1, imageId: 'b' } },
        {
          type: 'ListingImageCaptioned',
          data: { listingId: 'l-1', at: T1, imageId: 'a', caption: 'Hall' },
        },
        { type: 'ListingVerified', data: { listingId: 'l-1', at: T1 } },
      ]),
      7,
    );
    expect(doc).toMatchObject({
      _id: 'l-1',
      title: fields.title,
      isAvailable: false,
      isVerified: true,
      views: 7,
      owner: { name: 'Asha', role: 'homeowner' },
      createdAt: T0,
      updatedAt: T1,
      location: { city: 'Bengaluru', coordinates: { latitude: 12.97, longitude: 77.64 } },
    });
    expect(doc?.images.map((i) => [i.id, i.caption])).toEqual([
      ['a', 'Hall'],
      ['c', ''],
    ]);
  });
  it('leaves coordinates out when there are none, and has no document once deleted', () => {
    const noMap = {
      ...created,
      data: { ...created.data, location: { ...fields.location, coordinates: null } },
    } as ListingEvent;
    expect(toPropertyDocument(fold([noMap]))?.location).not.toHaveProperty('coordinates');
    expect(toPropertyDocument(fold([created, deleted]))).toBeNull();
  });
});

describe('changes are judged by value, not key order', () => {
  it('records nothing when the stored state has its keys in another order (as jsonb returns them)', () => {
    const reordered = JSON.parse(
      JSON.stringify(created, (_key, value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value as Record<string, unknown>).reverse())
          : value,
      ),
    ) as ListingEvent;
    given(reordered).when(revise(owner)).then([]);
  });
});

/** Fields that no path may record: the edge refuses them, and so does decide for the seed, an admin or an import. */
const unrecordable: [string, ListingFields, string, string][] = [
  [
    'bedrooms 1e300 (the one-edit freeze)',
    { ...fields, propertyDetails: { ...fields.propertyDetails, bedrooms: 1e300 } },
    'propertyDetails.bedrooms',
    fieldMessages.bedroomsRange,
  ],
  [
    '2.5 bathrooms',
    { ...fields, propertyDetails: { ...fields.propertyDetails, bathrooms: 2.5 } },
    'propertyDetails.bathrooms',
    fieldMessages.bathroomsRange,
  ],
  [
    'an area of a million sq ft',
    { ...fields, propertyDetails: { ...fields.propertyDetails, area: 1_000_000 } },
    'propertyDetails.area',
    fieldMessages.areaRange,
  ],
  [
    'floor 300',
    { ...fields, propertyDetails: { ...fields.propertyDetails, floor: 300, totalFloors: 0 } },
    'propertyDetails.floor',
    fieldMessages.floorRange,
  ],
  [
    'floor above total floors',
    { ...fields, propertyDetails: { ...fields.propertyDetails, floor: 9, totalFloors: 5 } },
    'propertyDetails.floor',
    fieldMessages.floorAboveTotal,
  ],
  ['rent 1e308', { ...fields, rent: 1e308 }, 'rent', fieldMessages.rentMax],
  ['rent above 2^53', { ...fields, rent: 2 ** 53 + 2 }, 'rent', fieldMessages.rentMax],
  ['rent of ₹0.50', { ...fields, rent: 0.5 }, 'rent', fieldMessages.rentWhole],
  ['rent NaN', { ...fields, rent: NaN }, 'rent', fieldMessages.rentNumber],
  ['rent Infinity', { ...fields, rent: Infinity }, 'rent', fieldMessages.rentNumber],
  [
    'an invented city',
    { ...fields, location: { ...fields.location, city: 'Wonderland' } },
    'location.city',
    fieldMessages.cityUnknown,
  ],
  [
    'a city spelled other than the list (the edge turns Bangalore into Bengaluru)',
    { ...fields, location: { ...fields.location, city: 'Bangalore' } },
    'location.city',
    fieldMessages.cityUnknown,
  ],
  [
    'a position in Siberia',
    {
      ...fields,
      location: { ...fields.location, coordinates: { latitude: 51.5, longitude: 77.6 } },
    },
    'location.coordinates.latitude',
    fieldMessages.latitudeIndia,
  ],
  [
    'a NUL byte in the title',
    { ...fields, title: 'Sunny\u0000 2BHK' },
    'title',
    fieldMessages.titleControl,
  ],
];

describe('listing invariants', () => {
  it.each(unrecordable)('CreateListing refuses %s', (_case, bad, path, msg) => {
    expect(() =>
      decide(
        {
          type: 'CreateListing',
          listingId: 'l-2',
          actor: owner,
          owner: { name: 'Asha', role: 'homeowner' },
          emailVerified: true,
          fields: bad,
          images: [],
          at: T0,
        },
        fold([]),
      ),
    ).toThrow(expect.objectContaining({ errors: [{ path, msg }] }));
  });
  it.each(unrecordable)('ReviseListing refuses %s, even from an admin', (_case, bad, path, msg) => {
    for (const actor of [owner, admin])
      expect(() => decide(revise(actor, { fields: bad }), fold([created]))).toThrow(
        expect.objectContaining({ errors: [{ path, msg }] }),
      );
  });
});

describe('verification and material changes', () => {
  const verified: ListingEvent = { type: 'ListingVerified', data: { listingId: 'l-1', at: T0 } };
  const revoked: ListingEvent = {
    type: 'ListingVerificationRevoked',
    data: { listingId: 'l-1', at: T1 },
  };
  const typesOf = (events: ListingEvent[]) => events.map((e) => e.type);

  it.each([
    ['title', revise(owner, { fields: { ...fields, title: 'Huge villa with a pool' } })],
    ['type', revise(owner, { fields: { ...fields, propertyType: 'house' } })],
    [
      'rooms',
      revise(owner, {
        fields: { ...fields, propertyDetails: { ...fields.propertyDetails, bedrooms: 4 } },
      }),
    ],
    [
      'address',
      revise(owner, {
        fields: { ...fields, location: { ...fields.location, address: 'Elsewhere 1' } },
      }),
    ],
    [
      'city',
      revise(owner, { fields: { ...fields, location: { ...fields.location, city: 'Mysuru' } } }),
    ],
    ['photo added', revise(owner, { newImages: [image('d')] })],
    ['photo removed', revise(owner, { keepImages: [{ id: 'a' }, { id: 'b' }] })],
  ])('returns a verified listing to Pending when its owner changes its %s', (_case, command) => {
    const events = decide(command, fold([created, verified]));
    expect(events.at(-1)).toEqual(revoked);
    expect(typesOf(events).filter((t) => t === 'ListingVerificationRevoked')).toHaveLength(1);
    expect(toPropertyDocument(fold([created, verified, ...events]))?.isVerified).toBe(false);
  });

  it.each([
    ['rent', revise(owner, { fields: { ...fields, rent: 24000 } })],
    [
      'description',
      revise(owner, { fields: { ...fields, description: `${fields.description} Updated.` } }),
    ],
    [
      'facilities',
      revise(owner, { fields: { ...fields, facilities: { ...fields.facilities, ac: true } } }),
    ],
    [
      'contact preferences',
      revise(owner, { fields: { ...fields, contactInfo: { showPhone: false, showEmail: true } } }),
    ],
    ['map visibility', revise(owner, { fields: { ...fields, showOnMap: false } })],
    [
      'photo order and captions',
      revise(owner, { keepImages: [{ id: 'c', caption: 'Kitchen' }, { id: 'a' }, { id: 'b' }] }),
    ],
  ])('keeps the verification when the owner changes only its %s', (_case, command) => {
    const events = decide(command, fold([created, verified]));
    expect(events.length).toBeGreaterThan(0);
    expect(typesOf(events)).not.toContain('ListingVerificationRevoked');
  });

  it('keeps it when an admin makes the change, and revokes nothing that is not verified', () => {
    const retitle = (actor: Actor) =>
      revise(actor, { fields: { ...fields, title: 'Checked title' } });
    expect(typesOf(decide(retitle(admin), fold([created, verified])))).toEqual([
      'ListingDetailsRevised',
    ]);
    expect(typesOf(decide(retitle(owner), fold([created])))).toEqual(['ListingDetailsRevised']);
  });
});

describe('photos received, then processed after the answer', () => {
  const photo = (id: string, caption = '') => ({
    id,
    name: `${id}.jpg`,
    caption,
    original: `incoming/l-1/${id}`,
  });
  const received: ListingEvent = {
    type: 'ListingPhotosReceived',
    data: { listingId: 'l-1', at: T1, photos: [photo('p1', 'Hall'), photo('p2'), photo('p3')] },
  };
  const { caption: _c, ...rendition } = image('x');
  const processed = (id: string) => ({ ...rendition, id });
  const record = (
    done: string[],
    failed: { id: string; reason: 'unreadable' | 'interrupted' }[] = [],
  ): ListingCommand => ({
    type: 'RecordProcessedPhotos',
    processed: done.map(processed),
    failed,
    at: T1,
  });

  it('an edit records the photos received, and they are not in the document until processed', () => {
    given(created)
      .when(revise(owner, { receivedPhotos: [photo('p1', 'Hall')] }))
      .then([
        {
          type: 'ListingPhotosReceived',
          data: { listingId: 'l-1', at: T1, photos: [photo('p1', 'Hall')] },
        },
      ]);
    expect(toPropertyDocument(fold([created, received]))!.images.map((i) => i.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('counts photos still waiting against the limit of 10, not failed ones', () => {
    // Three images and three photos waiting: room for four.
    const five = Array.from({ length: 5 }, (_, i) => photo(`q${i}`));
    given(created, received)
      .when(revise(owner, { receivedPhotos: five }))
      .thenThrows(ValidationError, messages.tooManyImages(4));
    const failed: ListingEvent = {
      type: 'ListingPhotosFailed',
      data: { listingId: 'l-1', at: T1, photos: [{ id: 'p1', reason: 'unreadable' }] },
    };
    expect(
      decide(revise(owner, { receivedPhotos: five }), fold([created, received, failed])),
    ).toHaveLength(1);
  });

  it('adds the processed photos in the order received with their captions, and records failures', () => {
    given(created, received)
      .when(record(['p3', 'p1'], [{ id: 'p2', reason: 'unreadable' }]))
      .then([
        {
          type: 'ListingImagesAdded',
          data: {
            listingId: 'l-1',
            at: T1,
            images: [
              { ...processed('p1'), caption: 'Hall' },
              { ...processed('p3'), caption: '' },
            ],
          },
        },
        {
          type: 'ListingPhotosFailed',
          data: { listingId: 'l-1', at: T1, photos: [{ id: 'p2', reason: 'unreadable' }] },
        },
      ]);
  });

  it('records nothing for photos no longer waiting (processed twice) or a deleted listing', () => {
    const added: ListingEvent = {
      type: 'ListingImagesAdded',
      data: { listingId: 'l-1', at: T1, images: [{ ...processed('p1'), caption: 'Hall' }] },
    };
    given(created, received, added)
      .when(record(['p1']))
      .then([]);
    given(created, received, deleted)
      .when(record(['p1', 'p2', 'p3']))
      .then([]);
  });
});

describe('facility flags and tenancy terms: the terms hold furnished, parking and pets', () => {
  const checked = givenFor({ decide, fold, assertValid: (e) => appEventRegistry.assertValid(e) });
  const flagged = (facilities: Partial<ListingFields['facilities']>, tenancy?: Tenancy) => ({
    ...fields,
    facilities: { ...fields.facilities, ...facilities },
    ...(tenancy ? { tenancy } : {}),
  });
  const createWith = (f: ListingFields): ListingCommand => ({
    type: 'CreateListing',
    listingId: 'l-1',
    actor: owner,
    owner: { name: 'Asha', role: 'homeowner' },
    emailVerified: true,
    fields: f,
    images: [image('a'), image('b'), image('c')],
    at: T0,
  });
  const createdWith = (tenancy: Tenancy | undefined): ListingEvent => {
    const { tenancy: _none, ...data } = created.data;
    return { type: 'ListingCreated', data: { ...data, ...(tenancy ? { tenancy } : {}) } };
  };

  it('records the smallest term for a flag that is on with its term not given, and never the flags', () => {
    checked()
      .when(createWith(flagged({ furnished: true, parking: true, petFriendly: true })))
      .then([
        createdWith({ furnishing: 'semi-furnished', parking: 'two-wheeler', petsAllowed: true }),
      ]);
  });
  it('lets a given term win over a flag that says otherwise', () => {
    const terms: Tenancy = { furnishing: 'unfurnished', parking: 'car', petsAllowed: false };
    checked()
      .when(createWith(flagged({ furnished: true, parking: false, petFriendly: true }, terms)))
      .then([createdWith(terms)]);
    const doc = toPropertyDocument(fold([createdWith(terms)]))!;
    expect(doc.facilities).toMatchObject({ furnished: false, parking: true, petFriendly: false });
  });
  it('leaves a term not given when its flag is off', () => {
    checked()
      .when(createWith(fields))
      .then([createdWith(undefined)]);
    const doc = toPropertyDocument(fold([createdWith(undefined)]))!;
    expect(doc.facilities).toMatchObject({ wifi: true, furnished: false, parking: false });
  });
  it('gives a term on an edit that ticks its flag, keeping the other terms', () => {
    const before = createdWith({ depositMonths: 2 });
    checked(before)
      .when(revise(owner, { fields: flagged({ petFriendly: true }, { depositMonths: 2 }) }))
      .then([
        {
          type: 'ListingDetailsRevised',
          data: { listingId: 'l-1', at: T1, tenancy: { depositMonths: 2, petsAllowed: true } },
        },
      ]);
    // An edit that sends no terms keeps the listing's, and the flag adds to them.
    const { tenancy: _kept, ...noTerms } = flagged({ petFriendly: true });
    checked(before)
      .when(revise(owner, { fields: noTerms }))
      .then([
        {
          type: 'ListingDetailsRevised',
          data: { listingId: 'l-1', at: T1, tenancy: { depositMonths: 2, petsAllowed: true } },
        },
      ]);
  });
  it('records nothing for a flag its term contradicts, and the document follows the term', () => {
    const before = createdWith({ furnishing: 'unfurnished' });
    checked(before)
      .when(revise(owner, { fields: flagged({ furnished: true }, { furnishing: 'unfurnished' }) }))
      .then([]);
    const changed: ListingEvent = {
      type: 'ListingDetailsRevised',
      data: { listingId: 'l-1', at: T1, tenancy: { furnishing: 'fully-furnished' } },
    };
    checked(before)
      .when(revise(owner, { fields: flagged({}, { furnishing: 'fully-furnished' }) }))
      .then([changed]);
    expect(toPropertyDocument(fold([before, changed]))!.facilities.furnished).toBe(true);
  });
  it('keeps the three flags the terms say when an edit changes the other flags', () => {
    const before = createdWith({ parking: 'car' });
    const gym: ListingEvent = {
      type: 'ListingDetailsRevised',
      data: { listingId: 'l-1', at: T1, facilities: { ...created.data.facilities, gym: true } },
    };
    checked(before)
      .when(revise(owner, { fields: flagged({ gym: true, parking: true }, { parking: 'car' }) }))
      .then([gym]);
    expect(toPropertyDocument(fold([before, gym]))!.facilities).toMatchObject({
      gym: true,
      parking: true,
    });
  });
  it('refuses an event that carries one of the three flags (the store checks every append)', () => {
    const { data } = createdWith(undefined) as ListingCreated;
    const carrying = {
      type: 'ListingCreated',
      data: { ...data, facilities: { ...data.facilities, furnished: true } },
    };
    expect(() => appEventRegistry.assertValid(carrying)).toThrow(/Invalid ListingCreated/);
  });
});
