/**
 * The terms Indian tenants choose by (issue 18): furnishing, deposit, move-in
 * date, whom the owner lets to, pets, food, maintenance, facing and parking.
 * All optional, one by one: listings made before these existed (and owners
 * who leave one out) have them absent, which every reader shows as 'not
 * specified' and every filter treats as neither yes nor no. One nested value
 * `tenancy` on the listing, so old events need no upcaster: the field is
 * simply absent from them.
 */
import { FormatRegistry, Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import type { FieldError } from '../errors.ts';
import { messages } from '../schemaErrors.ts';
import { RENT_BOUNDS } from './bounds.ts';
import { dayNumber, isCalendarDate, isoDay } from './calendarDays.ts';

export const FURNISHINGS = ['unfurnished', 'semi-furnished', 'fully-furnished'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];

/** Whom the owner lets to: families or bachelors for a home, men or women for a PG; 'any' for either. */
export const PREFERRED_TENANTS = ['any', 'family', 'bachelors', 'men', 'women'] as const;
export type PreferredTenants = (typeof PREFERRED_TENANTS)[number];
export const HOME_TENANTS = ['any', 'family', 'bachelors'] as const;
export const PG_TENANTS = ['any', 'men', 'women'] as const;

export const FOOD_RULES = ['any', 'vegetarian'] as const;

/** The direction the main door faces (vaastu), clockwise from north. */
export const FACINGS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const;
export type Facing = (typeof FACINGS)[number];

/** Ordered by what fits: a car space also takes a two-wheeler. */
export const PARKING_KINDS = ['none', 'two-wheeler', 'car'] as const;

export const TENANCY_BOUNDS = {
  /** Whole rupees, as rent. */
  depositRupees: { min: 0, max: RENT_BOUNDS.max },
  /** Months of rent in half months; deposits in India run from 1 to 10 months. */
  depositMonths: { min: 0, max: 24, step: 0.5 },
  /** Whole rupees a month. */
  maintenance: { min: 0, max: 1_000_000 },
  /** A move-in date: a calendar day from 2000 to at most a year after it is recorded. */
  availableFrom: { earliest: '2000-01-01', latest: '2099-12-31', daysAhead: 366 },
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

const list = (values: readonly string[]) =>
  values.slice(0, -1).join(', ') + (values.length > 1 ? ' or ' : '') + values.at(-1);

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

export const tenancyMessages = {
  tenancy: 'Tenancy terms must be an object',
  furnishing: `Furnishing must be ${list(FURNISHINGS)}`,
  depositRupees: `Security deposit must be a whole number of rupees from 0 to ${rupees(TENANCY_BOUNDS.depositRupees.max)}`,
  depositMonths: `Security deposit must be 0 to ${TENANCY_BOUNDS.depositMonths.max} months of rent, in half months`,
  depositBoth: 'Give the security deposit in rupees or in months of rent, not both',
  availableFrom: `Available from must be a date (YYYY-MM-DD) between ${TENANCY_BOUNDS.availableFrom.earliest} and ${TENANCY_BOUNDS.availableFrom.latest}`,
  availableTooLate: 'Available from cannot be more than a year ahead',
  preferredTenants: `Preferred tenants must be ${list(PREFERRED_TENANTS)}`,
  pgTenants: `For a PG, preferred tenants must be ${list(PG_TENANTS)}`,
  homeTenants: `For a house or flat, preferred tenants must be ${list(HOME_TENANTS)}`,
  petsAllowed: 'Pets allowed must be true or false',
  food: 'Food must be any or vegetarian',
  maintenance: `Maintenance must be a whole number of rupees a month from 0 to ${rupees(TENANCY_BOUNDS.maintenance.max)}`,
  maintenanceIncluded: 'Maintenance included must be true or false',
  facing: `Facing must be one of ${list(FACINGS)}`,
  parking: `Parking must be ${list(PARKING_KINDS)}`,
} as const;
const m = tenancyMessages;

const choice = <V extends string>(values: readonly V[], message: string): TUnion<TLiteral<V>[]> =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    messages({ type: message }),
  );

const yesNo = (message: string) => Type.Optional(Type.Boolean(messages({ type: message })));

const whole = (bounds: { min: number; max: number }, message: string) =>
  Type.Integer({
    minimum: bounds.min,
    maximum: bounds.max,
    ...messages({ type: message, integer: message, minimum: message, maximum: message }),
  });

export const TenancySchema = Type.Object(
  {
    furnishing: Type.Optional(choice(FURNISHINGS, m.furnishing)),
    /** Either in rupees or in months of rent (never both); shown as both. */
    depositRupees: Type.Optional(whole(TENANCY_BOUNDS.depositRupees, m.depositRupees)),
    depositMonths: Type.Optional(
      Type.Number({
        minimum: TENANCY_BOUNDS.depositMonths.min,
        maximum: TENANCY_BOUNDS.depositMonths.max,
        multipleOf: TENANCY_BOUNDS.depositMonths.step,
        ...messages({
          type: m.depositMonths,
          integer: m.depositMonths,
          minimum: m.depositMonths,
          maximum: m.depositMonths,
        }),
      }),
    ),
    availableFrom: Type.Optional(
      Type.String({
        format: CALENDAR_DATE,
        maxLength: 10,
        description: 'YYYY-MM-DD; at most a year after it is recorded',
        ...messages({ type: m.availableFrom, format: m.availableFrom, maxLength: m.availableFrom }),
      }),
    ),
    preferredTenants: Type.Optional(choice(PREFERRED_TENANTS, m.preferredTenants)),
    petsAllowed: yesNo(m.petsAllowed),
    food: Type.Optional(choice(FOOD_RULES, m.food)),
    /** Rupees a month on top of the rent (or in it, when `maintenanceIncluded`). */
    maintenance: Type.Optional(whole(TENANCY_BOUNDS.maintenance, m.maintenance)),
    maintenanceIncluded: yesNo(m.maintenanceIncluded),
    facing: Type.Optional(choice(FACINGS, m.facing)),
    parking: Type.Optional(choice(PARKING_KINDS, m.parking)),
  },
  {
    additionalProperties: false,
    description: 'Optional tenancy terms; each left out is "not specified"',
    ...messages({ type: m.tenancy }),
  },
);

export type Tenancy = Static<typeof TenancySchema>;

export const TENANCY_KEYS = Object.keys(TenancySchema.properties) as (keyof Tenancy)[];

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
  const who = tenancy.preferredTenants;
  if (who !== undefined && !wrong.has('tenancy.preferredTenants') && !wrong.has('propertyType')) {
    if (propertyType === 'PG' && !(PG_TENANTS as readonly string[]).includes(who))
      errors.push({ path: 'tenancy.preferredTenants', msg: m.pgTenants });
    if (propertyType !== 'PG' && !(HOME_TENANTS as readonly string[]).includes(who))
      errors.push({ path: 'tenancy.preferredTenants', msg: m.homeTenants });
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
export const PUBLIC_TENANCY_KEYS = ['availableFrom', 'preferredTenants', 'food', 'facing'] as const;
export type PublicTenancy = Pick<Tenancy, (typeof PUBLIC_TENANCY_KEYS)[number]>;

export const publicTenancy = (tenancy: Tenancy | undefined): PublicTenancy | undefined => {
  if (!tenancy) return undefined;
  const shown = Object.fromEntries(
    PUBLIC_TENANCY_KEYS.flatMap((k) => (tenancy[k] === undefined ? [] : [[k, tenancy[k]]])),
  ) as PublicTenancy;
  return Object.keys(shown).length > 0 ? shown : undefined;
};
