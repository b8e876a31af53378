/**
 * The tenancy terms as pages show them (issue 18): the options' labels, a
 * listing's terms as rows ('Not specified' where not given), a card's short
 * version. Apart from the property form (tenancyForm.ts), so the search and
 * listing pages do not load the form's checks.
 */
import { plural } from '@rentals/core/ui/plural';
import type { Property } from './types.ts';

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

export type Options = readonly (readonly [string, string])[];
/** The label of `value` among `options`, or undefined. */
export const labelIn = (options: Options, value: string | undefined) =>
  options.find(([v]) => v === value)?.[1];

export const NOT_SPECIFIED = 'Not specified';

/** Rupees as Indian-grouped digits: '₹1,00,000'. */
export const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

const monthly = (p: Pick<Property, 'rent' | 'rentType'>) =>
  p.rentType === 'yearly' ? p.rent / 12 : p.rent;

const months = (n: number) => plural(Math.round(n * 10) / 10, 'month');

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
