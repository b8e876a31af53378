import type { Sql } from 'postgres';
import {
  parkingMatching,
  tenancyRules,
  tenantsMatching,
  type TenancyFilters,
} from '@rentals/core/listings/tenancyFilters';
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
  const term = (key: string) => db`(tenancy ->> ${key})`;
  const deposit = db`coalesce(${term('depositMonths')}::float8,
    ${term('depositRupees')}::float8 / (CASE WHEN rent_type = 'yearly' THEN rent / 12 ELSE rent END))`;
  const equals = (key: string, value: string | undefined) =>
    whenGiven(db, value, db`text`, (v) => db`${term(key)} = ${v}`);
  const anyOf = (key: string, values: readonly string[] | undefined) =>
    whenGiven(db, values, db`text[]`, (v) => db`${term(key)} = ANY(${v})`);
  const yesNo = (key: string, value: boolean | undefined) =>
    whenGiven(
      db,
      value === undefined ? undefined : String(value),
      db`text`,
      (v) => db`${term(key)}::boolean = ${v}::boolean`,
    );
  return db`
    ${equals('furnishing', t?.furnishing)}
    ${anyOf('preferredTenants', t?.tenants ? tenantsMatching(t.tenants) : undefined)}
    ${yesNo('petsAllowed', t?.petsAllowed)}
    ${equals('food', t?.food)}
    ${whenGiven(db, t?.maxDepositMonths, db`float8`, (v) => db`${deposit} <= ${v}`)}
    ${yesNo('maintenanceIncluded', t?.maintenanceIncluded)}
    ${whenGiven(db, t?.availableBy, db`text`, (v) => db`${term('availableFrom')} <= ${v}`)}
    ${anyOf('facing', t?.facing && t.facing.length > 0 ? t.facing : undefined)}
    ${anyOf('parking', t?.parking ? parkingMatching(t.parking) : undefined)}`;
};
