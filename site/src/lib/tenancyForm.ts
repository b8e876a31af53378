/**
 * The property form's tenancy terms (issue 18): each optional, '' meaning
 * 'not specified'. The bounds and messages are the API's
 * (core/src/listings/tenancy.ts), copied so the site ships no API code;
 * tenancyForm.unit.test.ts checks that they agree.
 */
import type { Property } from './types.ts';

type Tenancy = NonNullable<Property['tenancy']>;

export const TENANCY_LIMITS = {
  depositRupees: { min: 0, max: 10_000_000 },
  depositMonths: { min: 0, max: 24, step: 0.5 },
  maintenance: { min: 0, max: 1_000_000 },
  availableFrom: { earliest: '2000-01-01', latest: '2099-12-31', daysAhead: 366 },
} as const;

export const FURNISHING_OPTIONS = [
  ['unfurnished', 'Unfurnished'],
  ['semi-furnished', 'Semi-furnished'],
  ['fully-furnished', 'Fully furnished'],
] as const;
export const HOME_TENANT_OPTIONS = [
  ['any', 'Anyone'],
  ['family', 'Family'],
  ['bachelors', 'Bachelors'],
] as const;
export const PG_TENANT_OPTIONS = [
  ['any', 'Anyone'],
  ['men', 'Men'],
  ['women', 'Women'],
] as const;
export const FOOD_OPTIONS = [
  ['any', 'Any food'],
  ['vegetarian', 'Vegetarian only'],
] as const;
export const FACING_OPTIONS = [
  ['north', 'North'],
  ['north-east', 'North-east'],
  ['east', 'East'],
  ['south-east', 'South-east'],
  ['south', 'South'],
  ['south-west', 'South-west'],
  ['west', 'West'],
  ['north-west', 'North-west'],
] as const;
export const PARKING_OPTIONS = [
  ['none', 'No parking'],
  ['two-wheeler', 'Two-wheeler'],
  ['car', 'Car'],
] as const;
export const YES_NO_OPTIONS = [
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

type Options = readonly (readonly [string, string])[];
const labelIn = (options: Options, value: string | undefined) =>
  options.find(([v]) => v === value)?.[1];

export const NOT_SPECIFIED = 'Not specified';

export const TENANCY_FORM_FIELDS = [
  'furnishing',
  'depositAmount',
  'depositUnit',
  'availableFrom',
  'preferredTenants',
  'petsAllowed',
  'food',
  'maintenance',
  'maintenanceIncluded',
  'facing',
  'parking',
] as const;
export type TenancyFormField = (typeof TENANCY_FORM_FIELDS)[number];
/** As typed; '' is 'not specified'. `depositUnit` is 'rupees' or 'months'; yes/no terms are 'yes', 'no' or ''. */
export type TenancyFormState = Record<TenancyFormField, string>;

export const emptyTenancyForm = (): TenancyFormState => ({
  furnishing: '',
  depositAmount: '',
  depositUnit: 'rupees',
  availableFrom: '',
  preferredTenants: '',
  petsAllowed: '',
  food: '',
  maintenance: '',
  maintenanceIncluded: '',
  facing: '',
  parking: '',
});

const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? 'yes' : 'no');

export const tenancyFormFrom = (t: Tenancy | undefined): TenancyFormState => ({
  furnishing: t?.furnishing ?? '',
  depositAmount:
    t?.depositMonths !== undefined
      ? String(t.depositMonths)
      : t?.depositRupees !== undefined
        ? String(t.depositRupees)
        : '',
  depositUnit: t?.depositMonths !== undefined ? 'months' : 'rupees',
  availableFrom: t?.availableFrom ?? '',
  preferredTenants: t?.preferredTenants ?? '',
  petsAllowed: yesNo(t?.petsAllowed),
  food: t?.food ?? '',
  maintenance: t?.maintenance !== undefined ? String(t.maintenance) : '',
  maintenanceIncluded: yesNo(t?.maintenanceIncluded),
  facing: t?.facing ?? '',
  parking: t?.parking ?? '',
});

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const L = TENANCY_LIMITS;

