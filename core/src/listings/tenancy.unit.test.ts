import { recordedFields } from './facilityTerms.ts';
import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import type { ListingCommand } from './commands.ts';
import { decide } from './decide.ts';
import { toPropertyDocument } from './document.ts';
import type { ListingEvent } from './events.ts';
import { listingFieldErrors } from './fields.ts';
import type { ListingFields } from './listing.ts';
import { SAMPLE_T0, sampleCreated, sampleFields, sampleOwner } from './sampleListing.ts';
import { fold } from './state.ts';
import { dayNumber, isCalendarDate, isoDay } from './calendarDays.ts';
import { depositInMonths, depositInRupees, tenancyMessages as m, type Tenancy } from './tenancy.ts';

const owner = sampleOwner;
const T0 = SAMPLE_T0;
const T1 = '2026-01-02T00:00:00.000Z';

const base = sampleFields;

const terms: Tenancy = {
  furnishing: 'semi-furnished',
  depositMonths: 3,
  availableFrom: '2026-02-01',
  preferredTenants: 'family',
  petsAllowed: false,
  food: 'vegetarian',
  maintenance: 2500,
  maintenanceIncluded: false,
  facing: 'north-east',
  parking: 'car',
};

const createCommand = (fields: ListingFields, at = T0): ListingCommand => ({
  type: 'CreateListing',
  listingId: 'l-1',
  actor: owner,
  owner: { name: 'Asha', role: 'homeowner' },
  emailVerified: true,
  fields,
  images: [],
  at,
});

/** The sample listing's `ListingCreated` with these fields. */
const createdWith = (fields: ListingFields): ListingEvent => {
  const { data } = sampleCreated() as Extract<ListingEvent, { type: 'ListingCreated' }>;
  return { type: 'ListingCreated', data: { ...data, ...recordedFields(fields) } };
};

const reviseCommand = (fields: ListingFields, at = T1): ListingCommand => ({
  type: 'ReviseListing',
  actor: owner,
  fields,
  keepImages: undefined,
  newImages: [],
  at,
});

/** Given past events, when a command is decided, then these events (or these field errors). */
const given = givenFor({ decide, fold });

describe('tenancy terms: CreateListing', () => {
  it('records the terms with the listing', () => {
    given()
      .when(createCommand({ ...base, tenancy: terms }))
      .then([createdWith({ ...base, tenancy: terms })]);
  });

  it('records a listing without them (every term not specified)', () => {
    given()
      .when(createCommand(base))
      .then([createdWith(base)]);
  });

  it('refuses a deposit given both in rupees and in months', () => {
    given()
      .when(createCommand({ ...base, tenancy: { depositRupees: 75000, depositMonths: 3 } }))
      .thenRefuses('tenancy.depositMonths', m.depositBoth);
  });

  it('refuses family or bachelors on a PG, and men or women on a flat', () => {
    given()
      .when(createCommand({ ...base, propertyType: 'PG', tenancy: { preferredTenants: 'family' } }))
      .thenRefuses('tenancy.preferredTenants', m.pgTenants);
    given()
      .when(createCommand({ ...base, tenancy: { preferredTenants: 'women' } }))
      .thenRefuses('tenancy.preferredTenants', m.homeTenants);
  });

  it('lets a PG take men, women or any', () => {
    for (const who of ['men', 'women', 'any'] as const) {
      const fields: ListingFields = {
        ...base,
        propertyType: 'PG',
        tenancy: { preferredTenants: who },
      };
      given()
        .when(createCommand(fields))
        .then([createdWith(fields)]);
    }
  });

  it('refuses a move-in date more than a year ahead, or not a calendar day', () => {
    given()
      .when(createCommand({ ...base, tenancy: { availableFrom: '2027-01-03' } }))
      .thenRefuses('tenancy.availableFrom', m.availableTooLate);
    given()
      .when(createCommand({ ...base, tenancy: { availableFrom: '2026-02-30' } }))
      .thenRefuses('tenancy.availableFrom', m.availableFrom);
    given()
      .when(createCommand({ ...base, tenancy: { availableFrom: '1999-12-31' } }))
      .thenRefuses('tenancy.availableFrom', m.availableFrom);
  });

  it('refuses deposits and maintenance out of bounds, with their messages', () => {
    const errors = listingFieldErrors({
      ...base,
      tenancy: {
        depositMonths: 2.25,
        maintenance: -1,
        furnishing: 'furnished',
        facing: 'up',
        parking: 'bus',
        food: 'vegan',
        petsAllowed: 'maybe',
      },
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'tenancy.depositMonths', msg: m.depositMonths },
        { path: 'tenancy.maintenance', msg: m.maintenance },
        { path: 'tenancy.furnishing', msg: m.furnishing },
        { path: 'tenancy.facing', msg: m.facing },
        { path: 'tenancy.parking', msg: m.parking },
        { path: 'tenancy.food', msg: m.food },
        { path: 'tenancy.petsAllowed', msg: m.petsAllowed },
      ]),
    );
    expect(listingFieldErrors({ ...base, tenancy: { depositRupees: 1.5 } })).toEqual([
      { path: 'tenancy.depositRupees', msg: m.depositRupees },
    ]);
  });
});

