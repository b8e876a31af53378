import { formatDate } from '@rentals/core/i18n/dates';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { markup, type Html } from '../html.ts';
import type { RentTrends, TrendGroup } from '../../queries/rentTrends.ts';
import { propertyTypeLabel } from '@rentals/core/i18n/terms';
import { t } from './card.ts';

const SPARK = { width: 120, height: 32, padding: 3 };

/**
 * A public median to the nearest ₹500: an aggregate of several listings,
 * never one listing's exact rent (which public pages do not show).
 */
const PUBLIC_STEP = 500;
const rupees = (n: number) => formatRupees(Math.round(n / PUBLIC_STEP) * PUBLIC_STEP);

/** 'Flat · 2 BHK', 'PG', 'House · 1 RK' for none (the site's groupLabel). */
const groupName = (g: TrendGroup) => {
  const type = propertyTypeLabel(t, g.propertyType);
  return g.propertyType === 'PG'
    ? type
    : `${type} · ${g.bedrooms === 0 ? '1 RK' : `${g.bedrooms} BHK`}`;
};

const monthName = (month: string) =>
  formatDate(`${month}T00:00:00Z`, 'en', 'shortMonthYear', { timeZone: 'UTC' });

/**
 * The sparkline's path: one segment per run of months with a median shown
 * (a month with too few listings leaves a gap), scaled between the group's
 * lowest and highest median. Empty for no shown month.
 */
export const sparklinePath = (series: TrendGroup['series']): string => {
  const shown = series.flatMap((p) => (p.median === null ? [] : [p.median]));
  if (shown.length === 0) return '';
  const low = Math.min(...shown);
  const span = Math.max(...shown) - low || 1;
  const inner = { w: SPARK.width - 2 * SPARK.padding, h: SPARK.height - 2 * SPARK.padding };
  const step = series.length > 1 ? inner.w / (series.length - 1) : 0;
  let path = '';
  let drawing = false;
  series.forEach((p, i) => {
    if (p.median === null) {
      drawing = false;
      return;
    }
    const x = SPARK.padding + i * step;
    // A flat line sits in the middle, not on the floor.
    const y =
      shown.length > 1 && span > 1
        ? SPARK.padding + inner.h - ((p.median - low) / span) * inner.h
        : SPARK.height / 2;
    path += `${path === '' ? '' : ' '}${drawing ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    drawing = true;
  });
  return path;
};

const figure = (m: TrendGroup['now']) =>
  m
    ? markup`${rupees(m.median)} <span class="muted">(${m.sample})</span>`
    : markup`<span class="muted">–</span>`;

const sparkline = (g: TrendGroup): Html => {
  const first = g.series[0]!.month;
  const last = g.series.at(-1)!.month;
  const label = `Median rent of ${groupName(g)} from ${monthName(first)} to ${monthName(last)}`;
  return markup`<svg class="sparkline-chart" viewBox="0 0 ${SPARK.width} ${SPARK.height}" width="${SPARK.width}"
    height="${SPARK.height}" role="img" aria-label="${label}"><path class="sparkline" d="${sparklinePath(g.series)}" /></svg>`;
};

/**
 * The city page's median rents by type and bedrooms: this month against
 * three and twelve months ago, with a sparkline of thirteen months. Static
 * SVG, no script. Nothing when no group has enough listings.
 */
export const rentTrendsSection = (
  trends: RentTrends | undefined,
  cityName: string,
  minSample: number,
): Html => {
  if (!trends?.month || trends.groups.length === 0) return markup``;
  return markup`<section class="card rent-trend" data-testid="city-rent-trends">
    <h2>Median rents in ${cityName}</h2>
    <div class="table-scroll" role="region" aria-label="Median rents in ${cityName}" tabindex="0">
    <table class="trend-table">
      <thead>
        <tr>
          <th scope="col">Home</th>
          <th scope="col">${monthName(trends.month)}</th>
          <th scope="col">3 months ago</th>
          <th scope="col">A year ago</th>
          <th scope="col">Trend</th>
        </tr>
      </thead>
      <tbody>
        ${trends.groups.map(
          (g) => markup`<tr>
            <th scope="row">${groupName(g)}</th>
            <td>${figure(g.now)}</td>
            <td>${figure(g.threeMonthsAgo)}</td>
            <td>${figure(g.twelveMonthsAgo)}</td>
            <td>${sparkline(g)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
    </div>
    <p class="muted">
      Median monthly rent of the listings on the market each month, to the nearest ₹500 (number of
      listings in brackets); a median needs at least ${minSample} listings.
    </p>
  </section>`;
};
