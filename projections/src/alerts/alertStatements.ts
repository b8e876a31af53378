import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { polygonLiteral } from '@rentals/core/geo/polygon';
import type { Tenancy } from '@rentals/core/listings/tenancy';
import {
  tenancyFiltersOf,
  tenancyRules,
  tenancyTerms,
} from '@rentals/core/listings/tenancyFilters';
import type { SavedSearchCreated, SavedSearchEvent } from '@rentals/core/savedSearches/events';
import { queryWords } from '../queries/criteria.ts';
import { prefixQuery } from '../queries/searchInPostgres.ts';
import type { ListingEvent } from '../readModels/listingEvents.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { percolate as percolateOne } from './percolate.ts';

// The alerts projection's table statements (alert_listings, the saved searches' filters and keys):
// shared by its SQL path (alertsProjection.ts) and its in-memory path (alertsMemory.ts).

/** Whether a listing is available after one of the events that list or unlist it. */
export const availableAfter = (
  event: Extract<
    ListingEvent,
    {
      type:
        | 'ListingDelisted'
        | 'ListingExpired'
        | 'ListingHiddenForReview'
        | 'ListingReviewCleared'
        | 'ListingRelisted';
    }
  >,
) =>
  event.type === 'ListingRelisted' ||
  (event.type === 'ListingReviewCleared' && event.data.isAvailable);

/** A relist of a home let since it was last listed: it matches again, but is not announced as new. */
export const isRelistAfterLet = (event: ListingEvent) =>
  event.type === 'ListingRelisted' && event.data.afterLet === true;

/** A map area's box, when the search has one. */
export const bboxOf = (c: {
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}) =>
  c.west === null || c.south === null || c.east === null || c.north === null
    ? null
    : { west: c.west, south: c.south, east: c.east, north: c.north };

/** A search's filters as the matcher's columns (saved_search_filters). */
export const filterColumns = (d: SavedSearchCreated['data']) => {
  const words = queryWords(d.places.q);
  const area = d.area;
  const rules = tenancyRules(tenancyFiltersOf(d.filters));
  return {
    city_keys: d.places.cities ?? null,
    area_keys: d.places.areas ?? null,
    property_types: d.filters.propertyType?.length ? d.filters.propertyType : null,
    min_rent: d.filters.minRent ?? null,
    max_rent: d.filters.maxRent ?? null,
    bedrooms: d.filters.bedrooms ?? null,
    bathrooms: d.filters.bathrooms ?? null,
    text_query: words.length > 0 ? prefixQuery(words) : null,
    west: area?.kind === 'bbox' ? area.west : null,
    south: area?.kind === 'bbox' ? area.south : null,
    east: area?.kind === 'bbox' ? area.east : null,
    north: area?.kind === 'bbox' ? area.north : null,
    drawn_area: area?.kind === 'polygon' ? polygonLiteral(area.points) : null,
    terms: rules.length > 0 ? rules : null,
    owners_only: d.filters.ownersOnly === true,
  };
};

/** A listing's terms (tenancyTerms) as far as they do not depend on the rent; null when it gives none. */
export const termsOf = (tenancy: Tenancy | undefined) => {
  if (!tenancy) return null;
  const { depositRupees: _inRupees, ...rest } = tenancy;
  return JSON.stringify(tenancyTerms(rest, 1, 'monthly'));
};

/**
 * A deposit given in rupees as months of the current rent, as depositInMonths
 * computes it (and the Postgres search, tenancySqlWhere): the same doubles
 * divided the same way, so a boundary value falls the same side everywhere.
 */
const refreshDepositMonths = (id: string): Statement =>
  sql`UPDATE alert_listings SET terms = terms || jsonb_build_object('depositMonths',
        (tenancy ->> 'depositRupees')::float8 / (CASE WHEN rent_type = 'yearly' THEN rent / 12 ELSE rent END))
      WHERE id = ${id} AND tenancy ? 'depositRupees' AND NOT tenancy ? 'depositMonths'`;

