/**
 * The rent trends' answers (GET /api/rent-trends, /api/properties/{id}/market)
 * as the site reads them, and the words it shows for them.
 */
import { typeLabel } from './format.ts';

export type Median = { median: number; sample: number };

export type TrendGroup = {
  propertyType: string;
  bedrooms: number;
  now: Median | null;
  threeMonthsAgo: Median | null;
  twelveMonthsAgo: Median | null;
  series: { month: string; median: number | null; sample: number }[];
};

export type RentTrends = { month: string | null; minSample: number; groups: TrendGroup[] };

export type ListingMarket = {
  rentHistory: { at: string; text: string }[];
  daysOnMarket: number;
  timesRelisted: number;
  /** The hint in words, with the basis it stands on ('… for 14 comparable 2 BHK flats within 3 km'). */
  fairRent: {
    verdict: 'below' | 'around' | 'above';
    median: number;
    sample: number;
    basis: 'locality' | 'nearby' | 'city';
    radiusKm: number | null;
    text: string;
  } | null;
};

/** 'Flat · 2 BHK', 'PG', 'House · 1 RK' for none. */
export const groupLabel = (g: { propertyType: string; bedrooms: number }): string =>
  g.propertyType === 'PG'
    ? typeLabel(g.propertyType)
    : `${typeLabel(g.propertyType)} · ${g.bedrooms === 0 ? '1 RK' : `${g.bedrooms} BHK`}`;

/** 'Nov 2026' for '2026-11-01'. */
export const monthLabel = (month: string): string =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** How this month's median compares with an earlier one: '+4.2 %', '−3.0 %', or null without both. */
export const changeSince = (now: Median | null, before: Median | null): string | null => {
  if (!now || !before || before.median === 0) return null;
  const pct = ((now.median - before.median) / before.median) * 100;
  const abs = Math.abs(pct).toFixed(1);
  return pct > 0 ? `+${abs} %` : pct < 0 ? `−${abs} %` : '0.0 %';
};
