import { formatDate } from '@rentals/core/i18n/dates';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { markup, type Html } from '@rentals/core/html/markup';
import type { RentTrends, TrendGroup } from '../../queries/rentTrends.ts';
import { publicRent } from '../../queries/rentMarket.ts';
import { propertyTypeLabel } from '@rentals/core/i18n/terms';
import { textOf, type SiteContext } from './layout.ts';

const SPARK = { width: 120, height: 32, padding: 3 };

/** A public median to the nearest ₹500 (rentMarket.ts publicRent). */
const rupees = (n: number) => formatRupees(publicRent(n));
/** 'Flat · 2 BHK', 'PG', 'House · 1 RK' for none (the site's groupLabel). */
const groupName = (site: SiteContext, g: TrendGroup) => {
  const t = textOf(site);
  const type = propertyTypeLabel(t, g.propertyType);
  return g.propertyType === 'PG'
    ? type
    : t('publicSite.trends.groupRooms', { type, bedrooms: g.bedrooms });
};

const monthName = (site: SiteContext, month: string) =>
  formatDate(`${month}T00:00:00Z`, site.locale, 'shortMonthYear', { timeZone: 'UTC' });

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

const sparkline = (site: SiteContext, g: TrendGroup): Html => {
  const label = textOf(site)('publicSite.trends.sparkline', {
    group: groupName(site, g),
    from: monthName(site, g.series[0]!.month),
    to: monthName(site, g.series.at(-1)!.month),
  });
  return markup`<svg class="sparkline-chart" viewBox="0 0 ${SPARK.width} ${SPARK.height}" width="${SPARK.width}"
    height="${SPARK.height}" role="img" aria-label="${label}"><path class="sparkline" d="${sparklinePath(g.series)}" /></svg>`;
};

/**
 * The city page's median rents by type and bedrooms: this month against
 * three and twelve months ago, with a sparkline of thirteen months. Static
 * SVG, no script. Nothing when no group has enough listings.
 */
export const rentTrendsSection = (
  site: SiteContext,
  trends: RentTrends | undefined,
  cityName: string,
  minSample: number,
): Html => {
  if (!trends?.month || trends.groups.length === 0) return markup``;
  const t = textOf(site);
  const heading = t('publicSite.trends.heading', { city: cityName });
  return markup`<section class="card rent-trend" data-testid="city-rent-trends">
    <h2>${heading}</h2>
    <div class="table-scroll" role="region" aria-label="${heading}" tabindex="0">
    <table class="trend-table">
      <thead>
        <tr>
          <th scope="col">${t('publicSite.trends.home')}</th>
          <th scope="col">${monthName(site, trends.month)}</th>
          <th scope="col">${t('publicSite.trends.threeMonths')}</th>
          <th scope="col">${t('publicSite.trends.yearAgo')}</th>
          <th scope="col">${t('publicSite.trends.trend')}</th>
        </tr>
      </thead>
      <tbody>
        ${trends.groups.map(
          (g) => markup`<tr>
            <th scope="row">${groupName(site, g)}</th>
            <td>${figure(g.now)}</td>
            <td>${figure(g.threeMonthsAgo)}</td>
            <td>${figure(g.twelveMonthsAgo)}</td>
            <td>${sparkline(site, g)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
    </div>
    <p class="muted">${t('publicSite.trends.note', { min: minSample })}</p>
  </section>`;
};