/** The search's percolation keys again from its row: cities × areas × types ('' for any); none while paused. */
const rekey = (searchId: string): Statement[] => [
  sql`DELETE FROM saved_search_keys WHERE search_id = ${searchId}`,
  sql`INSERT INTO saved_search_keys (city_key, area_key, property_type, search_id)
      SELECT DISTINCT c, a, t, s.search_id FROM saved_search_filters s,
        unnest(coalesce(s.city_keys, ARRAY[''])) AS c, unnest(coalesce(s.area_keys, ARRAY[''])) AS a,
        unnest(coalesce(s.property_types, ARRAY[''])) AS t
      WHERE s.search_id = ${searchId} AND NOT s.paused`,
];

export const savedSearchStatements = (event: SavedSearchEvent, searchNo?: number): Statement[] => {
  const { searchId, at } = event.data;
  switch (event.type) {
    case 'SavedSearchCreated':
    case 'SavedSearchEdited': {
      const d = event.data;
      const row = JSON.stringify({
        search_no: searchNo ?? null,
        search_id: searchId,
        user_id: d.userId,
        name: d.name,
        alert: d.alert,
        ...filterColumns(d),
      });
      return [
        // The number is the in-memory path's (taken from the sequence before the batch, so it knows it);
        // else the sequence's next. An existing search keeps its number.
        sql`INSERT INTO saved_search_filters AS s (search_no, search_id, user_id, name, alert, city_keys, area_keys,
              property_types, min_rent, max_rent, bedrooms, bathrooms, text_query, west, south, east, north,
              drawn_area, terms, owners_only, created_at, seen_at)
            SELECT coalesce(r.search_no, nextval('saved_search_no')), r.search_id, r.user_id, r.name, r.alert, r.city_keys, r.area_keys, r.property_types, r.min_rent,
              r.max_rent, r.bedrooms, r.bathrooms, r.text_query, r.west, r.south, r.east, r.north,
              r.drawn_area::polygon, r.terms, r.owners_only, ${at}::timestamptz, ${at}::timestamptz
            FROM jsonb_to_record(${row}::text::jsonb) AS r(search_no int, search_id text, user_id text, name text, alert text,
              city_keys text[], area_keys text[], property_types text[], min_rent float8, max_rent float8,
              bedrooms int, bathrooms int, text_query text, west float8, south float8, east float8, north float8,
              drawn_area text, terms jsonb, owners_only boolean)
            ON CONFLICT (search_id) DO UPDATE SET name = excluded.name, alert = excluded.alert,
              city_keys = excluded.city_keys, area_keys = excluded.area_keys,
              property_types = excluded.property_types, min_rent = excluded.min_rent,
              max_rent = excluded.max_rent, bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms,
              text_query = excluded.text_query, west = excluded.west, south = excluded.south,
              east = excluded.east, north = excluded.north, drawn_area = excluded.drawn_area,
              terms = excluded.terms, owners_only = excluded.owners_only`,
        ...rekey(searchId),
      ];
    }
    case 'SavedSearchPaused':
    case 'SavedSearchResumed':
      return [
        sql`UPDATE saved_search_filters SET paused = ${event.type === 'SavedSearchPaused'}
            WHERE search_id = ${searchId}`,
        ...rekey(searchId),
      ];
    case 'SavedSearchUnsubscribed':
      return [sql`UPDATE saved_search_filters SET alert = 'off' WHERE search_id = ${searchId}`];
    case 'SavedSearchSeen':
      return [
        sql`UPDATE saved_search_filters SET seen_at = greatest(seen_at, ${at}::timestamptz)
            WHERE search_id = ${searchId}`,
      ];
    case 'SavedSearchDeleted':
      return [
        sql`DELETE FROM saved_search_keys WHERE search_id = ${searchId}`,
        // Its number stays in listings' matches and alerts, where nothing names it any more (numbers are
        // never given twice): the readers join the searches.
        sql`DELETE FROM saved_search_filters WHERE search_id = ${searchId}`,
      ];
  }
};

