import type { Sql } from 'postgres';
import {
  parkingMatching,
  tenancyRules,
  tenantsMatching,
  type TenancyFilters,
} from '@rentals/core/listings/tenancyFilters';

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
 * The same filters over `listing_read.doc` (its `tenancy` object). The deposit
 * in months divides the same doubles as depositInMonths (rent per month:
 * yearly rents over twelve), so a boundary value falls the same side in both.
 */
export const tenancySqlWhere = (db: Sql, t: TenancyFilters | undefined) => {
  if (!t) return db``;
  const term = (key: string) => db`(doc -> 'tenancy' ->> ${key})`;
  const deposit = db`coalesce(${term('depositMonths')}::float8,
    ${term('depositRupees')}::float8 / (CASE WHEN doc ->> 'rentType' = 'yearly' THEN rent / 12 ELSE rent END))`;
  return db`
    ${t.furnishing ? db`AND ${term('furnishing')} = ${t.furnishing}` : db``}
    ${t.tenants ? db`AND ${term('preferredTenants')} = ANY(${tenantsMatching(t.tenants)}::text[])` : db``}
    ${t.petsAllowed !== undefined ? db`AND ${term('petsAllowed')}::boolean = ${t.petsAllowed}` : db``}
    ${t.food ? db`AND ${term('food')} = ${t.food}` : db``}
    ${t.maxDepositMonths !== undefined ? db`AND ${deposit} <= ${t.maxDepositMonths}::float8` : db``}
    ${t.maintenanceIncluded !== undefined ? db`AND ${term('maintenanceIncluded')}::boolean = ${t.maintenanceIncluded}` : db``}
    ${t.availableBy ? db`AND ${term('availableFrom')} <= ${t.availableBy}` : db``}
    ${t.facing && t.facing.length > 0 ? db`AND ${term('facing')} = ANY(${t.facing as string[]}::text[])` : db``}
    ${t.parking ? db`AND ${term('parking')} = ANY(${parkingMatching(t.parking)}::text[])` : db``}`;
};