/** The API's messages (core tenancyMessages), the ones the form can meet. */
export const tenancyFormMessages = {
  depositRupees: `Security deposit must be a whole number of rupees from 0 to ${rupees(L.depositRupees.max)}`,
  depositMonths: `Security deposit must be 0 to ${L.depositMonths.max} months of rent, in half months`,
  availableFrom: `Available from must be a date (YYYY-MM-DD) between ${L.availableFrom.earliest} and ${L.availableFrom.latest}`,
  availableTooLate: 'Available from cannot be more than a year ahead',
  pgTenants: 'For a PG, preferred tenants must be any, men or women',
  homeTenants: 'For a house or flat, preferred tenants must be any, family or bachelors',
  maintenance: `Maintenance must be a whole number of rupees a month from 0 to ${rupees(L.maintenance.max)}`,
} as const;
const m = tenancyFormMessages;

const PLAIN = /^\d{1,16}(?:\.\d{1,16})?$/;
const number = (raw: string) => (PLAIN.test(raw.trim()) ? Number(raw.trim()) : Number.NaN);

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

/** The last move-in day the API takes today (`now` in ms). */
export const latestMoveIn = (now: number) =>
  new Date(now + L.availableFrom.daysAhead * 86_400_000).toISOString().slice(0, 10);

/** The terms' rules, with the API's messages; `now` bounds the move-in date as the API will. */
export const validateTenancy = (
  s: TenancyFormState,
  propertyType: string,
  now: number,
): Partial<Record<TenancyFormField, string>> => {
  const e: Partial<Record<TenancyFormField, string>> = {};
  if (s.depositAmount.trim() !== '') {
    const n = number(s.depositAmount);
    if (s.depositUnit === 'months') {
      if (!(n >= L.depositMonths.min && n <= L.depositMonths.max && Number.isInteger(n * 2)))
        e.depositAmount = m.depositMonths;
    } else if (!(Number.isInteger(n) && n >= L.depositRupees.min && n <= L.depositRupees.max))
      e.depositAmount = m.depositRupees;
  }
  const day = s.availableFrom.trim();
  if (day !== '') {
    if (!isCalendarDate(day) || day < L.availableFrom.earliest || day > L.availableFrom.latest)
      e.availableFrom = m.availableFrom;
    else if (day > latestMoveIn(now)) e.availableFrom = m.availableTooLate;
  }
  if (s.preferredTenants !== '') {
    const pg = propertyType === 'PG';
    const allowed: Options = pg ? PG_TENANT_OPTIONS : HOME_TENANT_OPTIONS;
    if (!labelIn(allowed, s.preferredTenants))
      e.preferredTenants = pg ? m.pgTenants : m.homeTenants;
  }
  if (s.maintenance.trim() !== '') {
    const n = number(s.maintenance);
    if (!(Number.isInteger(n) && n >= L.maintenance.min && n <= L.maintenance.max))
      e.maintenance = m.maintenance;
  }
  return e;
};

/** The `tenancy` part of the body: only what was given (the API takes the whole set as the listing's terms). */
export const tenancyPayload = (s: TenancyFormState): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const text = (key: TenancyFormField) => s[key].trim();
  for (const key of [
    'furnishing',
    'availableFrom',
    'preferredTenants',
    'food',
    'facing',
    'parking',
  ])
    if (text(key as TenancyFormField)) out[key] = text(key as TenancyFormField);
  for (const key of ['petsAllowed', 'maintenanceIncluded'] as const)
    if (s[key]) out[key] = s[key] === 'yes';
  if (text('depositAmount'))
    out[s.depositUnit === 'months' ? 'depositMonths' : 'depositRupees'] = number(s.depositAmount);
  if (text('maintenance')) out.maintenance = number(s.maintenance);
  return out;
};