/**
 * The listing's columns after the event, then its percolation: `percolate`
 * is a parameter so that evolveBatch can collect a round's listings and
 * percolate them together.
 */
export const listingStatements = (event: ListingEvent, percolate = percolateOne): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingCreated': {
      const d = event.data;
      const { city, area, address, coordinates } = d.location;
      return [
        sql`INSERT INTO alert_listings (id, available, title, description, property_type, rent, city, area,
              address, city_key, area_key, bedrooms, bathrooms, latitude, longitude, rent_type, tenancy, terms,
              broker)
            VALUES (${id}, ${d.isAvailable}, ${d.title}, ${d.description}, ${d.propertyType}, ${d.rent}, ${city},
              ${area}, ${address}, ${normaliseLocality(city)}, ${normaliseLocality(area)},
              ${d.propertyDetails.bedrooms ?? null}, ${d.propertyDetails.bathrooms ?? null},
              ${coordinates?.latitude ?? null}, ${coordinates?.longitude ?? null}, ${d.rentType},
              ${d.tenancy ? JSON.stringify(d.tenancy) : null}::text::jsonb, ${termsOf(d.tenancy)}::text::jsonb,
              ${d.owner.role === 'broker'})
            ON CONFLICT (id) DO NOTHING`,
        refreshDepositMonths(id),
        percolate(id, at),
      ];
    }
    case 'ListingDetailsRevised': {
      const c = event.data;
      return [
        sql`UPDATE alert_listings SET title = coalesce(${c.title ?? null}, title),
              description = coalesce(${c.description ?? null}, description),
              property_type = coalesce(${c.propertyType ?? null}, property_type),
              bedrooms = coalesce(${c.propertyDetails?.bedrooms ?? null}::int, bedrooms),
              bathrooms = coalesce(${c.propertyDetails?.bathrooms ?? null}::int, bathrooms)
            WHERE id = ${id}`,
        ...(c.tenancy
          ? [
              sql`UPDATE alert_listings SET tenancy = ${JSON.stringify(c.tenancy)}::text::jsonb,
                    terms = ${termsOf(c.tenancy)}::text::jsonb
                  WHERE id = ${id}`,
              refreshDepositMonths(id),
            ]
          : []),
        percolate(id, at),
      ];
    }
    case 'ListingRentChanged':
      return [
        sql`UPDATE alert_listings SET rent = ${event.data.rent}, rent_type = ${event.data.rentType}
            WHERE id = ${id}`,
        refreshDepositMonths(id),
        percolate(id, at),
      ];
    case 'ListingLocationChanged': {
      const { city, area, address, coordinates } = event.data.location;
      return [
        sql`UPDATE alert_listings SET city = ${city}, area = ${area}, address = ${address},
              city_key = ${normaliseLocality(city)}, area_key = ${normaliseLocality(area)},
              latitude = ${coordinates?.latitude ?? null}, longitude = ${coordinates?.longitude ?? null}
            WHERE id = ${id}`,
        percolate(id, at),
      ];
    }
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingReviewCleared':
    case 'ListingRelisted':
      return [
        sql`UPDATE alert_listings SET available = ${availableAfter(event)} WHERE id = ${id}`,
        percolate(id, at, isRelistAfterLet(event)),
      ];
    case 'ListingOwnerRoleChanged':
      return [
        sql`UPDATE alert_listings SET broker = ${event.data.role === 'broker'} WHERE id = ${id}`,
        percolate(id, at),
      ];
    case 'ListingDeleted':
      return [
        sql`DELETE FROM alert_listings WHERE id = ${id}`,
        sql`DELETE FROM listing_search_matches WHERE listing_id = ${id}`,
      ];
    default:
      return [];
  }
};
