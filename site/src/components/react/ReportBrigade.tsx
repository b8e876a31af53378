import { useState } from 'react';
import { describeError, apiRoute } from '../../lib/api.ts';
import { Alert } from './Alert.tsx';

/** One open report as the review queue's history presents it (api/src/reports/present.ts). */
export type OpenReportView = {
  reportId: string;
  reason: string;
  at: string;
  accountAgeHours: number | null;
  newAccount: boolean;
  sharedAddress: number | null;
  counts: boolean;
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const ageOf = (hours: number | null) =>
  hours === null
    ? 'account age not recorded'
    : hours === 0
      ? 'account under an hour old'
      : hours < 48
        ? `account ${plural(hours, 'hour')} old`
        : `account ${plural(Math.floor(hours / 24), 'day')} old`;

const suspect = (r: OpenReportView) => r.newAccount || r.sharedAddress !== null;

/**
 * A listing's open reports with what marks a brigade (new accounts, one
 * address), and the admin's undo: the chosen reports are dismissed and the
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
      onUndone(`Brigade undone: ${plural(chosen.size, 'report')} dismissed, listing restored.`);
    } catch (e) {
      setError(describeError(e, 'The brigade could not be undone.'));
      setBusy(false);
    }
  };

  return (
    <fieldset className="stack" style={{ gap: '0.25rem' }} aria-label="Open reports">
      <legend>Open reports</legend>
      {reports.map((r) => (
        <label key={r.reportId} style={{ display: 'flex', gap: '0.5rem', alignItems: 'baseline' }}>
          <input
            type="checkbox"
            checked={chosen.has(r.reportId)}
            onChange={() => toggle(r.reportId)}
          />
          <span>
            {r.reason} · {ageOf(r.accountAgeHours)}
            {r.sharedAddress !== null ? ` · same address as others (group ${r.sharedAddress})` : ''}
            {' · '}
            {r.counts ? 'counts towards hiding' : 'does not count towards hiding'}
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
          Undo brigade: dismiss {plural(chosen.size, 'ticked report')} and restore the listing
        </button>
      </div>
    </fieldset>
  );
};
