import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import { monthlyRent, monthOf, monthsBefore } from '../queries/rentMarket.ts';
import { sql } from '../runner/statement.ts';
import { streamFold, type StreamFold } from '../runner/streamFold.ts';
import { asListingEvent, type ListingEvent } from './listingEvents.ts';

/** Whether the event can move the listing between trend buckets or on or off the market. */
export const movesTrends = (event: ListingEvent) =>
  event.type !== 'ListingDetailsRevised' ||
  event.data.propertyType !== undefined ||
  event.data.propertyDetails !== undefined;

/** A live listing's `rent_listing` row, as the projection's statements leave it. */
type Listing = {
  city: string;
  area: string;
  propertyType: string;
  bedrooms: number;
  rent: number;
  rentType: string;
  listed: boolean;
  createdAt: string;
  listedSince: string | null;
  listedMs: number;
  timesRelisted: number;
};

type Folded = {
  id: string;
  /** Absent once deleted. */
  listing: Listing | undefined;
  /** `rent_change` rows, in stream order. */
  changes: unknown[][];
  /** `rent_listing_month` rows by month, up to `last`. */
  months: Map<string, unknown[]>;
  /** The latest month of the stream's events: the clock has reached it. */
  last: string;
};

const monthRow = (id: string, month: string, l: Listing): unknown[] => [
  id,
  month,
  normaliseLocality(l.city),
  normaliseLocality(l.area),
  l.propertyType,
  l.bedrooms,
  monthlyRent(l.rent, l.rentType),
];

/** What the projection's per-event statements do to the listing's own row and rent changes (rentTrends.ts, listingRow). */
const applyToListing = (folded: Folded, event: ListingEvent, position: number) => {
  const l = folded.listing;
  const { at } = event.data;
  switch (event.type) {
    case 'ListingCreated': {
      const d = event.data;
      folded.listing ??= {
        city: d.location.city,
        area: d.location.area,
        propertyType: d.propertyType,
        bedrooms: d.propertyDetails.bedrooms,
        rent: d.rent,
        rentType: d.rentType,
        listed: d.isAvailable,
        createdAt: d.createdAt,
        listedSince: d.isAvailable ? at : null,
        listedMs: 0,
        timesRelisted: 0,
      };
      return;
    }
    case 'ListingRentChanged': {
      if (!l) return;
      const d = event.data;
      l.rent = d.rent;
      l.rentType = d.rentType;
      folded.changes.push([
        folded.id,
        position,
        at,
        d.rent,
        d.rentType,
        d.previousRent,
        d.previousRentType,
      ]);
      return;
    }
    case 'ListingLocationChanged':
      if (l) {
        l.city = event.data.location.city;
        l.area = event.data.location.area;
      }
      return;
    case 'ListingDetailsRevised':
      if (l) {
        l.propertyType = event.data.propertyType ?? l.propertyType;
        l.bedrooms = event.data.propertyDetails?.bedrooms ?? l.bedrooms;
      }
      return;
    case 'ListingDelisted':
      if (l?.listed) {
        l.listedMs += Math.max(0, Date.parse(at) - Date.parse(l.listedSince!));
        l.listed = false;
        l.listedSince = null;
      }
      return;
    case 'ListingRelisted':
      if (l && !l.listed) {
        l.listed = true;
        l.listedSince = at;
        l.timesRelisted += 1;
      }
      return;
    case 'ListingDeleted':
      folded.listing = undefined;
      folded.changes = [];
      return;
    default:
      return;
  }
};

/**
 * One listing's rows, as the per-event statements leave them with the clock
 * at the stream's latest month: after each event that moves trends, its
 * months from the event's month to that clock hold its place and rent while
 * it is listed, and the months after the event's are dropped while it is
 * not. Equal to the log applied event by event because each event rewrites
 * every month from its own to the clock (rentTrends.ts, listingMonths).
 */
const foldListing = (events: RecordedEvent[]): Folded => {
  const listing = events.map(asListingEvent);
  const last = listing.map((e) => monthOf(e.data.at)).reduce((a, b) => (a > b ? a : b));
  const folded: Folded = {
    id: listing[0]!.data.listingId,
    listing: undefined,
    changes: [],
    months: new Map(),
    last,
  };
  for (const [i, event] of listing.entries()) {
    if (!movesTrends(event)) continue;
    applyToListing(folded, event, events[i]!.position);
    const from = monthOf(event.data.at);
    const l = folded.listing;
    if (l?.listed)
      for (let m = from; m <= last; m = monthsBefore(m, -1))
        folded.months.set(m, monthRow(folded.id, m, l));
    else for (const m of folded.months.keys()) if (m > from) folded.months.delete(m);
  }
  return folded;
};

