import { useId, useState } from 'react';
import { linePath, niceMax, slotPoints } from '../../lib/chartScale.ts';
import { formatDate } from '@rentals/core/i18n/dates';
import { pageLocale, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';

export type ListingActivity = {
  listingId: string;
  title: string;
  views: number[];
  /** One count per day; without it the chart draws the views alone. */
  enquiries?: number[];
};

// Narrow enough that a phone draws it near its own size, so its labels stay readable there.
const PLOT = { width: 480, height: 200, padding: 28 };
/** A day without views still shows its slot: a stub this tall on the axis. */
const STUB = 5;
const total = (values: readonly number[] = []) => values.reduce((s, v) => s + v, 0);
const shortDate = (iso: string) =>
  formatDate(`${iso}T00:00:00Z`, pageLocale(), 'dayMonth', { timeZone: 'UTC' });

/**
 * Views (bars) and enquiries (a line) per day of one listing at a time over
 * the days given: an SVG with a title and description for screen readers,
 * and the numbers in a visually hidden table beside it.
 */
export const ActivityChart = ({
  days,
  listings,
}: {
  days: string[];
  listings: ListingActivity[];
}) => {
  const id = useId();
  const [selected, setSelected] = useState(listings[0]?.listingId ?? '');
  const listing = listings.find((l) => l.listingId === selected) ?? listings[0];
  if (!listing || days.length === 0)
    return <p className="muted">{text('dashboard.chart.noViews')}</p>;
  const enquiries = listing.enquiries;
  const top = niceMax([...listing.views, ...(enquiries ?? [])]);
  const bars = slotPoints(listing.views, top, PLOT);
  const line = enquiries ? slotPoints(enquiries, top, PLOT) : null;
  const bottom = PLOT.height - PLOT.padding;
  const barWidth = Math.max(2, (bars[0]?.slot ?? 0) * 0.7);
  // The first, middle and last day under their bars.
  const ticks = [0, Math.floor((days.length - 1) / 2), days.length - 1].filter(
    (i, n, all) => all.indexOf(i) === n,
  );
  const summary = format('dashboard.chart.summary', {
    enquiries: enquiries ? 'yes' : 'no',
    views: total(listing.views),
    asked: total(enquiries),
    from: shortDate(days[0]!),
    to: shortDate(days.at(-1)!),
    most: Math.max(...listing.views),
  });
  const heading = format('dashboard.chart.title', {
    enquiries: enquiries ? 'yes' : 'no',
    title: listing.title,
  });
  return (
    <div className="activity-chart">
      {listings.length > 1 && (
        <label className="field chart-select">
          <span>{text('dashboard.chart.listing')}</span>
          <select value={listing.listingId} onChange={(e) => setSelected(e.target.value)}>
            {listings.map((l) => (
              <option key={l.listingId} value={l.listingId}>
                {format('dashboard.chart.option', { title: l.title, n: total(l.views) })}
              </option>
            ))}
          </select>
        </label>
      )}
      <svg
        viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="activity-chart"
        preserveAspectRatio="none"
        style={{ width: '100%', height: 'auto', maxWidth: '40rem' }}
      >
        <title id={`${id}-title`}>{heading}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line
          x1={PLOT.padding}
          y1={bottom}
          x2={PLOT.width - PLOT.padding}
          y2={bottom}
          className="chart-axis"
        />
        <text x={PLOT.padding - 4} y={PLOT.padding + 4} textAnchor="end" className="chart-label">
          {top}
        </text>
        <text x={PLOT.padding - 4} y={bottom + 4} textAnchor="end" className="chart-label">
          0
        </text>
        <line
          x1={PLOT.padding}
          y1={PLOT.padding}
          x2={PLOT.width - PLOT.padding}
          y2={PLOT.padding}
          className="chart-grid"
        />
        {/* Every day has its slot; a day without views shows as a stub on the axis, not as nothing. */}
        {bars.map((p, i) => (
          <rect
            key={days[i]}
            x={p.x - barWidth / 2}
            y={Math.min(p.y, bottom - STUB)}
            width={barWidth}
            height={Math.max(STUB, bottom - p.y)}
            className={p.y >= bottom ? 'chart-bar chart-bar-zero' : 'chart-bar'}
            data-testid="chart-day"
          />
        ))}
        {line && <path d={linePath(line)} className="chart-line" fill="none" />}
        {ticks.map((i) => (
          <text
            key={days[i]}
            x={bars[i]!.x}
            y={PLOT.height - 4}
            textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
            className="chart-label"
          >
            {shortDate(days[i]!)}
          </text>
        ))}
      </svg>
      <p className="chart-legend muted">
        <span className="legend-bar" aria-hidden="true" /> {text('dashboard.chart.views')}
        {enquiries && (
          <>
            {' '}
            <span className="legend-line" aria-hidden="true" /> {text('dashboard.chart.enquiries')}
          </>
        )}
        {' · '}
        {summary}
      </p>
      {/* In a hidden box, not a hidden table: a table grows to its content whatever its width,
          and made a phone's page scroll sideways. */}
      <div className="visually-hidden">
        <table>
          <caption>{heading}</caption>
          <thead>
            <tr>
              <th scope="col">{text('dashboard.chart.day')}</th>
              <th scope="col">{text('dashboard.chart.views')}</th>
              {enquiries && <th scope="col">{text('dashboard.chart.enquiries')}</th>}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{shortDate(day)}</th>
                <td>{listing.views[i] ?? 0}</td>
                {enquiries && <td>{enquiries[i] ?? 0}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};
