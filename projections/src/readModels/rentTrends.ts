import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { monthlyRent, monthOf } from '../queries/rentMarket.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { asListingEvent, type ListingCreated, type ListingEvent } from './listingEvents.ts';
import { movesTrends, rentTrendsFold } from './rentTrendsFold.ts';

export const RENT_TRENDS = 'rent-trends';

/**
 * The latest month the log has reached moves forward: every listing on the
 * market is carried into the months it skipped, with the place and rent it
 * has, and those buckets are marked for recomputation.
 */
const advanceClock = (month: string): Statement =>
  sql`WITH c AS (SELECT month FROM rent_trend_clock),
      filled AS (
        INSERT INTO rent_listing_month (listing_id, month, city_key, area_key, property_type, bedrooms, monthly_rent)
        SELECT l.listing_id, g.month::date, l.city_key, l.area_key, l.property_type, l.bedrooms, l.monthly_rent
        FROM c CROSS JOIN LATERAL generate_series(c.month + interval '1 month', ${month}::date::timestamp, interval '1 month') AS g(month)
          JOIN rent_listing l ON l.listed
        ON CONFLICT (listing_id, month) DO NOTHING
        RETURNING city_key, area_key, property_type, bedrooms, month),
      dirty AS (
        INSERT INTO rent_trend_dirty (city_key, area_key, property_type, bedrooms, month)
        SELECT DISTINCT city_key, area_key, property_type, bedrooms, month FROM filled
        ON CONFLICT DO NOTHING)
    INSERT INTO rent_trend_clock (month) VALUES (${month}::date)
    ON CONFLICT (id) DO UPDATE SET month = greatest(rent_trend_clock.month, excluded.month)`;

/**
 * The listing's months from `month` to the clock, made to match what it is
 * now: while listed it is in each of them with its current place and rent
 * (a later event in the same month overwrites, so a month holds the last
 * rent it was on the market at); once off the market it is in none after
 * `month`. The buckets it leaves (read before the change: one snapshot for
 * the whole statement) and enters are marked. The delete and the upsert
 * never touch the same rows (one needs the listing off the market, the
 * other on it).
 */
const listingMonths = (id: string, month: string): Statement =>
  sql`WITH old AS (
        SELECT city_key, area_key, property_type, bedrooms, month FROM rent_listing_month
        WHERE listing_id = ${id} AND month >= ${month}::date),
      gone AS (
        DELETE FROM rent_listing_month WHERE listing_id = ${id} AND month > ${month}::date
          AND NOT EXISTS (SELECT 1 FROM rent_listing WHERE listing_id = ${id} AND listed)),
      up AS (
        INSERT INTO rent_listing_month (listing_id, month, city_key, area_key, property_type, bedrooms, monthly_rent)
        SELECT l.listing_id, g.month::date, l.city_key, l.area_key, l.property_type, l.bedrooms, l.monthly_rent
        FROM rent_listing l CROSS JOIN rent_trend_clock c
          CROSS JOIN LATERAL generate_series(${month}::date::timestamp, greatest(c.month, ${month}::date)::timestamp, interval '1 month') AS g(month)
        WHERE l.listing_id = ${id} AND l.listed
        ON CONFLICT (listing_id, month) DO UPDATE SET city_key = excluded.city_key, area_key = excluded.area_key,
          property_type = excluded.property_type, bedrooms = excluded.bedrooms, monthly_rent = excluded.monthly_rent
        RETURNING city_key, area_key, property_type, bedrooms, month)
    INSERT INTO rent_trend_dirty (city_key, area_key, property_type, bedrooms, month)
    SELECT DISTINCT * FROM (SELECT * FROM old UNION ALL SELECT * FROM up) AS changed
    ON CONFLICT DO NOTHING`;

/**
 * Any number of creations in one statement: the listings' rows, and their
 * months from each creation's month up to the clock, marked.
 */
