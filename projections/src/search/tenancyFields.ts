import type { PropertyDocument } from '@rentals/core/contract/property';
import {
  TENANCY_INDEX_FIELDS,
  tenancyTerms,
  type TenancyTerms,
} from '@rentals/core/listings/tenancyFilters';

/**
 * The tenancy terms in the `listings` index (tenancyTerms): each present only
 * when the owner gave it, so a filter on a term never matches a listing that
 * does not say (Meilisearch leaves documents without the field out of `=`,
 * `IN` and ranges alike). Which fields filter by value and which by range
 * follows each term's filter (termCatalogue.ts).
 */
export type TenancySearchFields = TenancyTerms;

export const TENANCY_EQUALITY_FIELDS: string[] = TENANCY_INDEX_FIELDS.equality;
export const TENANCY_RANGE_FIELDS: string[] = TENANCY_INDEX_FIELDS.range;

export const tenancyFields = (doc: PropertyDocument): TenancySearchFields =>
  tenancyTerms(doc.tenancy, doc.rent, doc.rentType);
