/**
 * The terms Indian tenants choose by (issue 18), as the listing stores them:
 * the schemas derived from their declarations (termCatalogue.ts), the rules
 * across terms, and the deposit in both units. All optional, one by one:
 * listings made before these existed (and owners who leave one out) have them
 * absent, which every reader shows as 'not specified' and every filter treats
 * as neither yes nor no. One nested value `tenancy` on the listing, so old
 * events need no upcaster: the field is simply absent from them.
 */
import {
  FormatRegistry,
  Type,
  type Static,
  type TBoolean,
  type TLiteral,
  type TNumber,
  type TOptional,
  type TSchema,
  type TString,
  type TUnion,
} from '@sinclair/typebox';
import type { FieldError } from '../errors.ts';
import { messages } from '../schemaErrors.ts';
import { dayNumber, isCalendarDate, isoDay } from './calendarDays.ts';
import { TERM_KEYS, TERMS, valuesFor, valuesOf, type Term, type TermKey } from './termCatalogue.ts';
import { propertyTypeMessage, termMessage, tooLateMessage } from './termMessages.ts';

export const FURNISHINGS = valuesOf('furnishing');
export type Furnishing = (typeof FURNISHINGS)[number];

/** Whom the owner lets to: families or bachelors for a home, men or women for a PG; 'any' for either. */
export const HOME_TENANTS = valuesFor('preferredTenants', 'house');
export const PG_TENANTS = valuesFor('preferredTenants', 'PG');
export const FACINGS = valuesOf('facing');
export const PARKING_KINDS = valuesOf('parking');

const { depositRupees, depositMonths, maintenance, availableFrom } = TERMS;
export const TENANCY_BOUNDS = {
  /** Whole rupees, as rent. */
  depositRupees: { min: depositRupees.min, max: depositRupees.max },
  /** Months of rent in half months; deposits in India run from 1 to 10 months. */
  depositMonths: { min: depositMonths.min, max: depositMonths.max, step: depositMonths.step },
  /** Whole rupees a month. */
  maintenance: { min: maintenance.min, max: maintenance.max },
  /** A move-in date: a calendar day from 2000 to at most a year after it is recorded. */
  availableFrom: {
    earliest: availableFrom.earliest,
    latest: availableFrom.latest,
    daysAhead: availableFrom.daysAhead,
  },
} as const;

/** YYYY-MM-DD, a real calendar day in the bounds above. */
export const CALENDAR_DATE = 'calendar-date';
FormatRegistry.Set(
  CALENDAR_DATE,
  (value) =>
    isCalendarDate(value) &&
    value >= TENANCY_BOUNDS.availableFrom.earliest &&
    value <= TENANCY_BOUNDS.availableFrom.latest,
);

export const tenancyMessages = {
  tenancy: 'Tenancy terms must be an object',
  ...(Object.fromEntries(TERM_KEYS.map((k) => [k, termMessage(k)])) as Record<TermKey, string>),
  depositBoth: 'Give the security deposit in rupees or in months of rent, not both',
  availableTooLate: tooLateMessage('availableFrom'),
  pgTenants: propertyTypeMessage('preferredTenants', 'PG'),
  homeTenants: propertyTypeMessage('preferredTenants', 'house'),
};
const m = tenancyMessages;

type Terms = typeof TERMS;
/** A choice term's schema typed as a tuple of literals (Elysia's response types need tuples). */
type Literals<O> = {
  -readonly [I in keyof O]: O[I] extends readonly [infer V extends string, string]
    ? TLiteral<V>
    : never;
};
type ChoiceSchema<O> = TUnion<Extract<Literals<O>, TSchema[]>>;
type TermSchema<T> = T extends { kind: 'choice'; options: infer O }
  ? ChoiceSchema<O>
  : T extends { kind: 'yesNo' }
    ? TBoolean
    : T extends { kind: 'number' }
      ? TNumber
      : TString;
type TenancyProperties = { [K in TermKey]: TOptional<TermSchema<Terms[K]>> };

/** One term's schema: with its bounds and messages for input, or bare for the response contract. */
const termSchema = (key: TermKey, checked: boolean): TSchema => {
  const term: Term = TERMS[key];
  const message = termMessage(key);
  const says = (...keywords: string[]) =>
    checked ? messages(Object.fromEntries(keywords.map((k) => [k, message]))) : {};
  switch (term.kind) {
    case 'choice':
      return Type.Union(
        term.options.map(([v]) => Type.Literal(v)),
        says('type'),
      );
    case 'yesNo':
      return Type.Boolean(says('type'));
    case 'number': {
      const bounds = checked
        ? { minimum: term.min, maximum: term.max, ...(term.step ? { multipleOf: term.step } : {}) }
        : {};
      const rules = says('type', 'integer', 'minimum', 'maximum');
      return term.step
        ? Type.Number({ ...bounds, ...rules })
        : Type.Integer({ ...bounds, ...rules });
    }
    case 'date':
      return Type.String({
        description: 'YYYY-MM-DD; at most a year after it is recorded',
        ...(checked ? { format: CALENDAR_DATE, maxLength: 10 } : {}),
        ...says('type', 'format', 'maxLength'),
      });
  }
};