/** Server paths of the terms → the form's fields. */
export const TENANCY_SERVER_PATHS: Record<string, TenancyFormField> = {
  'tenancy.furnishing': 'furnishing',
  'tenancy.depositRupees': 'depositAmount',
  'tenancy.depositMonths': 'depositAmount',
  'tenancy.availableFrom': 'availableFrom',
  'tenancy.preferredTenants': 'preferredTenants',
  'tenancy.petsAllowed': 'petsAllowed',
  'tenancy.food': 'food',
  'tenancy.maintenance': 'maintenance',
  'tenancy.maintenanceIncluded': 'maintenanceIncluded',
  'tenancy.facing': 'facing',
  'tenancy.parking': 'parking',
};

/////////////////////////////////////////
////////// Showing the terms
/////////////////////////////////////////
const monthly = (p: Pick<Property, 'rent' | 'rentType'>) =>
  p.rentType === 'yearly' ? p.rent / 12 : p.rent;

const months = (n: number) => {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'month' : 'months'}`;
};

/** The deposit as both rupees and months of rent ('₹75,000 (3 months of rent)'), or undefined when not given. */
export const depositText = (
  p: Pick<Property, 'rent' | 'rentType' | 'tenancy'>,
): string | undefined => {
  const t = p.tenancy;
  if (t?.depositRupees !== undefined)
    return `${rupees(t.depositRupees)} (${months(t.depositRupees / monthly(p))} of rent)`;
  if (t?.depositMonths !== undefined)
    return `${rupees(Math.round(t.depositMonths * monthly(p)))} (${months(t.depositMonths)} of rent)`;
  return undefined;
};

const dayText = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Each term as a label and its text, 'Not specified' where the owner gave none (every listing made before them). */
export const tenancyRows = (
  p: Pick<Property, 'rent' | 'rentType' | 'tenancy' | 'propertyType'>,
  today = new Date().toISOString().slice(0, 10),
): [label: string, text: string][] => {
  const t = p.tenancy ?? {};
  const yes = (v: boolean | undefined) => (v === undefined ? undefined : v ? 'Yes' : 'No');
  const maintenance =
    t.maintenance === undefined
      ? t.maintenanceIncluded
        ? 'Included in rent'
        : undefined
      : `${rupees(t.maintenance)} a month${
          t.maintenanceIncluded === undefined
            ? ''
            : t.maintenanceIncluded
              ? ', included in rent'
              : ', on top of rent'
        }`;
  const tenants: Options = p.propertyType === 'PG' ? PG_TENANT_OPTIONS : HOME_TENANT_OPTIONS;
  const rows: [string, string | undefined][] = [
    ['Furnishing', labelIn(FURNISHING_OPTIONS, t.furnishing)],
    ['Security deposit', depositText(p)],
    [
      'Available from',
      t.availableFrom === undefined
        ? undefined
        : t.availableFrom <= today
          ? 'Now'
          : dayText(t.availableFrom),
    ],
    ['Preferred tenants', labelIn(tenants, t.preferredTenants)],
    ['Pets allowed', yes(t.petsAllowed)],
    ['Food', labelIn(FOOD_OPTIONS, t.food)],
    ['Maintenance', maintenance],
    ['Facing', labelIn(FACING_OPTIONS, t.facing)],
    ['Parking', labelIn(PARKING_OPTIONS, t.parking)],
  ];
  return rows.map(([label, text]) => [label, text ?? NOT_SPECIFIED]);
};

/** What a card shows of the terms: furnishing and the deposit, when given. */
export const cardTerms = (p: Pick<Property, 'rent' | 'rentType' | 'tenancy'>): string[] =>
  [
    labelIn(FURNISHING_OPTIONS, p.tenancy?.furnishing),
    p.tenancy?.depositRupees !== undefined || p.tenancy?.depositMonths !== undefined
      ? `Deposit ${depositText(p)!.replace(' of rent', '')}`
      : undefined,
  ].filter((x): x is string => x !== undefined);
