/**
 * The `terms` namespace: the listing's labels (the tenancy terms' labels, form
 * labels, options and filters; the facilities; the property types; who
 * lists). Their English is declared once where the concept lives
 * (listings/termCatalogue.ts; ui/labels.ts for the facilities, types and listers), so the
 * English messages are computed from those declarations here; Hindi and
 * Kannada are catalogues/<hi|kn>/terms.json, keyed by the same derived ids
 * (catalogues.unit.test.ts checks both hold exactly these ids).
 *
 * The readers below take the page's or the server's `t`: the site passes its
 * page reader (site/src/lib/labels.ts), the server `translatorFor(locale).t`.
 */
import type { Facility, PropertyType } from '../listings/listing.ts';
import {
  TERM_FILTER_HINT,
  TERM_KEYS,
  TERMS,
  formLabelOf,
  labelIn,
  type Term,
  type TermKey,
} from '../listings/termCatalogue.ts';
import { FACILITY_LABELS, LISTER_LABELS, TYPE_LABELS, type Lister } from '../ui/labels.ts';

// The labels cover exactly the listing's facilities and types.
const FACILITIES: Record<Facility, string> = FACILITY_LABELS;
const TYPES: Record<PropertyType, string> = TYPE_LABELS;

type Terms = typeof TERMS;
type ValuesIn<O> = O extends readonly (readonly [infer V extends string, string])[] ? V : never;
type IdsOf<K extends TermKey> =
  | `terms.${K}.label`
  | `terms.${K}.formLabel`
  | (Terms[K] extends { options: infer O } ? `terms.${K}.option.${ValuesIn<O>}` : never)
  | (Terms[K] extends { filter: infer F }
      ? | `terms.${K}.filter`
        | (F extends { options: infer O } ? `terms.${K}.filter.option.${ValuesIn<O>}` : never)
      : never);

/** Every id of the namespace, derived from the declarations. */
export type TermsId =
  | { [K in TermKey]: IdsOf<K> }[TermKey]
  | 'terms.filterHint'
  | `terms.facility.${Facility}`
  | `terms.type.${PropertyType}`
  | `terms.lister.${Lister}`;

/*
 * A text English says twice (a form label as the label, a filter's 'Family' as the term's) has
 * one id: the page embeds it once. These choose the id from the declarations.
 */
const labelId = (key: TermKey) => `terms.${key}.label` as TermsId;

const formLabelId = (key: TermKey): TermsId => {
  const term: Term = TERMS[key];
  return formLabelOf(key) === term.label ? labelId(key) : (`terms.${key}.formLabel` as TermsId);
};

const optionId = (key: TermKey, value: string) => `terms.${key}.option.${value}` as TermsId;

const filterId = (key: TermKey): TermsId => {
  const term: Term = TERMS[key];
  return term.filter?.label === term.label ? labelId(key) : (`terms.${key}.filter` as TermsId);
};

/** A filter's own option's id; the term's option's when it reads the same. */
const filterOptionId = (key: TermKey, value: string): TermsId => {
  const term: Term = TERMS[key];
  const own = term.filter?.options?.find(([v]) => v === value)?.[1];
  const termOption = term.kind === 'choice' ? labelIn(term.options, value) : undefined;
  return own === undefined || own === termOption
    ? optionId(key, value)
    : (`terms.${key}.filter.option.${value}` as TermsId);
};

const entriesOf = (key: TermKey): [string, string][] => {
  const term: Term = TERMS[key];
  const out: [string, string][] = [
    [labelId(key), term.label],
    [formLabelId(key), formLabelOf(key)],
  ];
  if (term.kind === 'choice')
    for (const [value, label] of term.options) out.push([optionId(key, value), label]);
  if (term.filter) {
    out.push([filterId(key), term.filter.label]);
    for (const [value, label] of term.filter.options ?? [])
      out.push([filterOptionId(key, value), label]);
  }
  return out;
};

/** The English messages, from the declarations (an apostrophe doubled, as ICU reads one). */
export const englishTerms = (): Record<TermsId, string> =>
  Object.fromEntries(
    [
      ...TERM_KEYS.flatMap(entriesOf),
      ['terms.filterHint', TERM_FILTER_HINT],
      ...Object.entries(FACILITIES).map(([f, label]) => [`terms.facility.${f}`, label]),
      ...Object.entries(TYPES).map(([type, label]) => [`terms.type.${type}`, label]),
      ...Object.entries(LISTER_LABELS).map(([who, label]) => [`terms.lister.${who}`, label]),
    ].map(([id, label]) => [id, label!.replaceAll("'", "''")]),
  ) as Record<TermsId, string>;

/** A plain text of the language: the site's `text`, or a server translator's `t`. */
export type LabelReader = (id: TermsId) => string;

/** A term's label on the listing page ('Furnishing'). */
export const termLabel = (t: LabelReader, key: TermKey) => t(labelId(key));

/** A term's label in the property form ('Parking Space'). */
export const termFormLabel = (t: LabelReader, key: TermKey) => t(formLabelId(key));

/** A choice term's option ('Semi-furnished'); a value it does not offer as it is. */
export const optionLabel = (t: LabelReader, key: TermKey, value: string): string => {
  const term: Term = TERMS[key];
  return term.kind === 'choice' && term.options.some(([v]) => v === value)
    ? t(optionId(key, value))
    : value;
};

/** A filter control's label ('Tenants'). */
export const filterLabel = (t: LabelReader, key: TermKey) => t(filterId(key));

/** One of a filter control's options: its own ('Men (PG)'), or the term's; a value it does not offer as it is. */
export const filterOptionLabel = (t: LabelReader, key: TermKey, value: string): string => {
  const term: Term = TERMS[key];
  return term.filter?.options
    ? term.filter.options.some(([v]) => v === value)
      ? t(filterOptionId(key, value))
      : value
    : optionLabel(t, key, value);
};

/** The filters' hint: a listing that does not say is neither a yes nor a no. */
export const filterHint = (t: LabelReader) => t('terms.filterHint');

// The type's, the lister's and the facilities' readers live with their English (the cards import them).
export { facilityLabel, listerLabelIn, propertyTypeLabel } from '../ui/labels.ts';
