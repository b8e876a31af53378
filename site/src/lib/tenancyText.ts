/**
 * The tenancy terms as pages show them (issue 18), from their declarations
 * (core/src/listings/termCatalogue.ts): the options' labels, a listing's
 * terms as rows ('Not specified' where not given), a card's short version.
 * Apart from the property form (tenancyForm.ts), so the search and listing
 * pages do not load the form's checks.
 */
import { formatDate } from '@rentals/core/i18n/dates';
import { formatRupees } from '@rentals/core/i18n/numbers';
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
import { pageLocale, text } from './i18n.ts';
import { format } from './i18nFormat.ts';
import { pageLabels } from './labels.ts';
import type { Property } from './types.ts';

export { labelIn };
export type Options = readonly Option[];

// The words of the terms' values are the `tenancy.*` messages: a page that shows terms lists `tenancy`.

/** A yes/no term's choices in the form. */
export const yesNoOptions = (): Options => [
  ['yes', text('tenancy.yes')],
  ['no', text('tenancy.no')],
];

/** What a term the owner did not give shows ('Not specified'). */
export const notSpecified = () => text('tenancy.notSpecified');

/** A choice term's options for a kind of property (whom a PG lets to differs from a home), labelled in the page's language. */
export const termOptions = (key: TermKey, propertyType: string): Options => {
  const term: Term = TERMS[key];
  if (term.kind !== 'choice') return [];
  const allowed: readonly string[] = valuesFor(key, propertyType);
  return term.options
    .filter(([v]) => allowed.includes(v))
    .map(([v]) => [v, optionLabel(pageLabels, key, v)] as const);
};

/** Rupees with Indian grouping ('₹1,00,000'), in the page's language. */
const rupees = (n: number) => formatRupees(n, pageLocale());

const monthly = (p: Pick<Property, 'rent' | 'rentType'>) =>
  p.rentType === 'yearly' ? p.rent / 12 : p.rent;

type Deposit = Pick<Property, 'rent' | 'rentType' | 'tenancy'>;

/** The deposit's rupees and months of rent (to a tenth), or undefined when not given. */
const depositParts = (p: Deposit) => {
  const t = p.tenancy;
  const months = (n: number) => Math.round(n * 10) / 10;
  if (t?.depositRupees !== undefined)
    return { rupees: rupees(t.depositRupees), months: months(t.depositRupees / monthly(p)) };
  if (t?.depositMonths !== undefined)
    return {
      rupees: rupees(Math.round(t.depositMonths * monthly(p))),
      months: months(t.depositMonths),
    };
  return undefined;
};

/** The deposit as both rupees and months of rent ('₹75,000 (3 months of rent)'), or undefined when not given. */
export const depositText = (p: Deposit): string | undefined => {
  const parts = depositParts(p);
  return parts && format('tenancy.deposit', parts);
};

const dayText = (iso: string) =>
  formatDate(`${iso}T00:00:00Z`, pageLocale(), 'date', { timeZone: 'UTC' });

type Shown = Pick<Property, 'rent' | 'rentType' | 'tenancy' | 'propertyType'>;

/** Maintenance with whether it is in the rent ('₹2,000 a month, on top of rent'). */
const maintenanceText = (t: NonNullable<Property['tenancy']>) => {
  if (t.maintenance === undefined)
    return t.maintenanceIncluded ? text('tenancy.maintenance.included') : undefined;
  const inRent =
    t.maintenanceIncluded === undefined ? 'unsaid' : t.maintenanceIncluded ? 'yes' : 'no';
  return format('tenancy.maintenance', { rupees: rupees(t.maintenance), inRent });
};

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
      return text(value ? 'tenancy.yes' : 'tenancy.no');
    case 'date':
      return String(value) <= today ? text('tenancy.now') : dayText(String(value));
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
    termText(k, p, today) ?? notSpecified(),
  ]);

/** What a card shows of the terms (those marked for cards), when given. */
export const cardTerms = (p: Pick<Property, 'rent' | 'rentType' | 'tenancy'>): string[] =>
  TERM_KEYS.filter((k) => (TERMS[k] as Term).onCard).flatMap((k) => {
    if (k === 'depositRupees') {
      const parts = depositParts(p);
      return parts ? [format('tenancy.depositShort', parts)] : [];
    }
    const shown = termText(k, { ...p, propertyType: 'flat' }, '');
    return shown === undefined ? [] : [shown];
  });