const properties = (checked: boolean) =>
  Object.fromEntries(
    TERM_KEYS.map((k) => [k, Type.Optional(termSchema(k, checked))]),
  ) as unknown as TenancyProperties;

export const TenancySchema = Type.Object(properties(true), {
  additionalProperties: false,
  description: 'Optional tenancy terms; each left out is "not specified"',
  ...messages({ type: m.tenancy }),
});

/** The terms as the API returns them (core/src/contract/property.ts): no bounds, no messages. */
export const TenancyContractSchema = Type.Object(properties(false), {
  description: 'Left out on listings whose owner gave no terms',
});

export type Tenancy = Static<typeof TenancySchema>;

export const TENANCY_KEYS = TERM_KEYS;

/** The rules across a listing's fields that the tenancy terms add (on values the schema accepted). */
export const tenancyCrossFieldErrors = (
  tenancy: Tenancy | undefined,
  propertyType: unknown,
  wrong: Set<string>,
): FieldError[] => {
  if (!tenancy || typeof tenancy !== 'object') return [];
  const errors: FieldError[] = [];
  if (
    tenancy.depositRupees !== undefined &&
    tenancy.depositMonths !== undefined &&
    !wrong.has('tenancy.depositRupees') &&
    !wrong.has('tenancy.depositMonths')
  )
    errors.push({ path: 'tenancy.depositMonths', msg: m.depositBoth });
  // A term whose values depend on the kind of property (whom a PG or a home lets to).
  for (const key of TERM_KEYS) {
    const value = tenancy[key];
    const term: Term = TERMS[key];
    if (term.kind !== 'choice' || !term.byPropertyType || value === undefined) continue;
    if (wrong.has(`tenancy.${key}`) || wrong.has('propertyType')) continue;
    const kind = propertyType === 'PG' ? 'PG' : 'house';
    if (!(valuesFor(key, kind) as readonly unknown[]).includes(value))
      errors.push({ path: `tenancy.${key}`, msg: propertyTypeMessage(key, kind) });
  }
  return errors;
};

/** The last move-in date an owner may give on a day (`at`, an ISO time): a year ahead. */
export const latestAvailableFrom = (at: string): string =>
  isoDay(dayNumber(at) + TENANCY_BOUNDS.availableFrom.daysAhead);

/** A move-in date set at `at` must lie within a year; checked when it is set, so time passing never invalidates it. */
export const availableFromErrors = (tenancy: Tenancy | undefined, at: string): FieldError[] =>
  tenancy?.availableFrom !== undefined && tenancy.availableFrom > latestAvailableFrom(at)
    ? [{ path: 'tenancy.availableFrom', msg: m.availableTooLate }]
    : [];

/** A monthly amount for a rent of either kind (yearly rents are spread over twelve months). */
export const monthlyRent = (rent: number, rentType: string) =>
  rentType === 'yearly' ? rent / 12 : rent;

/**
 * The deposit in months of rent, however the owner gave it: what the deposit
 * filter compares. Not rounded: the Postgres fallback divides the same two
 * doubles the same way, so both engines agree even at a filter's boundary.
 */
export const depositInMonths = (
  tenancy: Tenancy | undefined,
  rent: number,
  rentType: string,
): number | undefined => {
  if (tenancy?.depositMonths !== undefined) return tenancy.depositMonths;
  if (tenancy?.depositRupees === undefined) return undefined;
  return tenancy.depositRupees / monthlyRent(rent, rentType);
};

/** The deposit in rupees, however the owner gave it (months × monthly rent, rounded to the rupee). */
export const depositInRupees = (
  tenancy: Tenancy | undefined,
  rent: number,
  rentType: string,
): number | undefined => {
  if (tenancy?.depositRupees !== undefined) return tenancy.depositRupees;
  if (tenancy?.depositMonths === undefined) return undefined;
  return Math.round(tenancy.depositMonths * monthlyRent(rent, rentType));
};

/**
 * The terms a visitor may see: not furnishing, pets or parking (facilities,
 * which SPEC §1 keeps from visitors) nor the deposit and maintenance (money,
 * as rent is). Undefined when none of them is given.
 */
type PublicKey = { [K in TermKey]: Terms[K]['visitors'] extends true ? K : never }[TermKey];
export const PUBLIC_TENANCY_KEYS = TERM_KEYS.filter((k) => TERMS[k].visitors) as PublicKey[];
export type PublicTenancy = Pick<Tenancy, PublicKey>;

export const publicTenancy = (tenancy: Tenancy | undefined): PublicTenancy | undefined => {
  if (!tenancy) return undefined;
  const shown = Object.fromEntries(
    PUBLIC_TENANCY_KEYS.flatMap((k) => (tenancy[k] === undefined ? [] : [[k, tenancy[k]]])),
  ) as PublicTenancy;
  return Object.keys(shown).length > 0 ? shown : undefined;
};
