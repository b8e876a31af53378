/**
 * The tenancy terms' English messages for a value a term or a filter does not
 * take, derived from their declarations (termCatalogue.ts). Apart from the
 * catalogue so that the pages that only show terms (search results, the
 * listing) do not load them; the form and the API do.
 */
import type { FILTERED_TERMS } from './termCatalogue.ts';
import { formatRupees } from '../i18n/grouping.ts';
import {
  TERMS,
  filterOptions,
  valuesFor,
  valuesOf,
  type NumberTerm,
  type Term,
  type TermKey,
} from './termCatalogue.ts';

const list = (values: readonly string[]) =>
  values.slice(0, -1).join(', ') + (values.length > 1 ? ' or ' : '') + values.at(-1);

/** The term's message for a value it does not take, from its kind and bounds. */
export const termMessage = (key: TermKey): string => {
  const term: Term = TERMS[key];
  const { label } = term;
  switch (term.kind) {
    case 'choice': {
      const values = valuesOf(key);
      return `${label} must be ${values.length > 5 ? 'one of ' : ''}${list(values)}`;
    }
    case 'yesNo':
      return `${label} must be true or false`;
    case 'date':
      return `${label} must be a date (YYYY-MM-DD) between ${term.earliest} and ${term.latest}`;
    case 'number': {
      const money = term.unit.startsWith('rupees');
      if (term.step === 0.5)
        return `${label} must be ${term.min} to ${term.max} ${term.unit}, in half months`;
      return `${label} must be a whole number of ${term.unit} from ${term.min} to ${money ? formatRupees(term.max) : term.max}`;
    }
  }
};

/** A date term's message for a day too far ahead. */
export const tooLateMessage = (key: TermKey) =>
  `${TERMS[key].label} cannot be more than a year ahead`;

/** "For a PG, preferred tenants must be any, men or women". */
export const propertyTypeMessage = (key: TermKey, propertyType: string) =>
  `For ${propertyType === 'PG' ? 'a PG' : 'a house or flat'}, ${TERMS[key].label.toLowerCase()} must be ${list(valuesFor(key, propertyType))}`;

/** The filter's message for a value it does not take. */
export const filterMessage = ({ key, filter }: (typeof FILTERED_TERMS)[number]): string => {
  const values = filterOptions(key).map(([v]) => v);
  switch (filter.match) {
    case 'yesNo':
      return `${filter.param} must be true or false`;
    case 'anyOf':
      return `${filter.param} must be one or more of ${values.join(', ')}, separated by commas`;
    case 'atMost': {
      const term = TERMS[key] as NumberTerm;
      return `${filter.param} must be a number of months from 0 to ${term.max}`;
    }
    case 'onOrBefore':
      return `${filter.param} must be a date (YYYY-MM-DD)`;
    default:
      return `${filter.param} must be one of ${values.join(', ')}`;
  }
};
