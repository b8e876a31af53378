import { beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import { tenancyMessages } from '@rentals/core/listings/tenancy';
import { TERM_KEYS, TERMS } from '@rentals/core/listings/termCatalogue';
import { TENANCY_FILTER_KEYS } from '@rentals/core/listings/tenancyFilters';
import { FILTER_KEYS, TERM_FILTERS, describeFilters } from './filters.ts';
import {
  emptyTenancyForm,
  tenancyFormFrom,
  tenancyFormMessages,
  tenancyPayload,
  validateTenancy,
} from './tenancyForm.ts';
import { notSpecified, tenancyRows } from './tenancyText.ts';

// The page's English, as the search and listing pages embed it.
beforeAll(() => setPageMessages(pageMessages('en', ['search', 'tenancy', 'terms'])));

const NOW = Date.parse('2026-01-01T10:00:00Z');

describe('the form and the filters', () => {
  it('offer a control for every filter the API takes', () => {
    expect(FILTER_KEYS.slice(-TENANCY_FILTER_KEYS.length)).toEqual([...TENANCY_FILTER_KEYS]);
    // The move-in date is a date field of its own; the others are choices.
    expect([...TERM_FILTERS.map(([key]) => key), 'availableBy'].sort()).toEqual(
      [...TENANCY_FILTER_KEYS].sort(),
    );
    for (const [, , options] of TERM_FILTERS) expect(options.length).toBeGreaterThan(1);
  });
  it('say what the API says of a wrong value', () => {
    expect(tenancyFormMessages.depositRupees).toBe(tenancyMessages.depositRupees);
    expect(tenancyFormMessages.pgTenants).toBe(tenancyMessages.pgTenants);
  });
});

describe('validateTenancy', () => {
  const form = (patch: Partial<ReturnType<typeof emptyTenancyForm>>) => ({
    ...emptyTenancyForm(),
    ...patch,
  });
  it('takes an empty section: every term not specified', () => {
    expect(validateTenancy(emptyTenancyForm(), 'flat', NOW)).toEqual({});
    expect(tenancyPayload(emptyTenancyForm())).toEqual({});
  });
  it('refuses deposits out of bounds in either unit', () => {
    expect(validateTenancy(form({ depositAmount: '2.5' }), 'flat', NOW)).toEqual({
      depositAmount: tenancyFormMessages.depositRupees,
    });
    expect(
      validateTenancy(form({ depositAmount: '2.25', depositUnit: 'months' }), 'flat', NOW),
    ).toEqual({ depositAmount: tenancyFormMessages.depositMonths });
    expect(
      validateTenancy(form({ depositAmount: '2.5', depositUnit: 'months' }), 'flat', NOW),
    ).toEqual({});
  });
  it('bounds the move-in date to a year ahead, and to real days', () => {
    expect(validateTenancy(form({ availableFrom: '2027-01-02' }), 'flat', NOW)).toEqual({});
    expect(validateTenancy(form({ availableFrom: '2027-01-03' }), 'flat', NOW)).toEqual({
      availableFrom: tenancyFormMessages.availableTooLate,
    });
    expect(validateTenancy(form({ availableFrom: '2026-02-30' }), 'flat', NOW)).toEqual({
      availableFrom: tenancyFormMessages.availableFrom,
    });
  });
  it('asks a PG for men, women or any, and a home for family, bachelors or any', () => {
    expect(validateTenancy(form({ preferredTenants: 'family' }), 'PG', NOW)).toEqual({
      preferredTenants: tenancyFormMessages.pgTenants,
    });
    expect(validateTenancy(form({ preferredTenants: 'women' }), 'house', NOW)).toEqual({
      preferredTenants: tenancyFormMessages.homeTenants,
    });
  });
  it('sends only the terms given, typed', () => {
    expect(
      tenancyPayload(
        form({
          furnishing: 'semi-furnished',
          depositAmount: '3',
          depositUnit: 'months',
          petsAllowed: 'no',
          maintenance: '2500',
          maintenanceIncluded: 'yes',
        }),
      ),
    ).toEqual({
      furnishing: 'semi-furnished',
      depositMonths: 3,
      petsAllowed: false,
      maintenance: 2500,
      maintenanceIncluded: true,
    });
  });
  it('reads the deposit and maintenance in rupees as people write them', () => {
    const typed = form({ depositAmount: '೫೦k', maintenance: '2.5 हज़ार' });
    expect(validateTenancy(typed, 'flat', NOW)).toEqual({});
    expect(tenancyPayload(typed)).toEqual({ depositRupees: 50000, maintenance: 2500 });
    expect(validateTenancy(form({ depositAmount: '2 crore' }), 'flat', NOW)).toEqual({
      depositAmount: tenancyFormMessages.depositRupees,
    });
    // Months of rent stay a plain number: '2k' months is no deposit anyone means.
    expect(
      validateTenancy(form({ depositAmount: '2k', depositUnit: 'months' }), 'flat', NOW),
    ).toEqual({ depositAmount: tenancyFormMessages.depositMonths });
  });
  it('reads a listing back into the form as it was sent', () => {
    const terms = { depositRupees: 50000, petsAllowed: true, facing: 'east' } as const;
    expect(tenancyPayload(tenancyFormFrom(terms))).toEqual(terms);
  });
});

describe('showing the terms', () => {
  const listing = { rent: 25000, rentType: 'monthly', propertyType: 'flat' } as const;
  it("shows 'Not specified' for every term of a listing made before them", () => {
    const rows = tenancyRows(listing);
    // One row per term, the deposit's two units and maintenance's inclusion sharing theirs.
    expect(rows).toHaveLength(TERM_KEYS.filter((k) => !('shownWith' in TERMS[k])).length);
    expect(rows.every(([, text]) => text === notSpecified())).toBe(true);
  });
  it('shows the deposit as both rupees and months of rent', () => {
    const rows = Object.fromEntries(
      tenancyRows({ ...listing, tenancy: { depositMonths: 3, furnishing: 'fully-furnished' } }),
    );
    expect(rows['Security deposit']).toBe('₹75,000 (3 months of rent)');
    expect(rows.Furnishing).toBe('Fully furnished');
    expect(
      Object.fromEntries(tenancyRows({ ...listing, tenancy: { depositRupees: 50000 } }))[
        'Security deposit'
      ],
    ).toBe('₹50,000 (2 months of rent)');
  });
  it('describes a search with term filters in words', () => {
    expect(describeFilters({ city: 'Pune', furnishing: 'semi-furnished', tenants: 'family' })).toBe(
      'Pune · Semi-furnished · Family',
    );
  });
});
