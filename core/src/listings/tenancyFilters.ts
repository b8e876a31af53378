/**
 * The search filters on the tenancy terms, derived from the terms'
 * declarations (termCatalogue.ts): their query names, one schema with bounds
 * and messages for the list, the map and the dashboard's recent searches, and
 * what each matches, as rules every engine reads. A listing whose owner did
 * not give a term is neither a yes nor a no: a filter on that term never
 * shows it (TERM_FILTER_HINT says so in the UI).
 */
import { Type, type TObject, type TOptional, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { messages } from '../schemaErrors.ts';
import { dayNumber } from './calendarDays.ts';
import { CALENDAR_DATE, depositInMonths, type Tenancy } from './tenancy.ts';
import {
  FILTER_PARAMS,
  FILTERED_TERMS,
  filterOptions,
  matchingValues,
  TERMS,
  type FilteredKey as CatalogueFilteredKey,
  type FilterParam,
  type TenancyFilters,
} from './termCatalogue.ts';
import { filterMessage } from './termMessages.ts';

type FilteredKey = CatalogueFilteredKey;

/** The query names, in the order a URL carries them (after the filters of SPEC §4). */
export const TENANCY_FILTER_KEYS = FILTER_PARAMS;
export type TenancyFilterKey = FilterParam;
export type { TenancyFilters };

export const tenancyFilterMessages = Object.fromEntries(
  FILTERED_TERMS.map((f) => [f.filter.param, filterMessage(f)]),
) as Record<TenancyFilterKey, string>;

const choice = (values: readonly string[], message: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    messages({ type: message }),
  );

/** What a filter asks, for OpenAPI: from its kind of match, label and values. */
const describe = ({ key, filter }: (typeof FILTERED_TERMS)[number], values: string[]) => {
  const { label } = filter;
  switch (filter.match) {
    case 'yesNo':
      return `${label}: ${filterOptions(key)
        .map(([v, text]) => `${v} (${text.toLowerCase()})`)
        .join(' or ')}`;
    case 'welcomes':
      return `${label}: listings for them, or for anyone (${values.join(', ')})`;
    case 'atLeast':
      return `${label}: this or more, in the order ${values.join(' < ')}`;
    case 'atMost':
      return `${label}: at most this many ${(TERMS[key] as { unit: string }).unit} (however the owner gave it)`;
    case 'onOrBefore':
      return `${label}: on or before this day (YYYY-MM-DD)`;
    case 'anyOf':
      return `${label}: any of ${values.join(', ')}; comma-separated`;
    default:
      return `${label}: one of ${values.join(', ')}`;
  }
};

/** One filter's schema, from its kind of match. */
const filterSchema = (f: (typeof FILTERED_TERMS)[number]): TSchema => {
  const message = filterMessage(f);
  const { filter } = f;
  const values = filterOptions(f.key).map(([v]) => v);
  const description = describe(f, values);
  switch (filter.match) {
    case 'yesNo':
      return Type.Boolean({ description, ...messages({ type: message }) });
    case 'atMost':
      return Type.Number({
        minimum: 0,
        maximum: (TERMS[f.key] as { max: number }).max,
        description,
        ...messages({ type: message }),
      });
    case 'onOrBefore':
      return Type.String({
        format: CALENDAR_DATE,
        maxLength: 10,
        description,
        ...messages({ type: message, format: message, maxLength: message }),
      });
    case 'anyOf':
      return Type.Array(choice(values, message), {
        maxItems: values.length,
        description,
        ...messages({ type: message, maxItems: message }),
      });
    default:
      return Type.Union(
        values.map((v) => Type.Literal(v)),
        { description, ...messages({ type: message }) },
      );
  }
};

/** The filters as the list and map queries take them (after readTenancyFilters typed the text). */
export const TenancyFilterQuery = Type.Object(
  Object.fromEntries(FILTERED_TERMS.map((f) => [f.filter.param, Type.Optional(filterSchema(f))])),
) as unknown as TObject<{
  [K in TenancyFilterKey]-?: TOptional<TUnsafe<NonNullable<TenancyFilters[K]>>>;
}>;

const DECIMAL = /^\d{1,3}(\.\d{1,4})?$/;

/** One filter's text → the schema's type: yes/no and plain numbers typed, lists split, the rest left for the schema. */
const readOne = (f: (typeof FILTERED_TERMS)[number], query: URLSearchParams, raw: string) => {
  switch (f.filter.match) {
    case 'yesNo':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'atMost':
      return DECIMAL.test(raw) ? Number(raw) : raw;
    case 'anyOf':
      return [
        ...new Set(
          query
            .getAll(f.filter.param)
            .flatMap((v) => v.split(','))
            .map((v) => v.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
    default:
      return raw;
  }
};

/** Query text → the schema's types: blank is absent. */
export const readTenancyFilters = (query: URLSearchParams): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of FILTERED_TERMS) {
    const raw = query.get(f.filter.param)?.trim();
    if (raw) out[f.filter.param] = readOne(f, query, raw);
  }
  return out;
};

/** The move-in day as a sortable number (days since 1970), as the index holds it. */
export { dayNumber };

/**
 * A listing's terms as the filters compare them: what the search index and
 * the saved-search matcher hold. Each is present only when the owner gave it,
 * so a filter on a term never matches a listing that does not say. The
 * deposit is in months of rent however the owner gave it (recomputed when the
 * rent changes); days are days since 1970.
 */
export type TenancyTerms = { [K in FilteredKey]?: string | boolean | number };

/** Terms the index holds as a number worked out from the listing, not as given. */
const WORKED_OUT: Partial<
  Record<FilteredKey, (tenancy: Tenancy, rent: number, rentType: string) => number | undefined>
> = { depositMonths: depositInMonths };

export const tenancyTerms = (
  tenancy: Tenancy | undefined,
  rent: number,
  rentType: string,
): TenancyTerms => {
  if (!tenancy) return {};
  const terms: TenancyTerms = {};
  for (const { key, filter } of FILTERED_TERMS) {
    const k = key as FilteredKey;
    const given = tenancy[key];
    const value = WORKED_OUT[k]
      ? WORKED_OUT[k](tenancy, rent, rentType)
      : filter.match === 'onOrBefore' && typeof given === 'string'
        ? dayNumber(given)
        : given;
    if (value !== undefined) terms[k] = value;
  }
  return terms;
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
  const asked = t as Record<string, unknown>;
  const rules: TenancyRule[] = [];
  for (const { key, filter } of FILTERED_TERMS) {
    const value = asked[filter.param];
    const term = key as FilteredKey;
    if (value === undefined) continue;
    if (filter.match === 'atMost') rules.push({ term, atMost: value as number });
    else if (filter.match === 'onOrBefore')
      rules.push({ term, atMost: dayNumber(value as string) });
    else if (filter.match === 'anyOf') {
      if ((value as string[]).length > 0) rules.push({ term, in: value as string[] });
    } else rules.push({ term, in: matchingValues(key, value as string | boolean) });
  }
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

/** The index's fields for the terms: compared by value, or as numbers (ranges). */
export const TENANCY_INDEX_FIELDS = {
  equality: FILTERED_TERMS.filter((f) => !['atMost', 'onOrBefore'].includes(f.filter.match)).map(
    (f) => f.key,
  ),
  range: FILTERED_TERMS.filter((f) => ['atMost', 'onOrBefore'].includes(f.filter.match)).map(
    (f) => f.key,
  ),
};
