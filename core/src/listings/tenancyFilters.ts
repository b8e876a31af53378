/**
 * The search filters on the tenancy terms (tenancy.ts): their query names,
 * one schema with bounds and messages for the list, the map and the
 * dashboard's recent searches, and what each matches. A listing whose owner
 * did not give a term is neither a yes nor a no: a filter on that term never
 * shows it (TENANCY_FILTER_HINT says so in the UI).
 */
import { Type, type Static } from '@sinclair/typebox';
import { messages } from '../schemaErrors.ts';
import { dayNumber } from './calendarDays.ts';
import {
  CALENDAR_DATE,
  depositInMonths,
  FACINGS,
  FOOD_RULES,
  FURNISHINGS,
  TENANCY_BOUNDS,
  type Facing,
  type PreferredTenants,
  type Tenancy,
} from './tenancy.ts';

/** The query names, in the order a URL carries them (after the filters of SPEC §4). */
export const TENANCY_FILTER_KEYS = [
  'furnishing',
  'tenants',
  'petsAllowed',
  'food',
  'maxDepositMonths',
  'maintenanceIncluded',
  'availableBy',
  'facing',
  'parking',
] as const;
export type TenancyFilterKey = (typeof TENANCY_FILTER_KEYS)[number];

/** Who is looking: a family, bachelors, or (for PGs) men or women. */
export const TENANT_KINDS = ['family', 'bachelors', 'men', 'women'] as const;
/** The space needed: a car space fits a two-wheeler too. */
export const PARKING_NEEDS = ['two-wheeler', 'car'] as const;

export const TENANCY_FILTER_HINT = "Listings that don't say are not shown";

const words = (values: readonly string[]) => values.join(', ');

export const tenancyFilterMessages = {
  furnishing: `furnishing must be one of ${words(FURNISHINGS)}`,
  tenants: `tenants must be one of ${words(TENANT_KINDS)}`,
  petsAllowed: 'petsAllowed must be true or false',
  food: `food must be one of ${words(FOOD_RULES)}`,
  maxDepositMonths: `maxDepositMonths must be a number of months from 0 to ${TENANCY_BOUNDS.depositMonths.max}`,
  maintenanceIncluded: 'maintenanceIncluded must be true or false',
  availableBy: 'availableBy must be a date (YYYY-MM-DD)',
  facing: `facing must be one or more of ${words(FACINGS)}, separated by commas`,
  parking: `parking must be one of ${words(PARKING_NEEDS)}`,
} as const;
const m = tenancyFilterMessages;

const choice = (values: readonly string[], message: string) =>
  Type.Optional(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      messages({ type: message }),
    ),
  );

const yesNo = (message: string, description: string) =>
  Type.Optional(Type.Boolean({ description, ...messages({ type: message }) }));

/** The filters as the list and map queries take them (after readTenancyFilters typed the text). */
export const TenancyFilterQuery = Type.Object({
  furnishing: choice(FURNISHINGS, m.furnishing),
  tenants: choice(TENANT_KINDS, m.tenants),
  petsAllowed: yesNo(m.petsAllowed, 'true: pets allowed; false: no pets'),
  food: choice(FOOD_RULES, m.food),
  maxDepositMonths: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: TENANCY_BOUNDS.depositMonths.max,
      description: 'Deposit at most this many months of rent (a deposit in rupees is converted)',
      ...messages({ type: m.maxDepositMonths }),
    }),
  ),
  maintenanceIncluded: yesNo(m.maintenanceIncluded, 'true: maintenance included in the rent'),
  availableBy: Type.Optional(
    Type.String({
      format: CALENDAR_DATE,
      maxLength: 10,
      description: 'Available on or before this day (YYYY-MM-DD)',
      ...messages({ type: m.availableBy, format: m.availableBy, maxLength: m.availableBy }),
    }),
  ),
  facing: Type.Optional(
    Type.Array(choice(FACINGS, m.facing), {
      maxItems: FACINGS.length,
      description: 'Facing any of these directions; comma-separated',
      ...messages({ type: m.facing, maxItems: m.facing }),
    }),
  ),
  parking: choice(PARKING_NEEDS, m.parking),
});
type TenancyFilterQuery = Static<typeof TenancyFilterQuery>;

/** Validated filters on the terms; what both engines apply (criteria.ts carries them). */
export type TenancyFilters = Omit<TenancyFilterQuery, 'tenants' | 'facing'> & {
  tenants?: (typeof TENANT_KINDS)[number];
  facing?: Facing[];
};

const DECIMAL = /^\d{1,3}(\.\d{1,4})?$/;

