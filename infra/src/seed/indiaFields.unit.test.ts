import { describe, expect, it } from 'vitest';
import { listingFieldErrors } from '@rentals/core/listings/fields';
import {
  availableFromErrors,
  depositInMonths,
  depositInRupees,
} from '@rentals/core/listings/tenancy';
import { facilityFlags } from '@rentals/core/listings/termCatalogue';
import { withIndiaFields } from './indiaFields.ts';
import { generateListing, placePicker } from './listingGenerator.ts';
import { loadSeedLocalities } from './localities.ts';
import { createRandom } from './random.ts';

const cities = loadSeedLocalities();
const random = createRandom(11);
const pick = placePicker(cities);
const listings = Array.from({ length: 4000 }, () => {
  const { city, locality } = pick(random);
  return withIndiaFields(generateListing(random, city, locality, []), city).fields;
});
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const inCity = (name: string) =>
  listings.filter((l) => l.location.city === name && l.propertyType !== 'PG' && l.tenancy);

describe('the seed’s tenancy terms', () => {
  it('pass the API’s rules, the move-in date included (recorded at the seed’s earliest)', () => {
    for (const fields of listings) {
      expect(listingFieldErrors(fields)).toEqual([]);
      expect(availableFromErrors(fields.tenancy, '2026-05-19T00:00:00.000Z')).toEqual([]);
    }
  });

  it('give furnished, parking and pet-friendly only as their terms say them (the terms hold them)', () => {
    for (const { facilities, tenancy } of listings) {
      const { furnished, parking, petFriendly } = facilities;
      expect({ furnished, parking, petFriendly }).toEqual(facilityFlags(tenancy));
    }
    expect(listings.filter((l) => l.facilities.furnished).length).toBeGreaterThan(1000);
  });

  it('leave some listings without terms and some terms out, so filters have "not specified"', () => {
    const without = listings.filter((l) => !l.tenancy).length / listings.length;
    expect(without).toBeGreaterThan(0.05);
    expect(without).toBeLessThan(0.2);
    expect(listings.filter((l) => l.tenancy && !l.tenancy.facing).length).toBeGreaterThan(100);
  });

  it('follow each city’s custom: Bengaluru in months and many, Mumbai a lump sum, the largest', () => {
    const bengaluru = inCity('Bengaluru');
    expect(bengaluru.every((l) => l.tenancy?.depositRupees === undefined)).toBe(true);
    const months = (name: string) =>
      median(
        inCity(name).flatMap((l) => {
          const m = depositInMonths(l.tenancy, l.rent, l.rentType);
          return m === undefined ? [] : [m];
        }),
      );
    const rupees = (name: string) =>
      median(
        inCity(name).flatMap((l) => {
          const r = depositInRupees(l.tenancy, l.rent, l.rentType);
          return r === undefined ? [] : [r];
        }),
      );
    expect(inCity('Mumbai').some((l) => l.tenancy?.depositRupees !== undefined)).toBe(true);
    expect(months('Bengaluru')).toBeGreaterThanOrEqual(5);
    expect(months('Delhi')).toBeLessThanOrEqual(3);
    for (const other of ['Bengaluru', 'Delhi', 'Pune', 'Hyderabad'])
      expect(rupees('Mumbai'), other).toBeGreaterThan(rupees(other));
  });

  it('let PGs to men, women or anyone, and about a third of homes to families only', () => {
    const homes = listings.filter((l) => l.propertyType !== 'PG' && l.tenancy?.preferredTenants);
    const families = homes.filter((l) => l.tenancy?.preferredTenants === 'family').length;
    expect(families / homes.length).toBeGreaterThan(0.25);
    expect(families / homes.length).toBeLessThan(0.42);
    const pgs = listings.filter((l) => l.propertyType === 'PG' && l.tenancy?.preferredTenants);
    expect(new Set(pgs.map((l) => l.tenancy?.preferredTenants))).toEqual(
      new Set(['men', 'women', 'any']),
    );
  });
});

const NUMBER_WORDS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];
/** The deposit a description states, read back from its words: months of rent or rupees. */
const statedDeposit = (description: string): { months?: number; rupees?: number } | null => {
  const rupees = /Deposit of ₹([\d,]+)\./.exec(description);
  if (rupees) return { rupees: Number(rupees[1]!.replaceAll(',', '')) };
  if (/Deposit of half a month's rent\./.test(description)) return { months: 0.5 };
  const months = /Deposit of (\w+)( and a half)? months?'s? rent\./.exec(description);
  if (months) return { months: NUMBER_WORDS.indexOf(months[1]!) + (months[2] ? 0.5 : 0) };
  return null;
};

describe('the seed’s descriptions', () => {
  it('state the deposit the terms hold, and none when the terms have none', () => {
    let stated = 0;
    for (const { description, tenancy } of listings) {
      const deposit = statedDeposit(description);
      // Any mention of a deposit or of months is the one deposit sentence.
      expect(description.match(/deposit/gi)?.length ?? 0, description).toBe(deposit ? 1 : 0);
      expect(description.match(/\bmonths?\b/g)?.length ?? 0, description).toBe(
        deposit?.months ? 1 : 0,
      );
      if (tenancy?.depositMonths !== undefined)
        expect(deposit, description).toEqual({ months: tenancy.depositMonths });
      else if (tenancy?.depositRupees !== undefined)
        expect(deposit, description).toEqual({ rupees: tenancy.depositRupees });
      else expect(deposit, description).toBeNull();
      if (deposit) stated++;
    }
    expect(stated).toBeGreaterThan(listings.length / 2);
  });

  it('say who may rent, pets and food only as the terms have them', () => {
    for (const { description, tenancy, propertyType } of listings) {
      const who = tenancy?.preferredTenants;
      expect(description.includes('Families only.'), description).toBe(who === 'family');
      expect(/welcome/.test(description.replace('Pets welcome.', '')), description).toBe(
        who === 'any' || who === 'bachelors',
      );
      if (propertyType === 'PG' && who) {
        expect(/\bfor women\b/.test(description), description).toBe(who === 'women');
        expect(/\bfor men\b/.test(description), description).toBe(who === 'men');
      }
      const petsSaid = /pets allowed|Pets welcome/.test(description);
      if (petsSaid) expect(tenancy?.petsAllowed, description).not.toBe(false);
      expect(description.includes('No pets.'), description).toBe(tenancy?.petsAllowed === false);
      expect(description.includes('Vegetarians only.'), description).toBe(
        tenancy?.food === 'vegetarian',
      );
    }
  });
});
