import { describe, expect, it } from 'vitest';
import type { Tenancy } from './tenancy.ts';
import {
  matchesTenancy,
  tenancyFiltersOf,
  tenancyRules,
  tenancyTerms,
  type TenancyFilters,
} from './tenancyFilters.ts';

const matches = (
  tenancy: Tenancy | undefined,
  filters: TenancyFilters,
  rent = 20000,
  rentType = 'monthly',
) => matchesTenancy(tenancyTerms(tenancy, rent, rentType), tenancyRules(filters));

describe('the tenancy filters as rules', () => {
  it('a listing that does not give a term passes neither its yes nor its no', () => {
    expect(matches(undefined, { petsAllowed: true })).toBe(false);
    expect(matches(undefined, { petsAllowed: false })).toBe(false);
    expect(matches({ furnishing: 'unfurnished' }, { maxDepositMonths: 24 })).toBe(false);
    expect(matches({ furnishing: 'unfurnished' }, { availableBy: '2099-12-31' })).toBe(false);
    expect(matches(undefined, {})).toBe(true);
  });

  it('power backup: a full backup also covers lifts and common areas; none covers neither', () => {
    expect(matches({ powerBackup: 'full' }, { powerBackup: 'common-areas' })).toBe(true);
    expect(matches({ powerBackup: 'common-areas' }, { powerBackup: 'full' })).toBe(false);
    expect(matches({ powerBackup: 'none' }, { powerBackup: 'common-areas' })).toBe(false);
    expect(matches({ parking: 'car' }, { powerBackup: 'common-areas' })).toBe(false);
  });

  it('tenants: the owner’s any welcomes everyone; parking: a car space takes a two-wheeler', () => {
    expect(matches({ preferredTenants: 'any' }, { tenants: 'women' })).toBe(true);
    expect(matches({ preferredTenants: 'family' }, { tenants: 'bachelors' })).toBe(false);
    expect(matches({ parking: 'car' }, { parking: 'two-wheeler' })).toBe(true);
    expect(matches({ parking: 'two-wheeler' }, { parking: 'car' })).toBe(false);
    expect(matches({ parking: 'none' }, { parking: 'two-wheeler' })).toBe(false);
  });

  it('deposit: in months however given, at most the filter; move-in on or before the day', () => {
    expect(matches({ depositRupees: 40000 }, { maxDepositMonths: 2 })).toBe(true);
    expect(matches({ depositRupees: 40001 }, { maxDepositMonths: 2 })).toBe(false);
    // A yearly rent is twelve months of rent.
    expect(matches({ depositRupees: 40000 }, { maxDepositMonths: 2 }, 240000, 'yearly')).toBe(true);
    expect(matches({ depositMonths: 3 }, { maxDepositMonths: 2.5 })).toBe(false);
    expect(matches({ availableFrom: '2026-12-15' }, { availableBy: '2026-12-15' })).toBe(true);
    expect(matches({ availableFrom: '2026-12-16' }, { availableBy: '2026-12-15' })).toBe(false);
  });

  it('facing: any of the chosen directions; every rule must pass', () => {
    expect(matches({ facing: 'east' }, { facing: ['north', 'east'] })).toBe(true);
    expect(matches({ facing: 'west' }, { facing: ['north', 'east'] })).toBe(false);
    const home: Tenancy = { furnishing: 'fully-furnished', petsAllowed: true, food: 'any' };
    expect(matches(home, { furnishing: 'fully-furnished', petsAllowed: true })).toBe(true);
    expect(matches(home, { furnishing: 'fully-furnished', food: 'vegetarian' })).toBe(false);
    expect(matches({ maintenanceIncluded: false }, { maintenanceIncluded: false })).toBe(true);
  });

  it('picks the term filters out of a search’s flat filters', () => {
    expect(tenancyFiltersOf({ furnishing: 'unfurnished', ...{ city: 'pune' } })).toEqual({
      furnishing: 'unfurnished',
    });
    expect(tenancyFiltersOf({})).toBeUndefined();
  });
});