/** Query text → the schema's types: blank is absent; true/false and plain numbers are typed, the rest left for the schema. */
export const readTenancyFilters = (query: URLSearchParams): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of TENANCY_FILTER_KEYS) {
    const raw = query.get(key)?.trim();
    if (!raw) continue;
    if (key === 'petsAllowed' || key === 'maintenanceIncluded')
      out[key] = raw === 'true' ? true : raw === 'false' ? false : raw;
    else if (key === 'maxDepositMonths') out[key] = DECIMAL.test(raw) ? Number(raw) : raw;
    else if (key === 'facing')
      out[key] = [
        ...new Set(
          query
            .getAll(key)
            .flatMap((v) => v.split(','))
            .map((v) => v.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
    else out[key] = raw;
  }
  return out;
};

/** The stored values a tenant filter matches: the owner's 'any' welcomes everyone. */
export const tenantsMatching = (
  kind: NonNullable<TenancyFilters['tenants']>,
): PreferredTenants[] => [kind, 'any'];

/** The stored values a parking need matches: a car space also takes a two-wheeler. */
export const parkingMatching = (need: NonNullable<TenancyFilters['parking']>): string[] =>
  need === 'car' ? ['car'] : ['two-wheeler', 'car'];

/** The move-in day as a sortable number (days since 1970), as the index holds it. */
export { dayNumber };

/**
 * A listing's terms as the filters compare them: what the search index and
 * the saved-search matcher hold. Each is present only when the owner gave it,
 * so a filter on a term never matches a listing that does not say.
 */
export type TenancyTerms = {
  furnishing?: string;
  preferredTenants?: string;
  petsAllowed?: boolean;
  food?: string;
  /** The deposit in months of rent, however the owner gave it (recomputed when the rent changes). */
  depositMonths?: number;
  maintenanceIncluded?: boolean;
  /** The move-in day as days since 1970. */
  availableFrom?: number;
  facing?: string;
  parking?: string;
};

export const tenancyTerms = (
  tenancy: Tenancy | undefined,
  rent: number,
  rentType: string,
): TenancyTerms => {
  if (!tenancy) return {};
  const terms: TenancyTerms = {
    furnishing: tenancy.furnishing,
    preferredTenants: tenancy.preferredTenants,
    petsAllowed: tenancy.petsAllowed,
    food: tenancy.food,
    depositMonths: depositInMonths(tenancy, rent, rentType),
    maintenanceIncluded: tenancy.maintenanceIncluded,
    availableFrom:
      tenancy.availableFrom === undefined ? undefined : dayNumber(tenancy.availableFrom),
    facing: tenancy.facing,
    parking: tenancy.parking,
  };
  return Object.fromEntries(Object.entries(terms).filter(([, v]) => v !== undefined));
};

/**
 * What one filter asks of one term: its value is one of `in`, or a number at
 * most `atMost`. The filters as rules are the one copy of what each matches:
 * the Meilisearch filter, the saved-search matcher (percolate.ts) and
 * matchesTenancy below all read them.
 */
export type TenancyRule =
  | { term: keyof TenancyTerms; in: (string | boolean)[] }
  | { term: keyof TenancyTerms; atMost: number };

export const tenancyRules = (t: TenancyFilters | undefined): TenancyRule[] => {
  if (!t) return [];
  const rules: TenancyRule[] = [];
  if (t.furnishing) rules.push({ term: 'furnishing', in: [t.furnishing] });
  if (t.tenants) rules.push({ term: 'preferredTenants', in: tenantsMatching(t.tenants) });
  if (t.petsAllowed !== undefined) rules.push({ term: 'petsAllowed', in: [t.petsAllowed] });
  if (t.food) rules.push({ term: 'food', in: [t.food] });
  if (t.maxDepositMonths !== undefined)
    rules.push({ term: 'depositMonths', atMost: t.maxDepositMonths });
  if (t.maintenanceIncluded !== undefined)
    rules.push({ term: 'maintenanceIncluded', in: [t.maintenanceIncluded] });
  if (t.availableBy) rules.push({ term: 'availableFrom', atMost: dayNumber(t.availableBy) });
  if (t.facing && t.facing.length > 0) rules.push({ term: 'facing', in: t.facing });
  if (t.parking) rules.push({ term: 'parking', in: parkingMatching(t.parking) });
  return rules;
};

/** Whether a listing's terms pass every rule; a term the listing does not give passes none. */
export const matchesTenancy = (terms: TenancyTerms, rules: readonly TenancyRule[]): boolean =>
  rules.every((rule) => {
    const value = terms[rule.term];
    if ('in' in rule)
      return typeof value !== 'number' && value !== undefined && rule.in.includes(value);
    return typeof value === 'number' && value <= rule.atMost;
  });

/** The tenancy filters among a search's flat filters (as a URL or a saved search carries them). */
export const tenancyFiltersOf = (filters: Partial<Record<TenancyFilterKey, unknown>>) => {
  const picked = Object.fromEntries(
    TENANCY_FILTER_KEYS.filter((k) => filters[k] !== undefined).map((k) => [k, filters[k]]),
  ) as TenancyFilters;
  return Object.keys(picked).length > 0 ? picked : undefined;
};
