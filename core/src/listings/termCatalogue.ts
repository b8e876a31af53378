/**
 * The tenancy terms (issue 18), each declared once: its kind, values and
 * labels, bounds, whether visitors see it, and how a search filters
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
  /** What the control offers, when not the term's own options (for 'atLeast', all but the first). */
  options?: readonly Option[];
  /** For 'welcomes': the stored value that welcomes everyone. */
  everyone?: string;
};

type TermBase = {
  /** The label on the listing page; messages start with it. */
  label: string;
  /** The form's label, when not the label in Title Case (as the form's other fields). */
  formLabel?: string;
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
};
export type YesNoTerm = TermBase & { kind: 'yesNo' };
export type NumberTerm = TermBase & {
  kind: 'number';
  min: number;
  max: number;
  /** The step between values; whole numbers when absent (0.5: half months). */
  step?: number;
  /** What it counts, for its message ('rupees', 'months of rent'). */
  unit: string;
};
export type DateTerm = TermBase & {
  kind: 'date';
  earliest: string;
  latest: string;
  /** How far ahead of the day it is given a date may lie (a year). */
  daysAhead: number;
};
export type Term = ChoiceTerm | YesNoTerm | NumberTerm | DateTerm;

const DEPOSIT_RUPEES = { min: 0, max: RENT_BOUNDS.max };
const DEPOSIT_MONTHS = { min: 0, max: 24, step: 0.5 };
const MAINTENANCE = { min: 0, max: 1_000_000 };

/** In the order the form, the page and the filters show them. */
export const TERMS = {
  furnishing: {
    kind: 'choice',
    label: 'Furnishing',
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
    },
  },
  preferredTenants: {
    kind: 'choice',
    label: 'Preferred tenants',
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
    },
  },
  petsAllowed: {
    kind: 'yesNo',
    label: 'Pets allowed',
    visitors: false,
    filter: {
      param: 'petsAllowed',
      label: 'Pets',
      match: 'yesNo',
      options: [
        ['true', 'Pets allowed'],
        ['false', 'No pets'],
      ],
    },
  },
  food: {
    kind: 'choice',
    label: 'Food',
    visitors: true,
    options: [
      ['any', 'Any food'],
      ['vegetarian', 'Vegetarian only'],
    ],
    filter: { param: 'food', label: 'Food', match: 'equal' },
  },
  /** Either in rupees or in months of rent (never both); shown as both. */
  depositRupees: {
    kind: 'number',
    label: 'Security deposit',
    visitors: false,
    onCard: true,
    ...DEPOSIT_RUPEES,
    unit: 'rupees',
  },
  depositMonths: {
    kind: 'number',
    label: 'Security deposit',
    visitors: false,
    shownWith: 'depositRupees',
    ...DEPOSIT_MONTHS,
    unit: 'months of rent',
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
    },
  },
  /** Rupees a month on top of the rent (or in it, when `maintenanceIncluded`). */
  maintenance: {
    kind: 'number',
    label: 'Maintenance',
    formLabel: 'Maintenance (₹ a month)',
    visitors: false,
    ...MAINTENANCE,
    unit: 'rupees a month',
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
    },
  },
  availableFrom: {
    kind: 'date',
    label: 'Available from',
    visitors: true,
    earliest: '2000-01-01',
    latest: '2099-12-31',
    daysAhead: 366,
    filter: {
      param: 'availableBy',
      label: 'Available by',
      match: 'onOrBefore',
    },
  },
  /** The direction the main door faces (vaastu), clockwise from north. */
  facing: {
    kind: 'choice',
    label: 'Facing',
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
    filter: {
      param: 'facing',
      label: 'Facing',
      match: 'anyOf',
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
    },
  },
  /** Backup power for the cuts: ordered by what it covers (a full backup also runs the lifts). */
  powerBackup: {
    kind: 'choice',
    label: 'Power backup',
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

/** The form's label of a term. */
export const formLabelOf = (key: TermKey): string => {
  const term: Term = TERMS[key];
  return term.formLabel ?? term.label.replace(/(^|\s)\w/g, (c) => c.toUpperCase());
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

/** The terms a filter reads, with their filters, in the order a URL carries them. */
export const FILTERED_TERMS = TERM_KEYS.flatMap((key) => {
  const term: Term = TERMS[key];
  return term.filter ? [{ key, term, filter: term.filter }] : [];
});

/** What a filter control offers: its own options, or the term's. */
export const filterOptions = (key: TermKey): readonly Option[] => {
  const term: Term = TERMS[key];
  if (term.filter?.options) return term.filter.options;
  if (term.kind !== 'choice') return [];
  // 'At least' offers every value but the first (none): a need of nothing is no filter.
  return term.filter?.match === 'atLeast' ? term.options.slice(1) : term.options;
};

/** Said with the filters: a listing whose owner did not give a term is neither a yes nor a no. */
export const TERM_FILTER_HINT = "Listings that don't say are not shown";

/** The query names of the filters, in the order a URL carries them. */
export const FILTER_PARAMS = FILTERED_TERMS.map(({ filter }) => filter.param) as FilterParam[];

/** A search's URL keys, in the order a search is kept and shown: SPEC §4's filters, then the terms'. */
export const SEARCH_FILTER_KEYS = [
  'city',
  'area',
  'propertyType',
  'minRent',
  'maxRent',
  'bedrooms',
  'bathrooms',
  'ownersOnly',
  ...FILTER_PARAMS,
] as const;

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

/** The terms the facility flags furnished, parking and petFriendly are views of (issue 40). */
export type FacilityTerms = {
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

/**
 * The three flags as the terms say them, a term not given being a no: the
 * one derivation every document, row, search document and form uses.
 */
export const facilityFlags = (
  terms: FacilityTerms | undefined,
): Record<DerivedFacility, boolean> => ({
  furnished: termSaysYes('furnished', terms?.furnishing),
  parking: termSaysYes('parking', terms?.parking),
  petFriendly: termSaysYes('petFriendly', terms?.petsAllowed),
});