describe('tenancy terms: ReviseListing', () => {
  const old = createdWith(base);

  it('adds terms to a listing made before them', () => {
    given(old)
      .when(reviseCommand({ ...base, tenancy: terms }))
      .then([
        { type: 'ListingDetailsRevised', data: { listingId: 'l-1', at: T1, tenancy: terms } },
      ]);
  });

  it('keeps the terms when an edit leaves them out, and clears them with {}', () => {
    const withTerms = createdWith({ ...base, tenancy: terms });
    given(withTerms).when(reviseCommand(base)).then([]);
    given(withTerms)
      .when(reviseCommand({ ...base, tenancy: {} }))
      .then([{ type: 'ListingDetailsRevised', data: { listingId: 'l-1', at: T1, tenancy: {} } }]);
  });

  it('records nothing when the form sends no terms for a listing made before them', () => {
    given(old)
      .when(reviseCommand({ ...base, tenancy: {} }))
      .then([]);
  });

  it('refuses turning a family-only flat into a PG without changing whom it lets to', () => {
    given(createdWith({ ...base, tenancy: { preferredTenants: 'family' } }))
      .when(reviseCommand({ ...base, propertyType: 'PG', tenancy: { preferredTenants: 'family' } }))
      .thenRefuses('tenancy.preferredTenants', m.pgTenants);
  });

  it('never refuses an unchanged move-in date as time passes', () => {
    const withDate = createdWith({ ...base, tenancy: { availableFrom: '2026-12-31' } });
    const later = '2026-01-05T00:00:00.000Z';
    given(withDate)
      .when(
        reviseCommand({ ...base, rent: 26000, tenancy: { availableFrom: '2026-12-31' } }, later),
      )
      .then([
        {
          type: 'ListingRentChanged',
          data: {
            listingId: 'l-1',
            at: later,
            rent: 26000,
            rentType: 'monthly',
            previousRent: 25000,
            previousRentType: 'monthly',
          },
        },
      ]);
  });
});

describe('tenancy terms: the document', () => {
  it('carries the terms, and none for a listing made before them', () => {
    expect(toPropertyDocument(fold([createdWith({ ...base, tenancy: terms })]))?.tenancy).toEqual(
      terms,
    );
    expect(toPropertyDocument(fold([createdWith(base)]))).not.toHaveProperty('tenancy');
  });

  it('shows a deposit as both rupees and months of rent (yearly rents per month)', () => {
    expect(depositInRupees({ depositMonths: 3 }, 25000, 'monthly')).toBe(75000);
    expect(depositInMonths({ depositRupees: 50000 }, 25000, 'monthly')).toBe(2);
    expect(depositInMonths({ depositRupees: 60000 }, 240000, 'yearly')).toBe(3);
    expect(depositInMonths({}, 25000, 'monthly')).toBeUndefined();
  });
});

describe('calendar days without the clock', () => {
  it('numbers days as the epoch does, both ways, leap days included', () => {
    for (const day of ['1970-01-01', '2000-02-29', '2024-12-31', '2026-03-01', '2099-12-31'])
      expect(dayNumber(day)).toBe(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    expect(isoDay(dayNumber('2028-02-29') + 1)).toBe('2028-03-01');
  });
  it('refuses days that are not on the calendar', () => {
    for (const day of ['2026-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-01'])
      expect(isCalendarDate(day)).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });
});
