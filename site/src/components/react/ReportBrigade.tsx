import { useState } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { describeError, apiRoute } from '../../lib/api.ts';
import { fill, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { Alert } from './Alert.tsx';

/** One open report as the review queue's history presents it (api/src/reports/present.ts). */
export type OpenReportView = {
  reportId: string;
  reason: string;
  at: string;
  accountAgeHours: number | null;
  newAccount: boolean;
  emailVerified: boolean | null;
  sharedAddress: number | null;
  createdTogether: number | null;
  weight: number;
  why: string[];
  counts: boolean;
};

/** The reasons a report is made for (core/src/reports/events.ts), in the page's language. */
const REASONS: Record<string, MessageId> = {
  'Broker posing as owner': 'admin.reason.broker',
  'Already rented': 'admin.reason.rented',
  'Wrong price or details': 'admin.reason.wrong',
  'Fake or scam': 'admin.reason.fake',
};
export const reasonText = (reason: string) => {
  const id = REASONS[reason];
  return id ? text(id) : reason;
};

const ageOf = (hours: number | null) =>
  hours === null
    ? text('admin.brigade.ageUnknown')
    : hours === 0
      ? text('admin.brigade.ageUnderHour')
      : hours < 48
        ? format('admin.brigade.ageHours', { n: hours })
        : format('admin.brigade.ageDays', { n: Math.floor(hours / 24) });

/** Ticked at first: new accounts, a shared address, an unconfirmed email (accounts made together are shown, not ticked). */
const suspect = (r: OpenReportView) =>
  r.newAccount || r.sharedAddress !== null || r.emailVerified === false;

const halves = (weight: number) => String(weight).replace('.5', '½').replace(/^0½/, '½');

/** What marks the report, in words: its reason, its account, its cluster, its weight. */
const describe = (r: OpenReportView) =>
  [
    reasonText(r.reason),
    ageOf(r.accountAgeHours),
    r.sharedAddress !== null && fill('admin.brigade.sharedAddress', { n: r.sharedAddress }),
    r.createdTogether !== null && fill('admin.brigade.createdTogether', { n: r.createdTogether }),
    r.emailVerified === false && text('admin.brigade.emailNotConfirmed'),
    r.counts
      ? fill('admin.brigade.counts', { weight: halves(r.weight) })
      : text('admin.brigade.doesNotCount'),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A listing's open reports with each one's weight toward hiding and why, what
 * marks a brigade (new accounts, one address, accounts made together, an
 * unconfirmed email), and the admin's undo: the chosen reports are dismissed and the
 * listing restored in one step; the other reports stay open.
 */
export const ReportBrigade = ({
  listingId,
  reports,
  onUndone,
}: {
  listingId: string;
  reports: OpenReportView[];
  onUndone: (message: string) => void;
}) => {
  const [chosen, setChosen] = useState(
    () => new Set(reports.filter(suspect).map((r) => r.reportId)),
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (reports.length === 0) return null;

  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const undo = async () => {
    setBusy(true);
    setError('');
    try {
      await apiRoute('POST /reports/listings/:listingId/review', {
        params: { listingId },
        json: { action: 'undoBrigade', reportIds: [...chosen] },
      });
      onUndone(format('admin.brigade.undone', { n: chosen.size }));
    } catch (e) {
      setError(describeError(e, text('admin.brigade.failed')));
      setBusy(false);
    }
  };

  return (
    <fieldset
      className="stack"
      style={{ gap: '0.25rem' }}
      aria-label={text('admin.brigade.legend')}
    >
      <legend>{text('admin.brigade.legend')}</legend>
      {reports.map((r) => (
        <label key={r.reportId} style={{ display: 'flex', gap: '0.5rem', alignItems: 'baseline' }}>
          <input
            type="checkbox"
            checked={chosen.has(r.reportId)}
            onChange={() => toggle(r.reportId)}
          />
          <span data-testid="open-report">
            {describe(r)}
            <br />
            {/* Why it weighs that: the API's sentences (core/src/reports/weight.ts), in the page's language. */}
            <small className="muted">{r.why.join(' · ')}</small>
          </span>
        </label>
      ))}
      <Alert className="alert alert-error" message={error} />
      <div>
        <button
          type="button"
          className="button"
          disabled={busy || chosen.size === 0}
          onClick={() => void undo()}
        >
          {format('admin.brigade.undo', { n: chosen.size })}
        </button>
      </div>
    </fieldset>
  );
};
