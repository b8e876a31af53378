import {
  FACINGS,
  HOME_TENANTS,
  type Furnishing,
  type PG_TENANTS,
  type Tenancy,
} from '@rentals/core/listings/tenancy';
import { facilityFlags } from '@rentals/core/listings/termCatalogue';
import type { SeedCity } from './cities.ts';
import type { GeneratedListing } from './listingGenerator.ts';
import { createRandom, type Random } from './random.ts';

/**
 * The tenancy terms (issue 18) as owners in each city fill them: deposits as
 * the city's custom has them (Bengaluru and Chennai in months of rent, and
 * many; Mumbai and Pune a lump sum in rupees, Mumbai's the largest; Delhi NCR
 * one to three months), family-only and vegetarian-only buildings as common
 * as they are, maintenance on flats in societies. About one listing in eight
 * gives no terms at all and each term is sometimes left out, so the filters'
 * 'not specified' has something to leave out. Deterministic: each listing's
 * terms come from a generator seeded by the listing itself, so adding them
 * changes nothing else the seed draws.
 */

type DepositCustom = {
  /** The range of months of rent, in half months. */
  months: [number, number];
  /** How owners state it: in months of rent, or as a lump sum rounded to this many rupees. */
  statedAs: 'months' | number;
};

const DEPOSITS: Record<string, DepositCustom> = {
  Bengaluru: { months: [5, 10], statedAs: 'months' },
  Chennai: { months: [4, 8], statedAs: 'months' },
  Mumbai: { months: [4, 8], statedAs: 25_000 },
  'Navi Mumbai': { months: [3, 6], statedAs: 10_000 },
  Thane: { months: [3, 6], statedAs: 10_000 },
  Pune: { months: [2, 4], statedAs: 10_000 },
  Hyderabad: { months: [2, 3], statedAs: 'months' },
  Delhi: { months: [1, 3], statedAs: 'months' },
  Gurugram: { months: [1, 3], statedAs: 'months' },
  Noida: { months: [1, 2], statedAs: 'months' },
  Kolkata: { months: [2, 3], statedAs: 'months' },
};
const USUAL_DEPOSIT: DepositCustom = { months: [2, 3], statedAs: 'months' };
/** A PG asks for one or two months, as a round sum. */
const PG_DEPOSIT: DepositCustom = { months: [1, 2], statedAs: 1_000 };

const DAY = 86_400_000;

const seedOf = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

const halfMonths = (random: Random, [low, high]: [number, number]) =>
  random.int(low * 2, high * 2) / 2;

const depositOf = (random: Random, custom: DepositCustom, monthlyRent: number): Tenancy => {
  const months = halfMonths(random, custom.months);
  if (custom.statedAs === 'months') return { depositMonths: months };
  const rupees = Math.max(
    custom.statedAs,
    Math.round((months * monthlyRent) / custom.statedAs) * custom.statedAs,
  );
  return { depositRupees: Math.min(rupees, 10_000_000) };
};

/** The furnishing the generator wrote into the title and description, as the term. */
const furnishingOf = (generated: GeneratedListing): Furnishing => {
  if (generated.fields.facilities.furnished) return 'fully-furnished';
  return /semi-furnished/i.test(generated.fields.description) ? 'semi-furnished' : 'unfurnished';
};

/** Whom a PG is for, as its title and description name them ('for women'); students and professionals: anyone. */
const pgTenantsOf = (generated: GeneratedListing): (typeof PG_TENANTS)[number] => {
  const forWhom = /\bfor (women|men)\b/.exec(generated.fields.description)?.[1];
  return forWhom === 'women' || forWhom === 'men' ? forWhom : 'any';
};

const TENANTS_IN_WORDS: Record<string, string> = {
  any: 'Families and bachelors welcome.',
  family: 'Families only.',
  bachelors: 'Bachelors welcome.',
};

/** A deposit in months of rent as owners write it: 'one month's rent', 'two and a half months' rent'. */
const monthsOfRent = (months: number): string => {
  const words = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const whole = Math.floor(months);
  const half = months % 1 === 0.5;
  if (whole === 0) return "half a month's rent";
  if (whole === 1 && !half) return "one month's rent";
  return `${words[whole] ?? whole}${half ? ' and a half' : ''} months' rent`;
};

