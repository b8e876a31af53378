import type { Sql } from 'postgres';
import { MIN_LET_SAMPLE } from '@rentals/core/listings/let';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import type { Locale } from '@rentals/core/i18n/locales';
import { TOO_CHEAP_WARNING } from '@rentals/core/trust/tooCheap';
import {
  describeLet,
  describeRentChange,
  FAIR_RENT_RADII_KM,
  fairRent,
  monthsBefore,
  shownMedian,
  type ComparableTier,
  type FairRent,
  type Median,
} from './rentMarket.ts';

/** Months a trend series covers, the latest included: this month and the twelve before it. */
export const TREND_MONTHS = 13;

const DAY_MS = 86_400_000;

export type RentChange = {
  at: string;
  rent: number;
  rentType: string;
  previousRent: number;
  previousRentType: string;
  text: string;
};

export type ListingMarket = {
  rentHistory: RentChange[];
  daysOnMarket: number;
  timesRelisted: number;
  fairRent: FairRent | null;
  /** The warning tenants read when the rent is much below comparable homes, else null. */
  warning: string | null;
};

type ListingRow = {
  listedMs: string;
  listedSince: Date | null;
  timesRelisted: number;
  monthlyRent: number;
  city: string;
  area: string;
  propertyType: string;
  bedrooms: number;
};

type TierRow = {
  tier: 'locality' | 'nearby' | 'city';
  km: number | null;
  median: number | null;
  sample: number;
};

/**
 * The comparables of a listing at every tier, in one bounded read: this
 * month's rows of its city, property type and bedrooms (the bucket index of
 * rent_listing_month), each placed by its position in listing_read. A tier
 * counts the listing itself, as the locality trend does. 'nearby' needs both
 * positions: a listing without one skips the circles.
 */
const comparableTiers = (sql: Sql, listingId: string) =>
  sql<TierRow[]>`
    WITH me AS (
        SELECT l.city_key, l.area_key, l.property_type, l.bedrooms, c.month, r.latitude, r.longitude
        FROM rent_listing l CROSS JOIN rent_trend_clock c LEFT JOIN listing_read r ON r.id = l.listing_id
        WHERE l.listing_id = ${listingId}),
      peers AS MATERIALIZED (
        SELECT m.monthly_rent, m.area_key = me.area_key AS same_area,
          sqrt(((p.latitude - me.latitude) * 110.574) ^ 2
            + ((p.longitude - me.longitude) * 111.320 * cos(radians(me.latitude))) ^ 2) AS km
        FROM me JOIN rent_listing_month m ON m.city_key = me.city_key AND m.property_type = me.property_type
            AND m.bedrooms = me.bedrooms AND m.month = me.month
          LEFT JOIN listing_read p ON p.id = m.listing_id)
    SELECT 'locality' AS tier, NULL::float8 AS km, count(*)::int AS sample,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY monthly_rent) AS median
      FROM peers WHERE same_area
    UNION ALL
    SELECT 'nearby', r.km, count(p.monthly_rent)::int, percentile_cont(0.5) WITHIN GROUP (ORDER BY p.monthly_rent)
      FROM unnest(${[...FAIR_RENT_RADII_KM]}::float8[]) AS r(km) LEFT JOIN peers p ON p.km <= r.km
      GROUP BY r.km
    UNION ALL
    SELECT 'city', NULL, count(*)::int, percentile_cont(0.5) WITHIN GROUP (ORDER BY monthly_rent) FROM peers`;

/** The tiers narrowest first, as the fair-rent rule takes them. */
const orderedTiers = (rows: TierRow[], place: { city: string; area: string }): ComparableTier[] => {
  const median = (r: TierRow | undefined): Median | undefined =>
    r && r.median !== null ? { median: r.median, sample: r.sample } : undefined;
  const nearby = rows
    .filter((r) => r.tier === 'nearby' && r.km !== null)
    .sort((a, b) => a.km! - b.km!)
    .map((r): ComparableTier => ({ basis: 'nearby', km: r.km!, comparable: median(r) }));
  return [
    {
      basis: 'locality',
      place: place.area,
      comparable: median(rows.find((r) => r.tier === 'locality')),
    },
    ...nearby,
    { basis: 'city', place: place.city, comparable: median(rows.find((r) => r.tier === 'city')) },
  ];
};

type PlacedKind = {
  monthlyRent: number;
  city: string;
  area: string;
  propertyType: string;
  bedrooms: number;
};

