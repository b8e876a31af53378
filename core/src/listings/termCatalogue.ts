/**
 * The tenancy terms (issue 18), each declared once: its kind, values and
 * labels, bounds, messages, whether visitors see it, and how a search filters
 * on it. Everything else derives from this table: the input and event schema
 * and the contract (tenancy.ts), the filters' schema, rules, index fields and
 * Postgres filter (tenancyFilters.ts, projections), the site's form, filter
 * controls and pages, and the seed. Plain data with no imports but pure
 * helpers, so the site can bundle it (no TypeBox in the browser).
 *
 * Adding a term is adding an entry: a 'choice' or 'yesNo' term with an
 * 'equal', 'anyOf', 'yesNo' or 'atLeast' filter needs nothing else.
 */
import { RENT_BOUNDS } from './bounds.ts';

/** A stored value and how a person reads it. */
export type Option = readonly [value: string, label: string];

/**
 * How a search filters on a term; a listing that does not give the term
 * matches no filter on it.
 * - equal: the value is the one asked for;
 * - anyOf: the value is one of those asked for (a comma-separated list);
 * - yesNo: true or false;
 * - welcomes: the value is the one asked for, or `everyone` (an owner's 'any');
 * - atLeast: the value is the one asked for or later in the term's options (a car space takes a two-wheeler);
 * - atMost: a number at most the one asked for (the index holds the term as a number);
 * - onOrBefore: a day on or before the one asked for.
 */
export type TermFilter = {
  /** The query parameter. */
  param: string;
  /** The filter control's label. */
  label: string;
  match: 'equal' | 'anyOf' | 'yesNo' | 'welcomes' | 'atLeast' | 'atMost' | 'onOrBefore';
  /** What the control offers, when not the term's own options. */
  options?: readonly Option[];
  /** For 'welcomes': the stored value that welcomes everyone. */
  everyone?: string;
  description: string;
};

type TermBase = {
  /** The label on the listing page; messages start with it. */
  label: string;
  /** The form's label (Title Case, as the form's other fields). */
  formLabel: string;
  /** Whether visitors see it: SPEC §1 keeps facilities and money (as rent) from them. */
  visitors: boolean;
  filter?: TermFilter;
  /** Shown on the listing page in the row of another term (the deposit's two units, maintenance's inclusion). */
  shownWith?: string;
  /** Shown on a listing's card too (when given). */
  onCard?: boolean;
};

export type ChoiceTerm = TermBase & {
  kind: 'choice';
  options: readonly Option[];
  /** The values each kind of property allows, when they differ (whom a PG or a home lets to). */
  byPropertyType?: { PG: readonly string[]; home: readonly string[] };
  /** The message when the value is none of the options, when not "<Label> must be a, b or c". */
  message?: string;
};
export type YesNoTerm = TermBase & { kind: 'yesNo' };
export type NumberTerm = TermBase & {
  kind: 'number';
  min: number;
  max: number;
  /** The step between values; whole numbers when absent. */
  step?: number;
  message: string;
};
export type DateTerm = TermBase & {
  kind: 'date';
  earliest: string;
  latest: string;
  /** How far ahead of the day it is given a date may lie. */
  daysAhead: number;
  message: string;
  tooLateMessage: string;
};
export type Term = ChoiceTerm | YesNoTerm | NumberTerm | DateTerm;

const list = (values: readonly string[]) =>
  values.slice(0, -1).join(', ') + (values.length > 1 ? ' or ' : '') + values.at(-1);
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

const DEPOSIT_RUPEES = { min: 0, max: RENT_BOUNDS.max };
const DEPOSIT_MONTHS = { min: 0, max: 24, step: 0.5 };
const MAINTENANCE = { min: 0, max: 1_000_000 };