const listingRow = (id: string, l: Listing): unknown[] => [
  id,
  l.city,
  normaliseLocality(l.city),
  l.area,
  normaliseLocality(l.area),
  l.propertyType,
  l.bedrooms,
  l.rent,
  l.rentType,
  monthlyRent(l.rent, l.rentType),
  l.listed,
  l.createdAt,
  l.listedSince,
  l.listedMs,
  l.timesRelisted,
];

/**
 * Once every stream is in: the listings still on the market carried from
 * their latest month to the clock (the log's latest month, which the
 * per-batch statements raised), then every bucket's median in one pass, for
 * the locality and for the city. Nothing is left marked.
 */
const finish = [
  sql`SELECT set_config('work_mem', '256MB', true)`,
  // Fresh copies have no statistics: without them the planner joins the listings to their months badly.
  sql`ANALYZE rent_listing, rent_listing_month`,
  sql`INSERT INTO rent_listing_month (listing_id, month, city_key, area_key, property_type, bedrooms, monthly_rent)
      SELECT l.listing_id, g.month::date, l.city_key, l.area_key, l.property_type, l.bedrooms, l.monthly_rent
      FROM rent_listing l
        JOIN (SELECT listing_id, max(month) AS last FROM rent_listing_month GROUP BY listing_id) m USING (listing_id)
        CROSS JOIN rent_trend_clock c
        CROSS JOIN LATERAL generate_series(m.last + interval '1 month', c.month::timestamp, interval '1 month') AS g(month)
      WHERE l.listed`,
  sql`INSERT INTO rent_trend (scope, city_key, area_key, property_type, bedrooms, month, median, sample)
      SELECT 'locality', city_key, area_key, property_type, bedrooms, month,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY monthly_rent), count(*)::int
      FROM rent_listing_month GROUP BY city_key, area_key, property_type, bedrooms, month
      UNION ALL
      SELECT 'city', city_key, '', property_type, bedrooms, month,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY monthly_rent), count(*)::int
      FROM rent_listing_month GROUP BY city_key, property_type, bedrooms, month`,
];

/**
 * How a rebuild fills rent trends from folded listing streams (StreamFold):
 * each listing's rows written once, the clock raised per batch, and the
 * months up to the clock and every median computed set-based at the end,
 * instead of two statements per event and a median per marked bucket.
 */
export const rentTrendsFold = (handled: readonly string[]): StreamFold =>
  streamFold({
    streamType: LISTING_STREAM_TYPE,
    // Only what the projection handles: the clock never moves for other events.
    eventTypes: handled,
    columns: {
      rent_listing: [
        'listing_id',
        'city',
        'city_key',
        'area',
        'area_key',
        'property_type',
        'bedrooms',
        'rent',
        'rent_type',
        'monthly_rent',
        'listed',
        'created_at',
        'listed_since',
        'listed_ms',
        'times_relisted',
      ],
      rent_change: [
        'listing_id',
        'position',
        'at',
        'rent',
        'rent_type',
        'previous_rent',
        'previous_rent_type',
      ],
      rent_listing_month: [
        'listing_id',
        'month',
        'city_key',
        'area_key',
        'property_type',
        'bedrooms',
        'monthly_rent',
      ],
    },
    fold: foldListing,
    rows: (_db, folded) => ({
      rent_listing: folded.flatMap((f) => (f.listing ? [listingRow(f.id, f.listing)] : [])),
      rent_change: folded.flatMap((f) => f.changes),
      rent_listing_month: folded.flatMap((f) => [...f.months.values()]),
    }),
    statements: (folded) => {
      if (folded.length === 0) return [];
      const month = folded.map((f) => f.last).reduce((a, b) => (a > b ? a : b));
      return [
        sql`INSERT INTO rent_trend_clock (month) VALUES (${month}::date)
            ON CONFLICT (id) DO UPDATE SET month = greatest(rent_trend_clock.month, excluded.month)`,
      ];
    },
    finish,
  });