/** A listing's fair-rent hint from its row and its comparables (null: no tier has enough). */
const hintOf = (row: PlacedKind, tiers: TierRow[], locale: Locale = 'en'): FairRent | null =>
  fairRent(row.monthlyRent, row, orderedTiers(tiers, row), locale);

/**
 * One live listing's monthly rent and fair-rent hint, as its market shows
 * them (the 'too cheap' sweep, projections/src/trust/rentCheck.ts, asks this).
 * Null when the rent-trends model does not have the listing.
 */
export const listingFairRent = async (
  sql: Sql,
  listingId: string,
): Promise<{ monthlyRent: number; fair: FairRent | null } | null> => {
  const [[row], tiers] = await Promise.all([
    sql<PlacedKind[]>`
      SELECT monthly_rent AS "monthlyRent", city, area, property_type AS "propertyType", bedrooms
        FROM rent_listing WHERE listing_id = ${listingId}`,
    comparableTiers(sql, listingId),
  ]);
  return row ? { monthlyRent: row.monthlyRent, fair: hintOf(row, tiers) } : null;
};

/**
 * A live listing's rent changes (oldest first), whole days on the market
 * (every listed period, the current one up to `now`; relisting does not
 * start the count again), relistings and its fair-rent hint against this
 * month's median of comparable listings: its locality, else within each of
 * FAIR_RENT_RADII_KM, else its city. Null when unknown.
 */
export const listingMarket = async (
  sql: Sql,
  listingId: string,
  now: Date,
  /** The language of its sentences (the fair-rent hint, the rent changes). */
  locale: Locale = 'en',
): Promise<ListingMarket | null> => {
  const [row] = await sql<ListingRow[]>`
    SELECT listed_ms AS "listedMs", listed_since AS "listedSince", times_relisted AS "timesRelisted",
        monthly_rent AS "monthlyRent", city, area, property_type AS "propertyType", bedrooms
      FROM rent_listing WHERE listing_id = ${listingId}`;
  if (!row) return null;
  const [changes, tiers] = await Promise.all([
    sql<(Omit<RentChange, 'text' | 'at'> & { at: Date })[]>`
      SELECT at, rent, rent_type AS "rentType", previous_rent AS "previousRent",
        previous_rent_type AS "previousRentType"
      FROM rent_change WHERE listing_id = ${listingId} ORDER BY position`,
    comparableTiers(sql, listingId),
  ]);
  const fair = hintOf(row, tiers, locale);
  const listedMs =
    Number(row.listedMs) +
    (row.listedSince ? Math.max(0, now.getTime() - row.listedSince.getTime()) : 0);
  return {
    rentHistory: changes.map((c) => {
      const change = { ...c, at: c.at.toISOString() };
      return { ...change, text: describeRentChange(change, locale) };
    }),
    daysOnMarket: Math.floor(listedMs / DAY_MS),
    timesRelisted: row.timesRelisted,
    fairRent: fair,
    warning: fair?.muchBelow ? TOO_CHEAP_WARNING : null,
  };
};

export type TrendPoint = { month: string; median: number | null; sample: number };

export type TrendGroup = {
  propertyType: string;
  bedrooms: number;
  /** This month's median, three and twelve months before; null below the minimum sample. */
  now: Median | null;
  threeMonthsAgo: Median | null;
  twelveMonthsAgo: Median | null;
  /** One point a month, oldest first; `median` null where the sample is too small. */
  series: TrendPoint[];
  /**
   * The rents homes were actually let at (issue 44), a point a month as
   * `series`; present only when at least one let falls in the window, and a
   * median only where MIN_LET_SAMPLE lets make it (never one person's rent).
   */
  letSeries?: TrendPoint[];
};

export { MIN_LET_SAMPLE };

export type RentTrends = {
  /** The latest month the log has reached ('YYYY-MM-01'), null before any listing. */
  month: string | null;
  groups: TrendGroup[];
};

type BucketRow = {
  propertyType: string;
  bedrooms: number;
  month: string;
  median: number;
  sample: number;
};

/** The let series of each group that had a let in the window, by `type\u0000bedrooms`. */
const letSeriesOf = (lets: BucketRow[], months: string[]) => {
  const byGroup = new Map<string, Map<string, BucketRow>>();
  for (const r of lets) {
    const key = `${r.propertyType}\u0000${r.bedrooms}`;
    byGroup.set(key, (byGroup.get(key) ?? new Map<string, BucketRow>()).set(r.month, r));
  }
  return new Map(
    [...byGroup].map(([key, byMonth]) => [
      key,
      months.map((m) => {
        const row = byMonth.get(m);
        const sample = row?.sample ?? 0;
        return { month: m, median: row && sample >= MIN_LET_SAMPLE ? row.median : null, sample };
      }),
    ]),
  );
};