const insertCreated = (events: ListingCreated[]): Statement => {
  const rows = events.map(({ data: d }) => ({
    listing_id: d.listingId,
    city: d.location.city,
    city_key: normaliseLocality(d.location.city),
    area: d.location.area,
    area_key: normaliseLocality(d.location.area),
    property_type: d.propertyType,
    bedrooms: d.propertyDetails.bedrooms,
    rent: d.rent,
    rent_type: d.rentType,
    monthly_rent: monthlyRent(d.rent, d.rentType),
    listed: d.isAvailable,
    created_at: d.createdAt,
    listed_since: d.isAvailable ? d.at : null,
    month: monthOf(d.at),
  }));
  return sql`WITH r AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) AS r(listing_id text, city text,
          city_key text, area text, area_key text, property_type text, bedrooms int, rent float8, rent_type text,
          monthly_rent float8, listed boolean, created_at timestamptz, listed_since timestamptz, month date)),
      l AS (
        INSERT INTO rent_listing (listing_id, city, city_key, area, area_key, property_type, bedrooms, rent, rent_type,
          monthly_rent, listed, created_at, listed_since)
        SELECT listing_id, city, city_key, area, area_key, property_type, bedrooms, rent, rent_type, monthly_rent,
          listed, created_at, listed_since FROM r
        ON CONFLICT (listing_id) DO NOTHING
        RETURNING listing_id, city_key, area_key, property_type, bedrooms, monthly_rent, listed),
      up AS (
        INSERT INTO rent_listing_month (listing_id, month, city_key, area_key, property_type, bedrooms, monthly_rent)
        SELECT l.listing_id, g.month::date, l.city_key, l.area_key, l.property_type, l.bedrooms, l.monthly_rent
        FROM l JOIN r USING (listing_id) CROSS JOIN rent_trend_clock c
          CROSS JOIN LATERAL generate_series(r.month::timestamp, greatest(c.month, r.month)::timestamp, interval '1 month') AS g(month)
        WHERE l.listed
        ON CONFLICT (listing_id, month) DO NOTHING
        RETURNING city_key, area_key, property_type, bedrooms, month)
    INSERT INTO rent_trend_dirty (city_key, area_key, property_type, bedrooms, month)
    SELECT DISTINCT city_key, area_key, property_type, bedrooms, month FROM up
    ON CONFLICT DO NOTHING`;
};

/**
 * The marked buckets' medians recomputed from their month rows, for the
 * locality and for its city; a bucket left empty is removed. Run when the runner settles (SqlProjection.settle), not per batch:
 * a bucket's median depends only on its rows, so the order of the batch's
 * changes does not matter.
 */
const recomputeMarked: Statement = sql`WITH d AS (
      DELETE FROM rent_trend_dirty RETURNING city_key, area_key, property_type, bedrooms, month),
    b AS (
      SELECT DISTINCT 'locality' AS scope, city_key, area_key, property_type, bedrooms, month FROM d
      UNION SELECT DISTINCT 'city', city_key, '', property_type, bedrooms, month FROM d),
    f AS (
      SELECT b.scope, b.city_key, b.area_key, b.property_type, b.bedrooms, b.month, s.median, s.sample
      FROM b CROSS JOIN LATERAL (
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY m.monthly_rent) AS median, count(*)::int AS sample
        FROM rent_listing_month m
        WHERE m.city_key = b.city_key AND m.property_type = b.property_type AND m.bedrooms = b.bedrooms
          AND m.month = b.month AND (b.scope = 'city' OR m.area_key = b.area_key)) AS s),
    gone AS (
      DELETE FROM rent_trend t USING f
      WHERE f.sample = 0 AND t.scope = f.scope AND t.city_key = f.city_key AND t.area_key = f.area_key
        AND t.property_type = f.property_type AND t.bedrooms = f.bedrooms AND t.month = f.month)
  INSERT INTO rent_trend (scope, city_key, area_key, property_type, bedrooms, month, median, sample)
  SELECT scope, city_key, area_key, property_type, bedrooms, month, median, sample FROM f WHERE sample > 0
  ON CONFLICT (scope, city_key, area_key, property_type, bedrooms, month)
    DO UPDATE SET median = excluded.median, sample = excluded.sample`;