/** In the order the form, the page and the filters show them. */
export const TERMS = {
  furnishing: {
    kind: 'choice',
    label: 'Furnishing',
    formLabel: 'Furnishing',
    visitors: false,
    onCard: true,
    options: [
      ['unfurnished', 'Unfurnished'],
      ['semi-furnished', 'Semi-furnished'],
      ['fully-furnished', 'Fully furnished'],
    ],
    filter: {
      param: 'furnishing',
      label: 'Furnishing',
      match: 'equal',
      description: 'Furnished so',
    },
  },
  preferredTenants: {
    kind: 'choice',
    label: 'Preferred tenants',
    formLabel: 'Preferred Tenants',
    visitors: true,
    options: [
      ['any', 'Anyone'],
      ['family', 'Family'],
      ['bachelors', 'Bachelors'],
      ['men', 'Men'],
      ['women', 'Women'],
    ],
    byPropertyType: { PG: ['any', 'men', 'women'], home: ['any', 'family', 'bachelors'] },
    filter: {
      param: 'tenants',
      label: 'Tenants',
      match: 'welcomes',
      everyone: 'any',
      options: [
        ['family', 'Family'],
        ['bachelors', 'Bachelors'],
        ['men', 'Men (PG)'],
        ['women', 'Women (PG)'],
      ],
      description: 'Who is looking: listings for them or for anyone',
    },
  },
  petsAllowed: {
    kind: 'yesNo',
    label: 'Pets allowed',
    formLabel: 'Pets Allowed',
    visitors: false,
    filter: {
      param: 'petsAllowed',
      label: 'Pets',
      match: 'yesNo',
      options: [
        ['true', 'Pets allowed'],
        ['false', 'No pets'],
      ],
      description: 'true: pets allowed; false: no pets',
    },
  },
  food: {
    kind: 'choice',
    label: 'Food',
    formLabel: 'Food',
    visitors: true,
    options: [
      ['any', 'Any food'],
      ['vegetarian', 'Vegetarian only'],
    ],
    filter: { param: 'food', label: 'Food', match: 'equal', description: 'The food rule' },
  },
  /** Either in rupees or in months of rent (never both); shown as both. */
  depositRupees: {
    kind: 'number',
    label: 'Security deposit',
    formLabel: 'Security Deposit',
    visitors: false,
    onCard: true,
    ...DEPOSIT_RUPEES,
    message: `Security deposit must be a whole number of rupees from 0 to ${rupees(DEPOSIT_RUPEES.max)}`,
  },
  depositMonths: {
    kind: 'number',
    label: 'Security deposit',
    formLabel: 'Security Deposit',
    visitors: false,
    shownWith: 'depositRupees',
    ...DEPOSIT_MONTHS,
    message: `Security deposit must be 0 to ${DEPOSIT_MONTHS.max} months of rent, in half months`,
    filter: {
      param: 'maxDepositMonths',
      label: 'Deposit',
      match: 'atMost',
      options: [
        ['1', 'Up to 1 month'],
        ['2', 'Up to 2 months'],
        ['3', 'Up to 3 months'],
        ['6', 'Up to 6 months'],
      ],
      description: 'Deposit at most this many months of rent (a deposit in rupees is converted)',
    },
  },
  /** Rupees a month on top of the rent (or in it, when `maintenanceIncluded`). */
  maintenance: {
    kind: 'number',
    label: 'Maintenance',
    formLabel: 'Maintenance (₹ a month)',
    visitors: false,
    ...MAINTENANCE,
    message: `Maintenance must be a whole number of rupees a month from 0 to ${rupees(MAINTENANCE.max)}`,
  },
  maintenanceIncluded: {
    kind: 'yesNo',
    label: 'Maintenance included',
    formLabel: 'Maintenance Included in Rent',
    visitors: false,
    shownWith: 'maintenance',
    filter: {
      param: 'maintenanceIncluded',
      label: 'Maintenance',
      match: 'yesNo',
      options: [
        ['true', 'Included in rent'],
        ['false', 'On top of rent'],
      ],
      description: 'true: maintenance included in the rent',
    },
  },
  availableFrom: {
    kind: 'date',
    label: 'Available from',
    formLabel: 'Available From',
    visitors: true,
    earliest: '2000-01-01',
    latest: '2099-12-31',
    daysAhead: 366,
    message: 'Available from must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31',
    tooLateMessage: 'Available from cannot be more than a year ahead',
    filter: {
      param: 'availableBy',
      label: 'Available by',
      match: 'onOrBefore',
      description: 'Available on or before this day (YYYY-MM-DD)',
    },
  },
  /** The direction the main door faces (vaastu), clockwise from north. */
  facing: {
    kind: 'choice',
    label: 'Facing',
    formLabel: 'Facing',
    visitors: true,
    options: [
      ['north', 'North'],
      ['north-east', 'North-east'],
      ['east', 'East'],
      ['south-east', 'South-east'],
      ['south', 'South'],
      ['south-west', 'South-west'],
      ['west', 'West'],
      ['north-west', 'North-west'],
    ],
    message:
      'Facing must be one of north, north-east, east, south-east, south, south-west, west or north-west',
    filter: {
      param: 'facing',
      label: 'Facing',
      match: 'anyOf',
      description: 'Facing any of these directions; comma-separated',
    },
  },
  /** Ordered by what fits: a car space also takes a two-wheeler. */
  parking: {
    kind: 'choice',
    label: 'Parking',
    formLabel: 'Parking Space',
    visitors: false,
    options: [
      ['none', 'No parking'],
      ['two-wheeler', 'Two-wheeler'],
      ['car', 'Car'],
    ],
    filter: {
      param: 'parking',
      label: 'Parking',
      match: 'atLeast',
      options: [
        ['two-wheeler', 'Two-wheeler'],
        ['car', 'Car'],
      ],
      description: 'The space needed: a car space fits a two-wheeler too',
    },
  },
  /** Backup power for the cuts: ordered by what it covers (a full backup also runs the lifts). */
  powerBackup: {
    kind: 'choice',
    label: 'Power backup',
    formLabel: 'Power Backup',
    visitors: false,
    options: [
      ['none', 'No power backup'],
      ['common-areas', 'Lifts and common areas'],
      ['full', 'Full, the home too'],
    ],
    filter: {
      param: 'powerBackup',
      label: 'Power backup',
      match: 'atLeast',
      options: [
        ['common-areas', 'Lifts and common areas'],
        ['full', 'Full, the home too'],
      ],
      description: 'The backup needed: a full backup covers the lifts and common areas too',
    },
  },
} as const satisfies Record<string, Term>;