/**
 * The terms as the description's closing words (who may rent, the deposit,
 * pets and food), written from the terms themselves so the text never says
 * what the terms do not: a deposit of two months is 'two months' rent', a
 * lump sum is in rupees, a term left out is not mentioned.
 */
const termsInWords = (terms: Tenancy): string => {
  const words: string[] = [];
  const who = terms.preferredTenants;
  if (who && TENANTS_IN_WORDS[who]) words.push(TENANTS_IN_WORDS[who]);
  if (terms.depositMonths !== undefined)
    words.push(`Deposit of ${monthsOfRent(terms.depositMonths)}.`);
  else if (terms.depositRupees !== undefined)
    words.push(`Deposit of ₹${terms.depositRupees.toLocaleString('en-IN')}.`);
  if (terms.petsAllowed !== undefined) words.push(terms.petsAllowed ? 'Pets welcome.' : 'No pets.');
  if (terms.food === 'vegetarian') words.push('Vegetarians only.');
  return words.join(' ');
};

/**
 * The listing with its tenancy terms; `moveInFrom` is the earliest move-in
 * day the seed gives (ms), at most a few weeks ahead of the seed's present.
 */
export const withIndiaFields = (
  generated: GeneratedListing,
  city: SeedCity,
  moveInFrom = Date.UTC(2026, 10, 1),
): GeneratedListing => {
  const f = generated.fields;
  const random = createRandom(seedOf(`${f.title}|${f.location.address}|${f.location.pinCode}`));
  const { facilities } = f;
  // No terms: then not furnished, no parking, no pets either, whatever the text says (the terms hold those flags).
  if (random.chance(0.12))
    return { ...generated, fields: { ...f, facilities: { ...facilities, ...facilityFlags({}) } } };
  const pg = f.propertyType === 'PG';
  const monthlyRent = f.rentType === 'yearly' ? f.rent / 12 : f.rent;
  // A flag that is on always has its term: the terms hold it (facilityTerms.ts).
  const given = (p = 0.85, on = false) => on || random.chance(p);

  const terms: Tenancy = {};
  if (given(0.85, facilities.furnished))
    terms.furnishing = pg ? 'fully-furnished' : furnishingOf(generated);
  if (given())
    Object.assign(
      terms,
      depositOf(random, pg ? PG_DEPOSIT : (DEPOSITS[city.name] ?? USUAL_DEPOSIT), monthlyRent),
    );
  if (given(0.7))
    terms.availableFrom = new Date(moveInFrom + random.int(0, 45) * DAY).toISOString().slice(0, 10);
  if (given()) {
    // PGs are mostly for one gender; about a third of homes are let to families only.
    const roll = random.next();
    terms.preferredTenants = pg
      ? pgTenantsOf(generated)
      : HOME_TENANTS[roll < 0.33 ? 1 : roll < 0.5 ? 2 : 0];
  }
  // As the facilities (and so the description's highlights) have it.
  if (given(0.75, facilities.petFriendly)) terms.petsAllowed = facilities.petFriendly;
  if (given(0.75)) terms.food = random.chance(pg ? 0.3 : 0.2) ? 'vegetarian' : 'any';
  if (!pg && f.propertyType === 'flat' && given(0.8)) {
    terms.maintenance = Math.round((f.propertyDetails.area * random.int(2, 6)) / 100) * 100;
    terms.maintenanceIncluded = random.chance(0.25);
  } else if (pg && given(0.8)) terms.maintenanceIncluded = true;
  if (given(0.6)) terms.facing = random.pick(FACINGS);
  if (given(0.85, facilities.parking)) {
    const parking = facilities.parking;
    terms.parking = pg
      ? parking
        ? 'two-wheeler'
        : 'none'
      : parking
        ? random.pick(['car', 'car', 'two-wheeler'] as const)
        : 'none';
  }
  // Flats in a society mostly back up the lifts and common areas; PGs and houses run an inverter or none.
  if (given(0.7))
    terms.powerBackup =
      f.propertyType === 'flat'
        ? random.pick(['common-areas', 'common-areas', 'full', 'none'] as const)
        : random.pick(['full', 'none'] as const);
  const description = `${f.description} ${termsInWords(terms)}`.trim();
  // The three flags say what the terms say, as every document derives them.
  const shown = { ...facilities, ...facilityFlags(terms) };
  return { ...generated, fields: { ...f, description, facilities: shown, tenancy: terms } };
};