/** The listing's own row (place, kind, rent, time on the market) and rent changes. */
const listingRow = (event: ListingEvent, position: number): Statement[] => {
  const { listingId: id, at } = event.data;
  switch (event.type) {
    case 'ListingRentChanged': {
      const d = event.data;
      return [
        sql`WITH u AS (
              UPDATE rent_listing SET rent = ${d.rent}::float8, rent_type = ${d.rentType},
                monthly_rent = ${monthlyRent(d.rent, d.rentType)}::float8
              WHERE listing_id = ${id} RETURNING listing_id)
            INSERT INTO rent_change (listing_id, position, at, rent, rent_type, previous_rent, previous_rent_type)
            SELECT listing_id, ${position}::bigint, ${at}::timestamptz, ${d.rent}::float8, ${d.rentType},
              ${d.previousRent}::float8, ${d.previousRentType}
            FROM u
            ON CONFLICT (listing_id, position) DO NOTHING`,
      ];
    }
    case 'ListingLocationChanged': {
      const { city, area } = event.data.location;
      return [
        sql`UPDATE rent_listing SET city = ${city}, city_key = ${normaliseLocality(city)}, area = ${area},
              area_key = ${normaliseLocality(area)}
            WHERE listing_id = ${id}`,
      ];
    }
    case 'ListingDetailsRevised': {
      const { propertyType, propertyDetails } = event.data;
      return [
        sql`UPDATE rent_listing SET property_type = coalesce(${propertyType ?? null}, property_type),
              bedrooms = coalesce(${propertyDetails?.bedrooms ?? null}::int, bedrooms)
            WHERE listing_id = ${id}`,
      ];
    }
    case 'ListingDelisted':
      return [
        sql`UPDATE rent_listing SET listed = false, listed_since = NULL,
              listed_ms = listed_ms + greatest(0, (extract(epoch FROM ${at}::timestamptz - listed_since) * 1000)::bigint)
            WHERE listing_id = ${id} AND listed`,
      ];
    case 'ListingRelisted':
      return [
        sql`UPDATE rent_listing SET listed = true, listed_since = ${at}::timestamptz, times_relisted = times_relisted + 1
            WHERE listing_id = ${id} AND NOT listed`,
      ];
    case 'ListingDeleted':
      return [
        sql`DELETE FROM rent_listing WHERE listing_id = ${id}`,
        sql`DELETE FROM rent_change WHERE listing_id = ${id}`,
      ];
    default:
      return [];
  }
};

const forEvent = (recorded: RecordedEvent): Statement[] => {
  const event = asListingEvent(recorded);
  if (!movesTrends(event)) return [];
  return [
    ...listingRow(event, recorded.position),
    listingMonths(event.data.listingId, monthOf(event.data.at)),
  ];
};

const latestMonth = (events: RecordedEvent[]) =>
  events.map((e) => monthOf(asListingEvent(e).data.at)).reduce((a, b) => (a > b ? a : b));

/**
 * The clock first, then every creation of the batch in one statement, then
 * the other events in log order, then the marked buckets. Hoisting the
 * creations is exact: a creation is its stream's first event and ids are
 * never reused (listingEvents.ts, creationsFirst).
 */
const forBatch = (events: RecordedEvent[]): Statement[] => {
  if (events.length === 0) return [];
  const created = events
    .filter((e) => e.type === 'ListingCreated')
    .map((e) => asListingEvent(e) as ListingCreated);
  return [
    advanceClock(latestMonth(events)),
    ...(created.length > 0 ? [insertCreated(created)] : []),
    ...events.filter((e) => e.type !== 'ListingCreated').flatMap(forEvent),
  ];
};

const HANDLED = [
  'ListingCreated',
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingLocationChanged',
  'ListingDelisted',
  'ListingRelisted',
  'ListingDeleted',
];

/**
 * Rent history and locality rent trends (issue 18). Per live listing: its
 * rent changes, time on the market and relistings. Per city and locality,
 * property type, bedrooms and Indian calendar month: the median monthly rent
 * of the listings on the market in that month (each at the last rent it had
 * there) and how many there were. A batch changes only the month rows of
 * its listings (from each event's month on) and recomputes only the buckets
 * whose rows changed; the clock carries listings with no news into new
 * months. Events may come in any order of `at` across streams (the seed
 * writes a year listing by listing): each event rewrites its listing's
 * months from its own month up to the clock, so the result depends only on
 * each stream's events, not on how the log interleaves them.
 */
export const rentTrendsProjection: SqlProjection = {
  kind: 'sql',
  name: RENT_TRENDS,
  canHandle: HANDLED,
  evolve: (event) => forBatch([event]),
  evolveBatch: forBatch,
  // Recomputing the marked buckets' medians costs seconds on a large backlog (a bulk import, a rebuild): once
  // per batch at the head of the log, else at most every 20 s.
  settle: { statements: [recomputeMarked], atMostEveryMs: 20_000 },
  reset: [
    sql`TRUNCATE rent_listing, rent_change, rent_listing_month, rent_trend, rent_trend_clock, rent_trend_dirty`,
  ],
  tables: [
    'rent_listing',
    'rent_change',
    'rent_listing_month',
    'rent_trend',
    'rent_trend_clock',
    'rent_trend_dirty',
  ],
  foldStreams: rentTrendsFold(HANDLED),
};