export type TermKey = keyof typeof TERMS;
export const TERM_KEYS = Object.keys(TERMS) as TermKey[];

type Terms = typeof TERMS;
/** The stored values of a choice term, as a union of literals. */
export type ValueOf<K extends TermKey> = Terms[K] extends {
  options: readonly (readonly [infer V, string])[];
}
  ? V
  : never;

/** The terms a search filters on. */
export type FilteredKey = {
  [K in TermKey]: Terms[K] extends { filter: object } ? K : never;
}[TermKey];
type FilterOf<K extends FilteredKey> = Terms[K]['filter'];
/** A filter's query name. */
export type FilterParam = FilterOf<FilteredKey>['param'];

/** The values a filter's control offers. */
type Offered<K extends FilteredKey> =
  FilterOf<K> extends { options: readonly (readonly [infer V, string])[] } ? V : ValueOf<K>;
type FilterValue<K extends FilteredKey> = FilterOf<K>['match'] extends 'yesNo'
  ? boolean
  : FilterOf<K>['match'] extends 'atMost'
    ? number
    : FilterOf<K>['match'] extends 'onOrBefore'
      ? string
      : FilterOf<K>['match'] extends 'anyOf'
        ? ValueOf<K>[]
        : Offered<K>;

/** Filters on the terms as the API takes them (numbers, yes/no as booleans, lists). */
export type TenancyFilters = { [K in FilteredKey as FilterOf<K>['param']]?: FilterValue<K> };

/** The stored values of a choice term, in order. */
export const valuesOf = <K extends TermKey>(key: K): ValueOf<K>[] => {
  const term: Term = TERMS[key];
  return term.kind === 'choice' ? (term.options.map(([v]) => v) as ValueOf<K>[]) : [];
};

/** The term's message for a value it does not take. */
export const termMessage = (key: TermKey): string => {
  const term: Term = TERMS[key];
  if (term.kind === 'choice') return term.message ?? `${term.label} must be ${list(valuesOf(key))}`;
  if (term.kind === 'yesNo') return `${term.label} must be true or false`;
  return term.message;
};

/** The values a kind of property takes for a term (all its options unless it says otherwise). */
export const valuesFor = <K extends TermKey>(
  key: K,
  propertyType: string,
): readonly ValueOf<K>[] => {
  const term: Term = TERMS[key];
  if (term.kind !== 'choice') return [];
  if (!term.byPropertyType) return valuesOf(key);
  const values = propertyType === 'PG' ? term.byPropertyType.PG : term.byPropertyType.home;
  return values as readonly ValueOf<K>[];
};

/** "For a PG, preferred tenants must be any, men or women". */
export const propertyTypeMessage = (key: TermKey, propertyType: string) =>
  `For ${propertyType === 'PG' ? 'a PG' : 'a house or flat'}, ${TERMS[key].label.toLowerCase()} must be ${list(valuesFor(key, propertyType))}`;

/** The terms a filter reads, with their filters, in the order a URL carries them. */
export const FILTERED_TERMS = TERM_KEYS.flatMap((key) => {
  const term: Term = TERMS[key];
  return term.filter ? [{ key, term, filter: term.filter }] : [];
});

/** What a filter control offers: its own options, or the term's. */
export const filterOptions = (key: TermKey): readonly Option[] => {
  const term: Term = TERMS[key];
  return term.filter?.options ?? (term.kind === 'choice' ? term.options : []);
};

/** Said with the filters: a listing whose owner did not give a term is neither a yes nor a no. */
export const TERM_FILTER_HINT = "Listings that don't say are not shown";

/** The query names of the filters, in the order a URL carries them. */
export const FILTER_PARAMS = FILTERED_TERMS.map(({ filter }) => filter.param) as FilterParam[];

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

/** The stored values a filter's value matches (for the filters that compare values, not numbers). */
export const matchingValues = (key: TermKey, asked: string | boolean): (string | boolean)[] => {
  const term: Term = TERMS[key];
  const filter = term.filter;
  if (filter?.match === 'welcomes') return [asked, filter.everyone!];
  if (filter?.match === 'atLeast' && term.kind === 'choice') {
    const values = valuesOf(key) as string[];
    return values.slice(values.indexOf(asked as string));
  }
  return [asked];
};

/** The label of `value` among `options`, or undefined. */
export const labelIn = (options: readonly Option[], value: string | undefined) =>
  options.find(([v]) => v === value)?.[1];
