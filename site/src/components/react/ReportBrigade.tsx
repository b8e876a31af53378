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
  emailVerified: boolean | null;
  sharedAddress: number | null;
  createdTogether: number | null;
  weight: number;
  why: string[];
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

/** Ticked at first: new accounts, a shared address, an unconfirmed email (accounts made together are shown, not ticked). */
const suspect = (r: OpenReportView) =>
  r.newAccount || r.sharedAddress !== null || r.emailVerified === false;

const weightText = (weight: number) =>
  `weighs ${String(weight).replace('.5', '½').replace(/^0½/, '½')} toward hiding`;

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
          <span data-testid="open-report">
            {r.reason} · {ageOf(r.accountAgeHours)}
            {r.sharedAddress !== null ? ` · same address as others (group ${r.sharedAddress})` : ''}
            {r.createdTogether !== null
              ? ` · account created within an hour of others (group ${r.createdTogether})`
              : ''}
            {r.emailVerified === false ? ' · email not confirmed' : ''}
            {' · '}
            {r.counts
              ? `counts towards hiding (${weightText(r.weight)})`
              : 'does not count towards hiding'}
            <br />
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
          Undo brigade: dismiss {plural(chosen.size, 'ticked report')} and restore the listing
        </button>
      </div>
    </fieldset>
  );
};
