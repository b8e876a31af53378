/**
 * The three facility flags that are tenancy terms too (issue 40): the term is
 * the only stored home of the concept, the flag a view of it. `facilityFlags`
 * derives the flags wherever a document or row is made; `termsFromFlags`
 * reads input (and old events) that still send the flags. Plain data and
 * functions, so the site's form bundles them (no TypeBox in the browser).
 */
import type { Facilities, ListingFields, RecordedFields } from './listing.ts';
import type { Tenancy } from './tenancy.ts';
import type { TermKey, ValueOf } from './termCatalogue.ts';

type Terms = {
  furnishing?: ValueOf<'furnishing'>;
  parking?: ValueOf<'parking'>;
  petsAllowed?: boolean;
};

/** Each derived flag with its term, the term's smallest 'yes' and its 'no'. */
export const FLAG_TERMS = {
  furnished: { term: 'furnishing', yes: 'semi-furnished', no: 'unfurnished' },
  parking: { term: 'parking', yes: 'two-wheeler', no: 'none' },
  petFriendly: { term: 'petsAllowed', yes: true, no: false },
} as const satisfies Record<string, { term: TermKey; yes: unknown; no: unknown }>;

export type DerivedFacility = keyof typeof FLAG_TERMS;
export const DERIVED_FACILITIES = Object.keys(FLAG_TERMS) as DerivedFacility[];

export const isDerivedFacility = (name: string): name is DerivedFacility =>
  Object.hasOwn(FLAG_TERMS, name);

/** Whether a term's value says yes to its flag: furnished, any parking, pets allowed. */
export const termSaysYes = (flag: DerivedFacility, value: unknown): boolean =>
  value !== undefined && value !== FLAG_TERMS[flag].no;

/** The three flags as the terms say them; a term not given is a no. */
export const facilityFlags = (terms: Terms | undefined): Record<DerivedFacility, boolean> => ({
  furnished: termSaysYes('furnished', terms?.furnishing),
  parking: termSaysYes('parking', terms?.parking),
  petFriendly: termSaysYes('petFriendly', terms?.petsAllowed),
});

/** The flags without the three the terms hold. */
export const ownFacilities = <F extends Record<string, boolean>>(
  facilities: F,
): Omit<F, DerivedFacility> =>
  Object.fromEntries(
    Object.entries(facilities).filter(([name]) => !isDerivedFacility(name)),
  ) as Omit<F, DerivedFacility>;

/**
 * The terms after input (or an old event) that sends flags beside them: a term
 * that is given wins; a flag that is on with its term not given sets the
 * term's smallest 'yes' (semi-furnished, a two-wheeler, pets allowed); a flag
 * that is off leaves it not given. Undefined when there are still no terms.
 */
export const termsFromFlags = <T extends Terms>(
  flags: Partial<Record<string, boolean>>,
  terms: T | undefined,
): T | undefined => {
  const implied: Record<string, unknown> = {};
  for (const flag of DERIVED_FACILITIES) {
    const { term, yes } = FLAG_TERMS[flag];
    if (flags[flag] === true && terms?.[term] === undefined) implied[term] = yes;
  }
  return Object.keys(implied).length > 0 ? ({ ...terms, ...implied } as T) : terms;
};

/**
 * A listing's fields as they are recorded: the terms after `termsFromFlags`
 * and only the flags the terms do not hold. The command path's one
 * normalisation (decide calls it). `current` are the terms an edit that
 * sends none keeps.
 */
export const recordedFields = (fields: ListingFields, current?: Tenancy): RecordedFields => {
  const { facilities, tenancy, ...rest } = fields;
  const terms = termsFromFlags(facilities, tenancy ?? current);
  return { ...rest, facilities: ownFacilities(facilities), ...(terms ? { tenancy: terms } : {}) };
};

/** All twelve flags: the nine recorded and the three the terms say. */
export const withFacilityFlags = (
  facilities: Omit<Facilities, DerivedFacility>,
  terms: Terms | undefined,
): Facilities => ({ ...facilities, ...facilityFlags(terms) });
