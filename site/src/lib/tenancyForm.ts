/**
 * The property form's tenancy terms (issue 18): each optional, '' meaning
 * 'not specified'. The bounds and messages are the API's
 * (core/src/listings/tenancy.ts), copied so the site ships no API code;
 * tenancyForm.unit.test.ts checks that they agree.
 */
import type { Property } from './types.ts';
import {
  HOME_TENANT_OPTIONS,
  labelIn,
  PG_TENANT_OPTIONS,
  rupees,
  type Options,
} from './tenancyText.ts';

type Tenancy = NonNullable<Property['tenancy']>;

export const TENANCY_LIMITS = {
  depositRupees: { min: 0, max: 10_000_000 },
  depositMonths: { min: 0, max: 24, step: 0.5 },
  maintenance: { min: 0, max: 1_000_000 },
  availableFrom: { earliest: '2000-01-01', latest: '2099-12-31', daysAhead: 366 },
} as const;

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
