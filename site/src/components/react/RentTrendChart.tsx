import { useEffect, useId, useRef, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import { WhenNear } from './MapGate.tsx';
import { linePath, niceMax, seriesPoints } from '../../lib/chartScale.ts';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { formatDate } from '@rentals/core/i18n/dates';
import { pageLocale, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { changeSince, groupLabel, type RentTrends, type TrendGroup } from '../../lib/rentTrends.ts';

const PLOT = { height: 180, padding: 28 };

const formatRent = (amount: number) => formatRupees(amount, pageLocale());

/** 'Nov 2026' for '2026-11-01', in the page's language. */
const monthLabel = (month: string) =>
  formatDate(`${month}T00:00:00Z`, pageLocale(), 'shortMonthYear', { timeZone: 'UTC' });

/**
 * The width the chart has on screen, in CSS pixels: the plot is drawn at
 * that size (one unit a pixel), so its labels and points stay their size on
 * a phone instead of shrinking with a fixed viewBox.
 */
const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
};

/** One group's months as a line (gaps where too few listings), with a point per shown month to hover or focus. */
const Chart = ({ group, place }: { group: TrendGroup; place: string }) => {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const { ref, width } = useWidth();
  const plot = { ...PLOT, width };
  const series = drawnSeries(group);
  // The 'let at' months beside the asked ones (issue 44), on the same scale.
  const lets = group.letSeries?.slice(group.series.length - series.length) ?? [];
  const values = series.map((p) => p.median ?? 0);
  const top = niceMax([...values, ...lets.map((p) => p.median ?? 0)]);
  const points = seriesPoints(values, top, plot);
  const runs = runsOf(series, points);
  const letRuns = runsOf(
    lets,
    seriesPoints(
      lets.map((p) => p.median ?? 0),
      top,
      plot,
    ),
  );
  const shown = active === null ? null : series[active];
  const title = format('results.trend.title', { group: groupLabel(group), place });
  return (
    <div ref={ref}>
      <svg
        viewBox={`0 0 ${plot.width} ${plot.height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        data-testid="rent-trend-chart"
        style={{ width: '100%', height: 'auto' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <line
          x1={plot.padding}
          y1={plot.height - plot.padding}
          x2={plot.width - plot.padding}
          y2={plot.height - plot.padding}
          className="chart-axis"
        />
        <text x={plot.padding - 4} y={plot.padding + 4} textAnchor="end" className="chart-label">
          {top >= 1000 ? `${top / 1000}k` : top}
        </text>
        {runs.map((run) => (
          <path key={`${run[0]!.x}`} d={linePath(run)} className="chart-line" fill="none" />
        ))}
        {letRuns.map((run) => (
          <path
            key={`let-${run[0]!.x}`}
            d={linePath(run)}
            className="chart-line"
            fill="none"
            strokeDasharray="6 4"
            data-testid="let-line"
          />
        ))}
        {series.map((p, i) =>
          p.median === null ? null : (
            <circle
              key={p.month}
              cx={points[i]!.x}
              cy={points[i]!.y}
              r={active === i ? 6 : 4}
              className="chart-point"
              tabIndex={0}
              aria-label={format('results.trend.point', {
                month: monthLabel(p.month),
                rent: formatRent(p.median),
                sample: String(p.sample),
              })}
              onMouseEnter={() => setActive(i)}
              onFocus={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
              onBlur={() => setActive(null)}
            />
          ),
        )}
        <text x={plot.padding} y={plot.height - 6} className="chart-label">
          {monthLabel(series[0]!.month)}
        </text>
        <text
          x={plot.width - plot.padding}
          y={plot.height - 6}
          textAnchor="end"
          className="chart-label"
        >
          {monthLabel(series.at(-1)!.month)}
        </text>
      </svg>
      <p className="chart-legend muted" aria-live="polite" data-testid="rent-trend-readout">
        {shown && shown.median !== null
          ? format('results.trend.readout', {
              month: monthLabel(shown.month),
              rent: formatRent(shown.median),
              sample: String(shown.sample),
            })
          : text('results.trend.hint')}
      </p>
    </div>
  );
};

/** Runs of consecutive shown months, each drawn as its own line. */
const runsOf = (series: TrendGroup['series'], points: { x: number; y: number }[]) => {
  const runs: { x: number; y: number }[][] = [];
  series.forEach((p, i) => {
    if (p.median === null) return;
    const previous = series[i - 1];
    if (i === 0 || !previous || previous.median === null) runs.push([]);
    runs.at(-1)!.push(points[i]!);
  });
  return runs;
};

/** The months worth drawing: from the first with a median shown (leading empty months only squeeze the line). */
const drawnSeries = (group: TrendGroup) => {
  const first = group.series.findIndex((p) => p.median !== null);
  return first <= 0 ? group.series : group.series.slice(first);
};

const shownMonths = (g: TrendGroup) => g.series.filter((p) => p.median !== null).length;

/** The group to open with: the one with the most months shown, then the most listings this month. */
const fullestGroup = (groups: TrendGroup[]) =>
  groups.reduce((best, g, i) => {
    const b = groups[best]!;
    const more = shownMonths(g) - shownMonths(b) || (g.now?.sample ?? 0) - (b.now?.sample ?? 0);
    return more > 0 ? i : best;
  }, 0);

type Shown = { trends: RentTrends; place: string; note: string | null };

/**
 * The trend of the locality when it has one, else of its city with a note
 * saying so: a search with an area still shows a trend.
 */
const loadTrends = async (city: string, locality?: string): Promise<Shown> => {
  const query = (place: Record<string, string>) =>
    apiRoute('GET /rent-trends', { query: new URLSearchParams({ city, ...place }) });
  if (!locality) return { trends: await query({}), place: city, note: null };
  const local = await query({ locality });
  if (local.groups.length > 0) return { trends: local, place: `${locality}, ${city}`, note: null };
  return {
    trends: await query({}),
    place: city,
    note: format('results.trend.cityNote', { locality, city }),
  };
};

/**
 * The search results' rent trend for the place searched (a locality, or
 * the city when the locality has too few listings, or no area is given):
 * median monthly rent by type and bedrooms over up to thirteen months, one
 * group at a time, opening on the group with the most months to draw.
 * Nothing when there is too little to show.
 */
const TrendWhenShown = ({ city, locality }: { city: string; locality?: string }) => {
  const [shown, setShown] = useState<Shown | null>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    let current = true;
    loadTrends(city, locality).then(
      (s) => {
        if (!current) return;
        setShown(s);
        setSelected(fullestGroup(s.trends.groups));
      },
      () => current && setShown(null),
    );
    return () => {
      current = false;
    };
  }, [city, locality]);
  if (!shown || shown.trends.groups.length === 0) return null;
  const { trends, place, note } = shown;
  const group = trends.groups[selected] ?? trends.groups[0]!;
  const vs3 = changeSince(group.now, group.threeMonthsAgo);
  const vs12 = changeSince(group.now, group.twelveMonthsAgo);
  return (
    <section className="card rent-trend" data-testid="rent-trend">
      <div className="row-between">
        <h2 style={{ fontSize: '1.1rem', margin: 0 }}>
          {format('results.trend.heading', { place })}
        </h2>
        <label className="field" style={{ margin: 0 }}>
          <span className="visually-hidden">{text('results.trend.group')}</span>
          <select value={selected} onChange={(e) => setSelected(Number(e.target.value))}>
            {trends.groups.map((g, i) => (
              <option key={`${g.propertyType}-${g.bedrooms}`} value={i}>
                {groupLabel(g)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {note && (
        <p className="muted" style={{ margin: '0.5rem 0 0' }} data-testid="rent-trend-note">
          {note}
        </p>
      )}
      <p style={{ margin: '0.5rem 0' }}>
        {group.now
          ? format('results.trend.now', {
              rent: formatRent(group.now.median),
              month: monthLabel(trends.month!),
              sample: String(group.now.sample),
            })
          : format('results.trend.few', { min: String(trends.minSample) })}
        {vs3 && format('results.trend.vs3', { change: vs3 })}
        {vs12 && format('results.trend.vs12', { change: vs12 })}
      </p>
      <Chart group={group} place={place} />
      {group.letSeries && (
        <p className="muted" style={{ margin: 0 }} data-testid="let-note">
          {format('results.trend.letNote', { min: String(trends.minLetSample ?? 5) })}
        </p>
      )}
    </section>
  );
};

/**
 * How near the screen the trend's place must come before it is asked for and drawn: a screen
 * ahead. Its request, chart and first date format (Intl's data, 15–50 ms on a fast CPU) otherwise
 * fell in a phone's first seconds (npm run bench:lighthouse).
 */
const TREND_NEAR = '100% 0px';

/** The rent trend for `city` (and `locality`), once the reader scrolls near it. */
export const RentTrendChart = ({ city, locality }: { city: string; locality?: string }) => (
  <WhenNear margin={TREND_NEAR} testId="rent-trend-pending">
    <TrendWhenShown city={city} locality={locality} />
  </WhenNear>
);