/** Groups a scope's bucket rows by type and bedrooms into summaries and series ending at `month`. */
export const trendGroups = (
  rows: BucketRow[],
  month: string,
  lets: BucketRow[] = [],
): TrendGroup[] => {
  const months = Array.from({ length: TREND_MONTHS }, (_, i) =>
    monthsBefore(month, TREND_MONTHS - 1 - i),
  );
  const letSeries = letSeriesOf(lets, months);
  const byGroup = new Map<string, Map<string, BucketRow>>();
  for (const r of rows) {
    const key = `${r.propertyType}\u0000${r.bedrooms}`;
    const group = byGroup.get(key) ?? new Map<string, BucketRow>();
    group.set(r.month, r);
    byGroup.set(key, group);
  }
  const groups: TrendGroup[] = [];
  for (const [key, byMonth] of byGroup) {
    const [propertyType = '', bedrooms = '0'] = key.split('\u0000');
    const at = (m: string) => shownMedian(byMonth.get(m));
    const series = months.map((m) => ({
      month: m,
      median: at(m)?.median ?? null,
      sample: byMonth.get(m)?.sample ?? 0,
    }));
    // A group with no month worth showing says nothing: left out.
    if (series.every((p) => p.median === null)) continue;
    groups.push({
      propertyType,
      bedrooms: Number(bedrooms),
      now: at(month),
      threeMonthsAgo: at(monthsBefore(month, 3)),
      twelveMonthsAgo: at(monthsBefore(month, 12)),
      series,
      ...(letSeries.has(key) ? { letSeries: letSeries.get(key) } : {}),
    });
  }
  return groups.sort(
    (a, b) => a.propertyType.localeCompare(b.propertyType) || a.bedrooms - b.bedrooms,
  );
};

/**
 * The median let rent and the number of lets by type, bedrooms and Indian
 * calendar month (as monthOf) of a city or a locality, over the window.
 */
const letBuckets = (sql: Sql, place: { city: string; locality?: string }, month: string) =>
  sql<BucketRow[]>`
    SELECT property_type AS "propertyType", bedrooms,
      to_char(date_trunc('month', let_at AT TIME ZONE 'Asia/Kolkata'), 'YYYY-MM-DD') AS month,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY rent) AS median, count(*)::int AS sample
    FROM listing_lets
    WHERE city_key = ${normaliseLocality(place.city)}
      ${place.locality === undefined ? sql`` : sql`AND area_key = ${normaliseLocality(place.locality)}`}
      AND let_at >= (${monthsBefore(month, TREND_MONTHS - 1)}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
      AND let_at < (${monthsBefore(month, -1)}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
    GROUP BY 1, 2, 3`;

/**
 * Median monthly rents by property type and bedrooms for a city, or for a
 * locality in it, over the thirteen months up to the latest one the log
 * has reached.
 */
export const rentTrends = async (
  sql: Sql,
  place: { city: string; locality?: string },
): Promise<RentTrends> => {
  const [clock] = await sql<{ month: string }[]>`
    SELECT to_char(month, 'YYYY-MM-DD') AS month FROM rent_trend_clock`;
  if (!clock) return { month: null, groups: [] };
  const scope = place.locality === undefined ? 'city' : 'locality';
  const [rows, lets] = await Promise.all([
    sql<BucketRow[]>`
    SELECT property_type AS "propertyType", bedrooms, to_char(month, 'YYYY-MM-DD') AS month, median, sample
    FROM rent_trend
    WHERE scope = ${scope} AND city_key = ${normaliseLocality(place.city)}
      AND area_key = ${place.locality === undefined ? '' : normaliseLocality(place.locality)}
      AND month > ${monthsBefore(clock.month, TREND_MONTHS)}::date AND month <= ${clock.month}::date`,
    letBuckets(sql, place, clock.month),
  ]);
  return { month: clock.month, groups: trendGroups(rows, clock.month, lets) };
};

/** A listing's lets, oldest first, as its owner's rent history shows them (never to anyone else). */
export const listingLets = async (sql: Sql, listingId: string, locale: Locale = 'en') =>
  (
    await sql<{ at: Date; rent: number }[]>`
      SELECT let_at AS at, rent FROM listing_lets WHERE listing_id = ${listingId} ORDER BY let_at`
  ).map((r) => {
    const l = { at: r.at.toISOString(), rent: r.rent };
    return { ...l, text: describeLet(l, locale) };
  });
