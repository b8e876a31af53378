/**
 * The three facility flags that are tenancy terms too (issue 40): the term is
 * the only stored home of the concept, the flag a view of it, derived by
 * `facilityFlags` (termCatalogue.ts, which the site's form bundles too). Here:
 * how input and old events that still send the flags become terms.
 */
import type { Facilities, ListingFields, RecordedFields } from './listing.ts';
import type { Tenancy } from './tenancy.ts';
import {
  DERIVED_FACILITIES,
  FLAG_TERMS,
  facilityFlags,
  isDerivedFacility,
  type DerivedFacility,
  type FacilityTerms,
} from './termCatalogue.ts';

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
export const termsFromFlags = <T extends FacilityTerms>(
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
  terms: FacilityTerms | undefined,
): Facilities => ({ ...facilities, ...facilityFlags(terms) });
