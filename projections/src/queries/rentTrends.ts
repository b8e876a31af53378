import type { Sql } from 'postgres';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import {
  describeRentChange,
  fairRent,
  monthsBefore,
  shownMedian,
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
};

/**
 * A live listing's rent changes (oldest first), whole days on the market
 * (every listed period, the current one up to `now`; relisting does not
 * start the count again), relistings and its fair-rent hint against this
 * month's median of its locality, type and bedrooms. Null when unknown.
 */
export const listingMarket = async (
  sql: Sql,
  listingId: string,
  now: Date,
): Promise<ListingMarket | null> => {
  const [row] = await sql<
    {
      listedMs: string;
      listedSince: Date | null;
      timesRelisted: number;
      monthlyRent: number;
      median: number | null;
      sample: number | null;
    }[]
  >`SELECT l.listed_ms AS "listedMs", l.listed_since AS "listedSince", l.times_relisted AS "timesRelisted",
        l.monthly_rent AS "monthlyRent", t.median, t.sample
      FROM rent_listing l
      LEFT JOIN rent_trend_clock c ON true
      LEFT JOIN rent_trend t ON t.scope = 'locality' AND t.city_key = l.city_key AND t.area_key = l.area_key
        AND t.property_type = l.property_type AND t.bedrooms = l.bedrooms AND t.month = c.month
      WHERE l.listing_id = ${listingId}`;
  if (!row) return null;
  const changes = await sql<(Omit<RentChange, 'text' | 'at'> & { at: Date })[]>`
    SELECT at, rent, rent_type AS "rentType", previous_rent AS "previousRent",
      previous_rent_type AS "previousRentType"
    FROM rent_change WHERE listing_id = ${listingId} ORDER BY position`;
  const listedMs =
    Number(row.listedMs) +
    (row.listedSince ? Math.max(0, now.getTime() - row.listedSince.getTime()) : 0);
  const comparable: Median | undefined =
    row.median === null || row.sample === null
      ? undefined
      : { median: row.median, sample: row.sample };
  return {
    rentHistory: changes.map((c) => {
      const change = { ...c, at: c.at.toISOString() };
      return { ...change, text: describeRentChange(change) };
    }),
    daysOnMarket: Math.floor(listedMs / DAY_MS),
    timesRelisted: row.timesRelisted,
    fairRent: fairRent(row.monthlyRent, comparable),
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
};

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

/** Groups a scope's bucket rows by type and bedrooms into summaries and series ending at `month`. */
export const trendGroups = (rows: BucketRow[], month: string): TrendGroup[] => {
  const months = Array.from({ length: TREND_MONTHS }, (_, i) =>
    monthsBefore(month, TREND_MONTHS - 1 - i),
  );
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
    });
  }
  return groups.sort(
    (a, b) => a.propertyType.localeCompare(b.propertyType) || a.bedrooms - b.bedrooms,
  );
};

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
  const rows = await sql<BucketRow[]>`
    SELECT property_type AS "propertyType", bedrooms, to_char(month, 'YYYY-MM-DD') AS month, median, sample
    FROM rent_trend
    WHERE scope = ${scope} AND city_key = ${normaliseLocality(place.city)}
      AND area_key = ${place.locality === undefined ? '' : normaliseLocality(place.locality)}
      AND month > ${monthsBefore(clock.month, TREND_MONTHS)}::date AND month <= ${clock.month}::date`;
  return { month: clock.month, groups: trendGroups(rows, clock.month) };
};
