import { useEffect, useId, useState } from 'react';
import { api } from '../../lib/api.ts';
import { linePath, niceMax, seriesPoints } from '../../lib/chartScale.ts';
import { formatRent } from '../../lib/format.ts';
import {
  changeSince,
  groupLabel,
  monthLabel,
  type RentTrends,
  type TrendGroup,
} from '../../lib/rentTrends.ts';

const PLOT = { width: 600, height: 180, padding: 28 };

/** One group's months as a line (gaps where too few listings), with a point per shown month to hover or focus. */
const Chart = ({ group, place }: { group: TrendGroup; place: string }) => {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const values = group.series.map((p) => p.median ?? 0);
  const top = niceMax(values);
  const points = seriesPoints(values, top, PLOT);
  // Runs of consecutive shown months, each drawn as its own line.
  const runs: { x: number; y: number }[][] = [];
  group.series.forEach((p, i) => {
    if (p.median === null) return;
    const previous = group.series[i - 1];
    if (i === 0 || !previous || previous.median === null) runs.push([]);
    runs.at(-1)!.push(points[i]!);
  });
  const shown = active === null ? null : group.series[active];
  const title = `Median monthly rent, ${groupLabel(group)}, ${place}`;
  return (
    <>
      <svg
        viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        data-testid="rent-trend-chart"
        style={{ width: '100%', height: 'auto' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <line
          x1={PLOT.padding}
          y1={PLOT.height - PLOT.padding}
          x2={PLOT.width - PLOT.padding}
          y2={PLOT.height - PLOT.padding}
          className="chart-axis"
        />
        <text x={PLOT.padding - 4} y={PLOT.padding + 4} textAnchor="end" className="chart-label">
          {top >= 1000 ? `${top / 1000}k` : top}
        </text>
        {runs.map((run) => (
          <path key={`${run[0]!.x}`} d={linePath(run)} className="chart-line" fill="none" />
        ))}
        {group.series.map((p, i) =>
          p.median === null ? null : (
            <circle
              key={p.month}
              cx={points[i]!.x}
              cy={points[i]!.y}
              r={active === i ? 6 : 4}
              className="chart-point"
              tabIndex={0}
              aria-label={`${monthLabel(p.month)}: ${formatRent(p.median)} (${p.sample} listings)`}
              onMouseEnter={() => setActive(i)}
              onFocus={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
              onBlur={() => setActive(null)}
            />
          ),
        )}
        <text x={PLOT.padding} y={PLOT.height - 6} className="chart-label">
          {monthLabel(group.series[0]!.month)}
        </text>
        <text
          x={PLOT.width - PLOT.padding}
          y={PLOT.height - 6}
          textAnchor="end"
          className="chart-label"
        >
          {monthLabel(group.series.at(-1)!.month)}
        </text>
      </svg>
      <p className="chart-legend muted" aria-live="polite" data-testid="rent-trend-readout">
        {shown && shown.median !== null
          ? `${monthLabel(shown.month)}: ${formatRent(shown.median)} from ${shown.sample} listings`
          : 'Hover over or tab to a month to see its median.'}
      </p>
    </>
  );
};

/**
 * The search results' rent trend for the place searched (a locality, or
 * the city): median monthly rent by type and bedrooms over thirteen months,
 * one group at a time. Nothing when there is too little to show.
 */
export const RentTrendChart = ({ city, locality }: { city: string; locality?: string }) => {
  const [trends, setTrends] = useState<RentTrends | null>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    const query = new URLSearchParams({ city, ...(locality ? { locality } : {}) });
    api<RentTrends>('/rent-trends', { query }).then(
      (t) => {
        setTrends(t);
        setSelected(0);
      },
      () => setTrends(null),
    );
  }, [city, locality]);
  if (!trends || trends.groups.length === 0) return null;
  const group = trends.groups[selected] ?? trends.groups[0]!;
  const place = locality ? `${locality}, ${city}` : city;
  const vs3 = changeSince(group.now, group.threeMonthsAgo);
  const vs12 = changeSince(group.now, group.twelveMonthsAgo);
  return (
    <section className="card rent-trend" data-testid="rent-trend">
      <div className="row-between">
        <h2 style={{ fontSize: '1.1rem', margin: 0 }}>Rent trend in {place}</h2>
        <label className="field" style={{ margin: 0 }}>
          <span className="visually-hidden">Property type and bedrooms</span>
          <select value={selected} onChange={(e) => setSelected(Number(e.target.value))}>
            {trends.groups.map((g, i) => (
              <option key={`${g.propertyType}-${g.bedrooms}`} value={i}>
                {groupLabel(g)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p style={{ margin: '0.5rem 0' }}>
        {group.now
          ? `Median ${formatRent(group.now.median)} a month in ${monthLabel(trends.month!)} (${group.now.sample} listings)`
          : `Fewer than ${trends.minSample} listings this month`}
        {vs3 && ` · ${vs3} on 3 months ago`}
        {vs12 && ` · ${vs12} on a year ago`}
      </p>
      <Chart group={group} place={place} />
    </section>
  );
};
