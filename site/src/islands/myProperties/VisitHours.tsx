import { useEffect, useState } from 'react';
import { INTL_TAGS } from '@rentals/core/i18n/locales';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { apiRoute, describeError } from '../../lib/api.ts';
import { pageLocale, text } from '../../lib/i18n.ts';
import { Alert } from '../../components/react/Alert.tsx';
import { BusyButton } from '../../components/react/BusyButton.tsx';
import { useBusy } from '../../components/react/useBusy.ts';

type VisitWindow = ApiResponse<'GET /visit-times/:listingId'>['windows'][number];

// Inline, not a stylesheet: a lazy module's CSS would join the page's own (site/scripts/checkBudgets.ts).
const ROW = { display: 'flex', flexWrap: 'wrap', gap: '0.4rem', alignItems: 'center' } as const;
const BOX = { borderTop: '1px solid var(--border, #e5e7eb)', paddingTop: '0.5rem' } as const;

/** 00:00, 00:30, … 23:30: a visiting time starts and ends on the half hour. */
const CLOCK = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
/** Monday first, as Indian calendars print the week; 0 is Sunday (the API's numbering). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const WEEKDAY_EVENINGS: VisitWindow = { days: [1, 2, 3, 4, 5], from: '18:00', to: '20:00' };

/** 'Mon' … 'Sun' in the page's language (6 Dec 2026 was a Sunday). */
const dayName = (day: number) =>
  new Date(Date.UTC(2026, 11, 6 + day)).toLocaleDateString(INTL_TAGS[pageLocale()], {
    weekday: 'short',
    timeZone: 'UTC',
  });
/** '6:30 pm' for '18:30' in the page's language. */
const clockName = (clock: string) =>
  new Date(`2026-12-06T${clock}:00Z`).toLocaleTimeString(INTL_TAGS[pageLocale()], {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });

const WindowRow = (props: {
  w: VisitWindow;
  onChange: (w: VisitWindow) => void;
  onRemove: () => void;
}) => {
  const { w, onChange } = props;
  const toggle = (day: number) =>
    onChange({
      ...w,
      days: w.days.includes(day) ? w.days.filter((d) => d !== day) : [...w.days, day],
    });
  const clock = (key: 'from' | 'to', label: string) => (
    <label>
      {label}{' '}
      <select
        className="input"
        value={w[key]}
        onChange={(e) => onChange({ ...w, [key]: e.target.value })}
      >
        {CLOCK.map((c) => (
          <option key={c} value={c}>
            {clockName(c)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset
      style={{ ...ROW, border: 0, padding: 0, margin: '0.4rem 0' }}
      data-testid="visit-window"
    >
      <legend className="muted">{text('visits.hours.days')}</legend>
      {WEEK.map((day) => (
        <label key={day} className="chip">
          <input type="checkbox" checked={w.days.includes(day)} onChange={() => toggle(day)} />{' '}
          {dayName(day)}
        </label>
      ))}
      {clock('from', text('visits.hours.from'))}
      {clock('to', text('visits.hours.to'))}
      <button type="button" className="button button-small" onClick={props.onRemove}>
        {text('visits.hours.remove')}
      </button>
    </fieldset>
  );
};

/** An owner's weekly visiting times for one listing (issue 44): tenants book half hours within them. */
export default function VisitHours({ listingId }: { listingId: string }) {
  const [windows, setWindows] = useState<VisitWindow[] | null>(null);
  const [message, setMessage] = useState({ error: '', saved: '' });
  const { busy, run } = useBusy();
  useEffect(() => {
    apiRoute('GET /visit-times/:listingId', { params: { listingId } })
      .then((times) => setWindows(times.windows))
      .catch((e: unknown) =>
        setMessage({ error: describeError(e, text('visits.failed')), saved: '' }),
      );
  }, [listingId]);
  if (!windows) return <Alert className="alert alert-error" message={message.error} />;

  const set = (i: number, w: VisitWindow) => setWindows(windows.map((x, j) => (j === i ? w : x)));
  const save = () =>
    run(
      async () => {
        const kept = windows.filter((w) => w.days.length > 0);
        const times = await apiRoute('PUT /visit-times/:listingId', {
          params: { listingId },
          json: { windows: kept },
        });
        setWindows(times.windows);
        const saved = text(
          times.windows.length > 0 ? 'visits.hours.saved' : 'visits.hours.savedNone',
        );
        setMessage({ error: '', saved });
      },
      (e) => setMessage({ error: describeError(e, text('visits.failed')), saved: '' }),
    );
  return (
    <div style={BOX} data-testid="visit-hours">
      <p className="muted" style={{ margin: 0 }}>
        {text(windows.length > 0 ? 'visits.hours.intro' : 'visits.hours.none')}
      </p>
      {windows.map((w, i) => (
        <WindowRow
          key={i}
          w={w}
          onChange={(next) => set(i, next)}
          onRemove={() => setWindows(windows.filter((_, j) => j !== i))}
        />
      ))}
      <div style={ROW}>
        {windows.length < 7 && (
          <button
            type="button"
            className="button button-small"
            onClick={() => setWindows([...windows, WEEKDAY_EVENINGS])}
          >
            {text('visits.hours.add')}
          </button>
        )}
        <BusyButton
          className="button button-small button-primary"
          busy={busy}
          onClick={() => void save()}
        >
          {text('visits.hours.save')}
        </BusyButton>
      </div>
      <Alert className="alert alert-error" message={message.error} />
      <Alert className="alert alert-success" message={message.saved} />
    </div>
  );
}
