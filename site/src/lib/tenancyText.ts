/**
 * The tenancy terms as pages show them (issue 18), from their declarations
 * (core/src/listings/termCatalogue.ts): the options' labels, a listing's
 * terms as rows ('Not specified' where not given), a card's short version.
 * Apart from the property form (tenancyForm.ts), so the search and listing
 * pages do not load the form's checks.
 */
import { plural } from '@rentals/core/ui/plural';
import {
  labelIn,
  TERM_KEYS,
  TERMS,
  valuesFor,
  type Option,
  type Term,
  type TermKey,
} from '@rentals/core/listings/termCatalogue';
import { optionLabel, termLabel } from '@rentals/core/i18n/terms';
import { pageLabels } from './labels.ts';
import type { Property } from './types.ts';

export { labelIn };
export type Options = readonly Option[];

export const YES_NO_OPTIONS = [
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

export const NOT_SPECIFIED = 'Not specified';

/** A choice term's options for a kind of property (whom a PG lets to differs from a home), labelled in the page's language. */
export const termOptions = (key: TermKey, propertyType: string): Options => {
  const term: Term = TERMS[key];
  if (term.kind !== 'choice') return [];
  const allowed: readonly string[] = valuesFor(key, propertyType);
  return term.options
    .filter(([v]) => allowed.includes(v))
    .map(([v]) => [v, optionLabel(pageLabels, key, v)] as const);
};

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

type Shown = Pick<Property, 'rent' | 'rentType' | 'tenancy' | 'propertyType'>;

/** Maintenance with whether it is in the rent ('₹2,000 a month, on top of rent'). */
const maintenanceText = (t: NonNullable<Property['tenancy']>) =>
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

/** Terms shown with another's value in their row (the deposit in either unit, maintenance and its inclusion). */
const JOINED: Partial<Record<TermKey, (p: Shown) => string | undefined>> = {
  depositRupees: depositText,
  maintenance: (p) => maintenanceText(p.tenancy ?? {}),
};

/** One term's text, by its kind; undefined when the owner did not give it. */
const termText = (key: TermKey, p: Shown, today: string): string | undefined => {
  const joined = JOINED[key];
  if (joined) return joined(p);
  const value = (p.tenancy ?? {})[key];
  if (value === undefined) return undefined;
  const term: Term = TERMS[key];
  switch (term.kind) {
    case 'choice':
      return labelIn(termOptions(key, p.propertyType), String(value));
    case 'yesNo':
      return value ? 'Yes' : 'No';
    case 'date':
      return String(value) <= today ? 'Now' : dayText(String(value));
    default:
      return String(value);
  }
};

/** Each term as a label and its text, 'Not specified' where the owner gave none (every listing made before them). */
export const tenancyRows = (
  p: Shown,
  today = new Date().toISOString().slice(0, 10),
): [label: string, text: string][] =>
  TERM_KEYS.filter((k) => !(TERMS[k] as Term).shownWith).map((k) => [
    termLabel(pageLabels, k),
    termText(k, p, today) ?? NOT_SPECIFIED,
  ]);

/** What a card shows of the terms (those marked for cards), when given. */
export const cardTerms = (p: Pick<Property, 'rent' | 'rentType' | 'tenancy'>): string[] =>
  TERM_KEYS.filter((k) => (TERMS[k] as Term).onCard).flatMap((k) => {
    const text = termText(k, { ...p, propertyType: 'flat' }, '');
    if (text === undefined) return [];
    return [k === 'depositRupees' ? `Deposit ${text.replace(' of rent', '')}` : text];
  });
