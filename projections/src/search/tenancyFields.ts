import type { PropertyDocument } from '@rentals/core/contract/property';
import { depositInMonths } from '@rentals/core/listings/tenancy';
import { dayNumber } from '@rentals/core/listings/tenancyFilters';

/**
 * The tenancy terms in the `listings` index: each present only when the
 * owner gave it, so a filter on a term never matches a listing that does not
 * say (Meilisearch leaves documents without the field out of `=`, `IN` and
 * ranges alike).
 */
export type TenancySearchFields = {
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

export const tenancyFields = (doc: PropertyDocument): TenancySearchFields => {
  const t = doc.tenancy;
  if (!t) return {};
  const fields: TenancySearchFields = {
    furnishing: t.furnishing,
    preferredTenants: t.preferredTenants,
    petsAllowed: t.petsAllowed,
    food: t.food,
    depositMonths: depositInMonths(t, doc.rent, doc.rentType),
    maintenanceIncluded: t.maintenanceIncluded,
    availableFrom: t.availableFrom === undefined ? undefined : dayNumber(t.availableFrom),
    facing: t.facing,
    parking: t.parking,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
};
