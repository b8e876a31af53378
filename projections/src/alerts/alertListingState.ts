import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { monthlyRent, type Tenancy } from '@rentals/core/listings/tenancy';
import type { TenancyTerms } from '@rentals/core/listings/tenancyFilters';
import type { ListingEvent } from '../readModels/listingEvents.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { availableAfter, termsOf } from './alertStatements.ts';
import type { MatchedListing } from './searchIndex.ts';

// A listing as the alerts projection's in-memory path (alertsMemory.ts) keeps it: evolved
// event by event as alertStatements.ts's listingStatements evolves its alert_listings row.

/** A listing as alert_listings holds it: what the matcher tests and what its free text is made of. */
export type ListingState = MatchedListing & {
  title: string;
  description: string;
  city: string;
  area: string;
  address: string;
  rentType: string;
  tenancy: Tenancy | null;
};

/**
 * The deposit in months from rupees as refreshDepositMonths computes it in
 * SQL (the same doubles divided the same way), added to terms that exist.
 */
const withDepositMonths = (
  terms: TenancyTerms | null,
  tenancy: Tenancy | null,
  rent: number,
  rentType: string,
): TenancyTerms | null =>
  terms !== null && tenancy?.depositRupees !== undefined && tenancy.depositMonths === undefined
    ? { ...terms, depositMonths: tenancy.depositRupees / monthlyRent(rent, rentType) }
    : terms;

const termsFor = (tenancy: Tenancy, rent: number, rentType: string) =>
  withDepositMonths(JSON.parse(termsOf(tenancy)!) as TenancyTerms, tenancy, rent, rentType);

type Of<T extends ListingEvent['type']> = Extract<ListingEvent, { type: T }>;

const created = ({ data: d }: Of<'ListingCreated'>): ListingState => {
  const { city, area, address, coordinates } = d.location;
  const tenancy = d.tenancy ?? null;
  return {
    available: d.isAvailable,
    title: d.title,
    description: d.description,
    propertyType: d.propertyType,
    rent: d.rent,
    rentType: d.rentType,
    city,
    area,
    address,
    cityKey: normaliseLocality(city),
    areaKey: normaliseLocality(area),
    bedrooms: d.propertyDetails.bedrooms ?? null,
    bathrooms: d.propertyDetails.bathrooms ?? null,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    tenancy,
    terms: tenancy ? termsFor(tenancy, d.rent, d.rentType) : null,
    broker: d.owner.role === 'broker',
  };
};

const revised = (state: ListingState, { data: c }: Of<'ListingDetailsRevised'>): ListingState => {
  const next: ListingState = {
    ...state,
    title: c.title ?? state.title,
    description: c.description ?? state.description,
    propertyType: c.propertyType ?? state.propertyType,
    bedrooms: c.propertyDetails?.bedrooms ?? state.bedrooms,
    bathrooms: c.propertyDetails?.bathrooms ?? state.bathrooms,
  };
  if (c.tenancy) {
    next.tenancy = c.tenancy;
    next.terms = termsFor(c.tenancy, next.rent, next.rentType);
  }
  return next;
};

const repriced = (state: ListingState, { data }: Of<'ListingRentChanged'>): ListingState => ({
  ...state,
  rent: data.rent,
  rentType: data.rentType,
  terms: withDepositMonths(state.terms, state.tenancy, data.rent, data.rentType),
});

const moved = (state: ListingState, { data }: Of<'ListingLocationChanged'>): ListingState => {
  const { city, area, address, coordinates } = data.location;
  return {
    ...state,
    city,
    area,
    address,
    cityKey: normaliseLocality(city),
    areaKey: normaliseLocality(area),
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
  };
};

/**
 * A listing after `event`, as alertStatements.ts's listingStatements leaves
 * its row (null: no row); `percolates` whether the event tests it again.
 */
export const evolveListing = (
  state: ListingState | null,
  event: ListingEvent,
): { state: ListingState | null; percolates: boolean } => {
  switch (event.type) {
    case 'ListingCreated':
      return { state: state ?? created(event), percolates: true };
    case 'ListingDetailsRevised':
      return { state: state && revised(state, event), percolates: true };
    case 'ListingRentChanged':
      return { state: state && repriced(state, event), percolates: true };
    case 'ListingLocationChanged':
      return { state: state && moved(state, event), percolates: true };
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingReviewCleared':
    case 'ListingRelisted':
      return { state: state && { ...state, available: availableAfter(event) }, percolates: true };
    case 'ListingOwnerRoleChanged':
      return {
        state: state && { ...state, broker: event.data.role === 'broker' },
        percolates: true,
      };
    case 'ListingDeleted':
      return { state: null, percolates: false };
    default:
      return { state, percolates: false };
  }
};

/** The searchable text percolate.ts gives to_tsvector, made the same way. */
export const textOf = (l: ListingState) =>
  `${l.title} ${l.description} ${l.city} ${l.area} ${l.address}`;

/** A listing's alert_listings row as the batch leaves it. */
const rowOf = (id: string, l: ListingState) => ({
  id,
  available: l.available,
  title: l.title,
  description: l.description,
  property_type: l.propertyType,
  rent: l.rent,
  city: l.city,
  area: l.area,
  address: l.address,
  city_key: l.cityKey,
  area_key: l.areaKey,
  bedrooms: l.bedrooms,
  bathrooms: l.bathrooms,
  latitude: l.latitude,
  longitude: l.longitude,
  rent_type: l.rentType,
  tenancy: l.tenancy,
  terms: l.terms,
  broker: l.broker,
});

/**
 * The statements that leave alert_listings as the batch leaves its listings:
 * each written row once, and the deleted ones gone with their matches.
 */
export const listingRowStatements = (
  listings: ReadonlyMap<string, ListingState | null>,
  written: ReadonlySet<string>,
  deleted: ReadonlySet<string>,
): Statement[] => {
  const statements: Statement[] = [];
  const listingRows = [...written].map((id) => rowOf(id, listings.get(id)!));
  if (listingRows.length > 0)
    statements.push(sql`
        INSERT INTO alert_listings AS a (id, available, title, description, property_type, rent, city, area,
          address, city_key, area_key, bedrooms, bathrooms, latitude, longitude, rent_type, tenancy, terms, broker)
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(listingRows)}::text::jsonb) AS r(id text, available boolean,
          title text, description text, property_type text, rent float8, city text, area text, address text,
          city_key text, area_key text, bedrooms int, bathrooms int, latitude float8, longitude float8,
          rent_type text, tenancy jsonb, terms jsonb, broker boolean)
        ON CONFLICT (id) DO UPDATE SET available = excluded.available, title = excluded.title,
          description = excluded.description, property_type = excluded.property_type, rent = excluded.rent,
          city = excluded.city, area = excluded.area, address = excluded.address, city_key = excluded.city_key,
          area_key = excluded.area_key, bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms,
          latitude = excluded.latitude, longitude = excluded.longitude, rent_type = excluded.rent_type,
          tenancy = excluded.tenancy, terms = excluded.terms, broker = excluded.broker`);
  if (deleted.size > 0)
    statements.push(
      sql`DELETE FROM alert_listings WHERE id = ANY(${[...deleted]}::text[])`,
      sql`DELETE FROM listing_search_matches WHERE listing_id = ANY(${[...deleted]}::text[])`,
    );
  return statements;
};
