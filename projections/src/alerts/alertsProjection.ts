import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import type { Tenancy } from '@rentals/core/listings/tenancy';
import {
  tenancyFiltersOf,
  tenancyRules,
  tenancyTerms,
} from '@rentals/core/listings/tenancyFilters';
import {
  SAVED_SEARCH_EVENT_TYPES,
  type SavedSearchCreated,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import { queryWords } from '../queries/criteria.ts';
import { prefixQuery } from '../queries/searchInPostgres.ts';
import { asListingEvent, type ListingEvent } from '../readModels/listingEvents.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { percolateAll, percolate as percolateOne, type Percolation } from './percolate.ts';

export const ALERTS_PROJECTION = 'saved-search-alerts';

/** The listing events that can make a listing match or stop matching a search. */
const LISTING_TYPES = [
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingLocationChanged',
  'ListingDelisted',
  'ListingRelisted',
  // An expired listing leaves search like a delisted one (a renewal is a relist).
  'ListingExpired',
  'ListingDeleted',
  // Hidden pending review leaves search like a delisting; a dismissal lists it again like a relist.
  'ListingHiddenForReview',
  'ListingReviewCleared',
] as const satisfies readonly ListingEvent['type'][];

const isSavedSearchEvent = (event: RecordedEvent): boolean =>
  (SAVED_SEARCH_EVENT_TYPES as readonly string[]).includes(event.type);

/** A search's filters as the matcher's columns (saved_search_filters). */
const filterColumns = (d: SavedSearchCreated['data']) => {
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
    drawn_area:
      area?.kind === 'polygon' ? `(${area.points.map(([x, y]) => `(${x},${y})`).join(',')})` : null,
    terms: rules.length > 0 ? rules : null,
  };
};

