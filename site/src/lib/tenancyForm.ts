/**
 * The property form's tenancy terms (issue 18): each optional, '' meaning
 * 'not specified'. Fields, bounds and messages come from the terms'
 * declarations (core/src/listings/termCatalogue.ts), the same the API checks
 * with; the deposit is one amount with its unit (rupees or months of rent).
 */
import {
  TERM_KEYS,
  TERMS,
  valuesFor,
  type Term,
  type TermKey,
} from '@rentals/core/listings/termCatalogue';
import {
  propertyTypeMessage,
  termMessage,
  tooLateMessage,
} from '@rentals/core/listings/termMessages';
import { rupeesOrNaN } from './amounts.ts';
import type { Property } from './types.ts';

type Tenancy = NonNullable<Property['tenancy']>;

/** The deposit's two stored keys are one amount and its unit in the form. */
type DepositKey = 'depositRupees' | 'depositMonths';
const DEPOSIT_KEYS: readonly TermKey[] = ['depositRupees', 'depositMonths'];
export type TenancyFormField = Exclude<TermKey, DepositKey> | 'depositAmount' | 'depositUnit';

export const TENANCY_FORM_FIELDS: TenancyFormField[] = TERM_KEYS.flatMap((k): TenancyFormField[] =>
  k === 'depositRupees'
    ? ['depositAmount', 'depositUnit']
    : DEPOSIT_KEYS.includes(k)
      ? []
      : [k as Exclude<TermKey, DepositKey>],
);
/** As typed; '' is 'not specified'. `depositUnit` is 'rupees' or 'months'; yes/no terms are 'yes', 'no' or ''. */
export type TenancyFormState = Record<TenancyFormField, string>;

/** The terms the form keeps as they are (every one but the deposit). */
const PLAIN_KEYS = TERM_KEYS.filter((k) => !DEPOSIT_KEYS.includes(k)) as Exclude<
  TermKey,
  DepositKey
>[];
const term = (key: TermKey): Term => TERMS[key];

export const emptyTenancyForm = (): TenancyFormState =>
  ({
    ...Object.fromEntries(TENANCY_FORM_FIELDS.map((f) => [f, ''])),
    depositUnit: 'rupees',
  }) as TenancyFormState;

const asText = (key: TermKey, value: string | number | boolean | undefined) =>
  value === undefined ? '' : term(key).kind === 'yesNo' ? (value ? 'yes' : 'no') : String(value);

export const tenancyFormFrom = (t: Tenancy | undefined): TenancyFormState => {
  const form = emptyTenancyForm();
  for (const k of PLAIN_KEYS) form[k] = asText(k, t?.[k]);
  const inMonths = t?.depositMonths !== undefined;
  form.depositUnit = inMonths ? 'months' : 'rupees';
  form.depositAmount = asText('depositRupees', inMonths ? t?.depositMonths : t?.depositRupees);
  return form;
};

const { availableFrom } = TERMS;

/** The API's messages the form can meet (by the property type, for whom a home or PG lets to). */
export const tenancyFormMessages = {
  depositRupees: termMessage('depositRupees'),
  depositMonths: termMessage('depositMonths'),
  availableFrom: termMessage('availableFrom'),
  availableTooLate: tooLateMessage('availableFrom'),
  pgTenants: propertyTypeMessage('preferredTenants', 'PG'),
  homeTenants: propertyTypeMessage('preferredTenants', 'house'),
} as const;

const PLAIN = /^\d{1,16}(?:\.\d{1,16})?$/;
const number = (raw: string) => (PLAIN.test(raw.trim()) ? Number(raw.trim()) : Number.NaN);

/** Whether a term is an amount of rupees (the deposit in rupees, maintenance): typed as any amount ('25k'). */
export const isRupeeTerm = (key: TermKey): boolean => {
  const t = term(key);
  return t.kind === 'number' && t.unit.startsWith('rupees');
};
/** A number term's value as typed: rupees as people write them, other numbers plainly. */
const numberOf = (key: TermKey, raw: string) => (isRupeeTerm(key) ? rupeesOrNaN(raw) : number(raw));

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

/** The last move-in day the API takes today (`now` in ms). */
export const latestMoveIn = (now: number) =>
  new Date(now + availableFrom.daysAhead * 86_400_000).toISOString().slice(0, 10);

/** Whether `n` is a value of a number term: in its bounds, whole or in its steps. */
const fits = (t: { min: number; max: number; step?: number }, n: number) =>
  n >= t.min && n <= t.max && Number.isInteger(n / (t.step ?? 1));

/** One term's rule, with the API's message; undefined when it holds. */
const termError = (key: TermKey, raw: string, propertyType: string, now: number) => {
  const t = term(key);
  if (t.kind === 'number') return fits(t, numberOf(key, raw)) ? undefined : termMessage(key);
  if (t.kind === 'date') {
    if (!isCalendarDate(raw) || raw < t.earliest || raw > t.latest) return termMessage(key);
    return raw > latestMoveIn(now) ? tooLateMessage(key) : undefined;
  }
  if (t.kind === 'choice' && t.byPropertyType)
    return valuesFor(key, propertyType).includes(raw as never)
      ? undefined
      : propertyTypeMessage(key, propertyType);
  return undefined;
};

/** The terms' rules, with the API's messages; `now` bounds the move-in date as the API will. */
export const validateTenancy = (
  s: TenancyFormState,
  propertyType: string,
  now: number,
): Partial<Record<TenancyFormField, string>> => {
  const e: Partial<Record<TenancyFormField, string>> = {};
  for (const k of PLAIN_KEYS) {
    const raw = s[k].trim();
    const error = raw === '' ? undefined : termError(k, raw, propertyType, now);
    if (error) e[k] = error;
  }
  const amount = s.depositAmount.trim();
  if (amount !== '') {
    const key = s.depositUnit === 'months' ? 'depositMonths' : 'depositRupees';
    const error = termError(key, amount, propertyType, now);
    if (error) e.depositAmount = error;
  }
  return e;
};

/** The `tenancy` part of the body: only what was given (the API takes the whole set as the listing's terms). */
export const tenancyPayload = (s: TenancyFormState): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const k of PLAIN_KEYS) {
    const raw = s[k].trim();
    if (raw === '') continue;
    const kind = term(k).kind;
    out[k] = kind === 'yesNo' ? raw === 'yes' : kind === 'number' ? numberOf(k, raw) : raw;
  }
  if (s.depositAmount.trim()) {
    const key = s.depositUnit === 'months' ? 'depositMonths' : 'depositRupees';
    out[key] = numberOf(key, s.depositAmount);
  }
  return out;
};

/** Server paths of the terms → the form's fields. */
export const TENANCY_SERVER_PATHS: Record<string, TenancyFormField> = Object.fromEntries(
  TERM_KEYS.map((k) => [
    `tenancy.${k}`,
    DEPOSIT_KEYS.includes(k) ? 'depositAmount' : (k as TenancyFormField),
  ]),
);
