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

/** What a rebuild gathers over every batch, for the months up to the clock and the medians at the end. */
type Gathered = {
  /** The latest month of the streams folded so far. */
  clock: string;
  /** The listings on the market after their stream's latest month: carried from there to the clock. */
  listed: { id: string; last: string; listing: Listing }[];
  /** Monthly rents per bucket (locality, and city) and month, each bucket with its `rent_trend` row's key columns. */
  buckets: Map<string, Bucket>;
};

type Bucket = { key: unknown[]; months: Map<string, number[]> };

const bucketOf = (buckets: Gathered['buckets'], id: string, key: unknown[]) => {
  let bucket = buckets.get(id);
  if (!bucket) buckets.set(id, (bucket = { key, months: new Map() }));
  return bucket;
};

/** The locality's and the city's bucket of a month row's place, type and bedrooms. */
const bucketsOf = (
  buckets: Gathered['buckets'],
  city: string,
  area: string,
  type: string,
  bedrooms: number,
) => [
  bucketOf(buckets, `l\u0000${city}\u0000${area}\u0000${type}\u0000${bedrooms}`, [
    'locality',
    city,
    area,
    type,
    bedrooms,
  ]),
  bucketOf(buckets, `c\u0000${city}\u0000${type}\u0000${bedrooms}`, [
    'city',
    city,
    '',
    type,
    bedrooms,
  ]),
];

const addRent = (bucket: Bucket, month: string, rent: number) => {
  const rents = bucket.months.get(month);
  if (rents) rents.push(rent);
  else bucket.months.set(month, [rent]);
};

type MonthRow = [string, string, string, string, string, number, number];

/** A month row's rent in its locality's and its city's bucket. */
const gatherMonth = (buckets: Gathered['buckets'], row: unknown[]) => {
  const [, month, city, area, type, bedrooms, rent] = row as MonthRow;
  for (const bucket of bucketsOf(buckets, city, area, type, bedrooms)) addRent(bucket, month, rent);
};

/**
 * `percentile_cont(0.5)` as Postgres computes it over float8: the middle
 * value, or the lower middle plus half the gap to the upper one (the same
 * double arithmetic, so the same figure to the last bit).
 */
const median = (rents: readonly number[]) => {
  const sorted = Float64Array.from(rents).sort();
  const row = 0.5 * (sorted.length - 1);
  const lo = sorted[Math.floor(row)]!;
  const hi = sorted[Math.ceil(row)]!;
  return Math.floor(row) === row ? lo : lo + 0.5 * (hi - lo);
};

/**
 * Once every stream is in: the listings still on the market carried from
 * their latest month to the clock (the log's latest month, which the
 * per-batch statements raised), and every bucket's median and sample, for
 * the locality and for the city, from the rents gathered while folding
 * (instead of two sorts of every month row in Postgres). Nothing is left
 * marked.
 */
const finish = ({ clock, listed, buckets }: Gathered) => {
  const following = new Map<string, string>();
  const next = (month: string) => {
    let after = following.get(month);
    if (!after) following.set(month, (after = monthsBefore(month, -1)));
    return after;
  };
  const carried: unknown[][] = [];
  for (const { id, last, listing } of listed) {
    const first = next(last);
    if (first > clock) continue;
    // The listing's place and rent once; only the month changes.
    const [, , city, area, type, bedrooms, rent] = monthRow(id, first, listing) as MonthRow;
    const into = bucketsOf(buckets, city, area, type, bedrooms);
    for (let m = first; m <= clock; m = next(m)) {
      carried.push([id, m, city, area, type, bedrooms, rent]);
      for (const bucket of into) addRent(bucket, m, rent);
    }
  }
  const trends: unknown[][] = [];
  for (const { key, months } of buckets.values())
    for (const [month, rents] of months) trends.push([...key, month, median(rents), rents.length]);
  return { rows: { rent_listing_month: carried, rent_trend: trends } };
};

/** The columns of each table a rebuild writes, in the order `rows` gives them. */
const COLUMNS = {
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
  rent_trend: [
    'scope',
    'city_key',
    'area_key',
    'property_type',
    'bedrooms',
    'month',
    'median',
    'sample',
  ],
};

/**
 * How a rebuild fills rent trends from folded listing streams (StreamFold):
 * each listing's rows written once, the clock raised per batch, and the
 * months up to the clock and every median computed at the end from what the
 * batches gathered, instead of two statements per event and a median per
 * marked bucket.
 */
export const rentTrendsFold = (handled: readonly string[]): StreamFold =>
  streamFold({
    streamType: LISTING_STREAM_TYPE,
    // Only what the projection handles: the clock never moves for other events.
    eventTypes: handled,
    columns: COLUMNS,
    // The listing's words, photos, facilities, contact and owner: most of a creation's data, never read here.
    omitData: ['title', 'description', 'images', 'facilities', 'contactInfo', 'owner', 'showOnMap'],
    fold: foldListing,
    begin: (): Gathered => ({ clock: '', listed: [], buckets: new Map() }),
    rows: (_db, folded, run) => {
      const months: unknown[][] = [];
      for (const f of folded) {
        for (const row of f.months.values()) {
          months.push(row);
          gatherMonth(run.buckets, row);
        }
        if (f.listing?.listed) run.listed.push({ id: f.id, last: f.last, listing: f.listing });
        if (f.last > run.clock) run.clock = f.last;
      }
      return {
        rent_listing: folded.flatMap((f) => (f.listing ? [listingRow(f.id, f.listing)] : [])),
        rent_change: folded.flatMap((f) => f.changes),
        rent_listing_month: months,
      };
    },
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