/** A listing's terms (tenancyTerms) as far as they do not depend on the rent; null when it gives none. */
const termsOf = (tenancy: Tenancy | undefined) => {
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

const savedSearchStatements = (event: SavedSearchEvent): Statement[] => {
  const { searchId, at } = event.data;
  switch (event.type) {
    case 'SavedSearchCreated':
    case 'SavedSearchEdited': {
      const d = event.data;
      const row = JSON.stringify({
        search_id: searchId,
        user_id: d.userId,
        name: d.name,
        alert: d.alert,
        ...filterColumns(d),
      });
      return [
        sql`INSERT INTO saved_search_filters AS s (search_id, user_id, name, alert, city_keys, area_keys,
              property_types, min_rent, max_rent, bedrooms, bathrooms, text_query, west, south, east, north,
              drawn_area, terms, created_at, seen_at)
            SELECT r.search_id, r.user_id, r.name, r.alert, r.city_keys, r.area_keys, r.property_types, r.min_rent,
              r.max_rent, r.bedrooms, r.bathrooms, r.text_query, r.west, r.south, r.east, r.north,
              r.drawn_area::polygon, r.terms, ${at}::timestamptz, ${at}::timestamptz
            FROM jsonb_to_record(${row}::text::jsonb) AS r(search_id text, user_id text, name text, alert text,
              city_keys text[], area_keys text[], property_types text[], min_rent float8, max_rent float8,
              bedrooms int, bathrooms int, text_query text, west float8, south float8, east float8, north float8,
              drawn_area text, terms jsonb)
            ON CONFLICT (search_id) DO UPDATE SET name = excluded.name, alert = excluded.alert,
              city_keys = excluded.city_keys, area_keys = excluded.area_keys,
              property_types = excluded.property_types, min_rent = excluded.min_rent,
              max_rent = excluded.max_rent, bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms,
              text_query = excluded.text_query, west = excluded.west, south = excluded.south,
              east = excluded.east, north = excluded.north, drawn_area = excluded.drawn_area,
              terms = excluded.terms`,
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
const listingStatements = (event: ListingEvent, percolate = percolateOne): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingCreated': {
      const d = event.data;
      const { city, area, address, coordinates } = d.location;
      return [
        sql`INSERT INTO alert_listings (id, available, title, description, property_type, rent, city, area,
              address, city_key, area_key, bedrooms, bathrooms, latitude, longitude, rent_type, tenancy, terms)
            VALUES (${id}, ${d.isAvailable}, ${d.title}, ${d.description}, ${d.propertyType}, ${d.rent}, ${city},
              ${area}, ${address}, ${normaliseLocality(city)}, ${normaliseLocality(area)},
              ${d.propertyDetails.bedrooms ?? null}, ${d.propertyDetails.bathrooms ?? null},
              ${coordinates?.latitude ?? null}, ${coordinates?.longitude ?? null}, ${d.rentType},
              ${d.tenancy ? JSON.stringify(d.tenancy) : null}::text::jsonb, ${termsOf(d.tenancy)}::text::jsonb)
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
    case 'ListingRelisted': {
      const available =
        event.type === 'ListingRelisted' ||
        (event.type === 'ListingReviewCleared' && event.data.isAvailable);
      return [
        sql`UPDATE alert_listings SET available = ${available} WHERE id = ${id}`,
        percolate(id, at),
      ];
    }
    case 'ListingDeleted':
      return [
        sql`DELETE FROM alert_listings WHERE id = ${id}`,
        sql`DELETE FROM listing_search_matches WHERE listing_id = ${id}`,
      ];
    default:
      return [];
  }
};

/** Stands in for a percolation that evolveBatch makes part of its round's statement. */
const IN_ROUND: Statement = { text: '', values: [] };

/**
 * A batch as `evolve` event by event would apply it, with one percolation
 * statement per round instead of one per listing event. Between saved-search
 * events (which change what later events are tested against), round k holds
 * the k-th event of each listing: its column statements in log order, then
 * all of its listings percolated at once. A listing's outcome depends only on
 * its own row and matches, so percolating a round's listings together equals
 * percolating each after its own event; a backlog where each listing is
 * created and then changed is two rounds, not one per listing.
 */
const evolveBatch = (events: RecordedEvent[]): Statement[] => {
  const statements: Statement[] = [];
  let rounds: { statements: Statement[]; listings: Percolation[] }[] = [];
  let eventsOf = new Map<string, number>();
  const close = () => {
    for (const round of rounds)
      statements.push(
        ...round.statements,
        ...(round.listings.length > 0 ? [percolateAll(round.listings)] : []),
      );
    rounds = [];
    eventsOf = new Map();
  };
  for (const event of events) {
    if (isSavedSearchEvent(event)) {
      close();
      statements.push(
        ...savedSearchStatements({ type: event.type, data: event.data } as SavedSearchEvent),
      );
      continue;
    }
    const listing = asListingEvent(event);
    const k = eventsOf.get(listing.data.listingId) ?? 0;
    eventsOf.set(listing.data.listingId, k + 1);
    const round = (rounds[k] ??= { statements: [], listings: [] });
    const collect = (listingId: string, at: string) => {
      round.listings.push({ listingId, at });
      return IN_ROUND;
    };
    round.statements.push(...listingStatements(listing, collect).filter((s) => s !== IN_ROUND));
  }
  close();
  return statements;
};

/**
 * Saved-search matching (issue 17): keeps each saved search's filters and
 * each listing's searchable columns, and on every listing event that can
 * change whether it matches, percolates the listing through the candidate
 * searches (percolate.ts), recording matches and alerts. The new-match
 * counts, the in-app notifications and the emails read listing_search_alerts.
 */
export const alertsProjection: SqlProjection = {
  kind: 'sql',
  name: ALERTS_PROJECTION,
  canHandle: [...LISTING_TYPES, ...SAVED_SEARCH_EVENT_TYPES],
  evolve: (event) =>
    isSavedSearchEvent(event)
      ? savedSearchStatements({ type: event.type, data: event.data } as SavedSearchEvent)
      : listingStatements(asListingEvent(event)),
  evolveBatch,
  reset: [
    sql`TRUNCATE saved_search_filters, saved_search_keys, alert_listings, listing_search_matches,
        listing_search_alerts`,
  ],
  // Rebuilt beside the live tables and swapped in, as the other read models: a reset in place while the
  // running projector writes them deadlocked with it, and readers would see no searches meanwhile.
  tables: [
    'saved_search_filters',
    'saved_search_keys',
    'alert_listings',
    'listing_search_matches',
    'listing_search_alerts',
  ],
};
