import type { Fragment, Sql } from 'postgres';
import { tenancyRules, type TenancyFilters } from '@rentals/core/listings/tenancyFilters';
import { FILTERED_TERMS, matchingValues } from '@rentals/core/listings/termCatalogue';
import { whenGiven } from './optionalFilter.ts';

/**
 * The tenancy-term filters in both engines, side by side so they keep one
 * meaning (the parity corpus checks it): a listing that does not give a term
 * matches no filter on it, neither the yes nor the no. Only the full model
 * holds the terms; visitors' searches ignore these filters.
 */

const quote = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
const inList = (attribute: string, values: readonly string[]) =>
  `${attribute} IN [${values.map(quote).join(', ')}]`;
const finite = (value: number) => {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number in a filter: ${value}`);
  return String(value);
};

/** Meilisearch filter clauses (ANDed) for the terms, from the rules (tenancyRules): fields as the index holds them. */
export const tenancyMeiliFilter = (t: TenancyFilters | undefined): string[] =>
  tenancyRules(t).map((rule) => {
    if (!('in' in rule)) return `${rule.term} <= ${finite(rule.atMost)}`;
    const [only] = rule.in;
    return typeof only === 'boolean'
      ? `${rule.term} = ${only}`
      : inList(rule.term, rule.in as string[]);
  });

/**
 * The same filters over `listing_read.tenancy` (the document's `tenancy`
 * object, a column of its own: migration 0190). The deposit
 * in months divides the same doubles as depositInMonths (rent per month:
 * yearly rents over twelve), so a boundary value falls the same side in both.
 * Every condition is always in the text, a filter not given being a null
 * parameter: one query text for every combination (searchWhere says why).
 * Yes/no terms go as text ('true', 'false' or null), declared text in the
 * SQL: postgres.js keys its statements by the types it infers (boolean for
 * true, none for null), and then encodes values by the types Postgres
 * declares for the parameters (a boolean parameter would turn 'true' into
 * false).
 */
export const tenancySqlWhere = (db: Sql, t: TenancyFilters | undefined) => {
  const asked = (t ?? {}) as Record<string, unknown>;
  const term = (key: string) => db`(tenancy ->> ${key})`;
  // The deposit in months however the owner gave it (depositInMonths, worked out the same way).
  const worked: Record<string, Fragment> = {
    depositMonths: db`coalesce(${term('depositMonths')}::float8,
      ${term('depositRupees')}::float8 / (CASE WHEN rent_type = 'yearly' THEN rent / 12 ELSE rent END))`,
  };
  const clause = ({ key, filter }: (typeof FILTERED_TERMS)[number]) => {
    const value = asked[filter.param];
    switch (filter.match) {
      case 'yesNo':
        return whenGiven(
          db,
          typeof value === 'boolean' ? String(value) : undefined,
          db`text`,
          (v) => db`${term(key)}::boolean = ${v}::boolean`,
        );
      case 'atMost':
        return whenGiven(
          db,
          value as number | undefined,
          db`float8`,
          (v) => db`${worked[key] ?? db`${term(key)}::float8`} <= ${v}`,
        );
      case 'onOrBefore':
        return whenGiven(
          db,
          value as string | undefined,
          db`text`,
          (v) => db`${term(key)} <= ${v}`,
        );
      case 'equal':
        return whenGiven(db, value as string | undefined, db`text`, (v) => db`${term(key)} = ${v}`);
      default: {
        const values =
          filter.match === 'anyOf'
            ? (value as string[] | undefined)
            : value === undefined
              ? undefined
              : (matchingValues(key, value as string) as string[]);
        return whenGiven(
          db,
          values && values.length > 0 ? values : undefined,
          db`text[]`,
          (v) => db`${term(key)} = ANY(${v})`,
        );
      }
    }
  };
  return FILTERED_TERMS.map(clause).reduce((all, one) => db`${all} ${one}`, db``);
};
