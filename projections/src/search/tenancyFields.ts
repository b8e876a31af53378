import type { PropertyDocument } from '@rentals/core/contract/property';
import { tenancyTerms, type TenancyTerms } from '@rentals/core/listings/tenancyFilters';

/**
 * The tenancy terms in the `listings` index (tenancyTerms): each present only
 * when the owner gave it, so a filter on a term never matches a listing that
 * does not say (Meilisearch leaves documents without the field out of `=`,
 * `IN` and ranges alike).
 */
export type TenancySearchFields = TenancyTerms;

export const TENANCY_EQUALITY_FIELDS = [
  'furnishing',
  'preferredTenants',
  'petsAllowed',
  'food',
  'maintenanceIncluded',
  'facing',
  'parking',
];
export const TENANCY_RANGE_FIELDS = ['depositMonths', 'availableFrom'];

export const tenancyFields = (doc: PropertyDocument): TenancySearchFields =>
  tenancyTerms(doc.tenancy, doc.rent, doc.rentType);
