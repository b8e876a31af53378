/**
 * The rent trends' answers (GET /api/rent-trends, /api/properties/{id}/market)
 * as the site reads them, and the words it shows for them.
 */
import type { ApiResponse } from '@rentals/core/contract/routes';
import { typeLabel } from './format.ts';

export type RentTrends = ApiResponse<'GET /rent-trends'>;
export type TrendGroup = RentTrends['groups'][number];
export type Median = NonNullable<TrendGroup['now']>;
export type ListingMarket = ApiResponse<'GET /properties/:id/market'>;

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
