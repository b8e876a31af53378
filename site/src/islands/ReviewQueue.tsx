import { useCallback, useEffect, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '../lib/format.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { ReportBrigade } from '../components/react/ReportBrigade.tsx';
import { Alert } from '../components/react/Alert.tsx';

type Queue = ApiResponse<'GET /reports/queue'>;
type Entry = Queue['entries'][number];
type History = ApiResponse<'GET /reports/listings/:listingId'>;

const ACTIONS = [
  { action: 'dismiss', label: 'Dismiss' },
  { action: 'askOwnerToFix', label: 'Ask owner to fix' },
  { action: 'delist', label: 'Delist' },
  { action: 'suspendOwner', label: 'Suspend owner' },
] as const;

/** What the queue calls a listing whose read model row is gone (never its id). */
const DELETED = 'A deleted listing';

/** One reported listing: its history and the four decisions. */
const Review = ({ entry, onDecided }: { entry: Entry; onDecided: (message: string) => void }) => {
  const [history, setHistory] = useState<History | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void apiRoute('GET /reports/listings/:listingId', { params: { listingId: entry.listingId } })
      .then(setHistory)
      .catch((e: unknown) => setError(describeError(e, 'The history could not be loaded.')));
  }, [entry.listingId]);

  const decide = async (action: string, label: string) => {
    setBusy(true);
    setError('');
    try {
      await apiRoute('POST /reports/listings/:listingId/review', {
        params: { listingId: entry.listingId },
        json: { action, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      });
      onDecided(`${label}: done for “${entry.title ?? DELETED}”.`);
    } catch (e) {
      setError(describeError(e, 'The decision could not be recorded.'));
      setBusy(false);
    }
  };

  return (
    <div className="stack" style={{ gap: '0.5rem' }}>
      {history === null && !error && <Spinner label="Loading history" />}
      {history && (
        <ol className="muted" aria-label="Listing history">
          {history.events.map((e) => (
            <li key={`${e.streamId}/${e.version}`}>
              {formatDate(e.recordedAt)} — {e.text}
            </li>
          ))}
        </ol>
      )}
      {history && (
        <ReportBrigade
          listingId={entry.listingId}
          reports={history.openReports}
          onUndone={onDecided}
        />
      )}
      <label htmlFor={`reason-${entry.listingId}`}>Reason for the owner</label>
      <textarea
        id={`reason-${entry.listingId}`}
        value={reason}
        maxLength={500}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
      />
      <Alert className="alert alert-error" message={error} />
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        {ACTIONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={action === 'dismiss' ? 'button' : 'button button-primary'}
            disabled={busy || (action !== 'dismiss' && !reason.trim())}
            onClick={() => void decide(action, label)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
};

const Queue = () => {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const reload = useCallback(() => {
    void apiRoute('GET /reports/queue')
      .then(setQueue)
      .catch((e: unknown) => setError(describeError(e, 'The queue could not be loaded.')));
  }, []);
  useEffect(reload, [reload]);

  if (error) return <Alert className="alert alert-error" message={error} />;
  if (!queue) return <Spinner />;
  return (
    <div className="stack">
      <h1>Review reports</h1>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {queue.entries.length === 0 && <p className="muted">No reports waiting for review.</p>}
      {queue.entries.map((e) => (
        <section className="card" key={e.listingId} aria-label={e.title ?? DELETED}>
          <div className="row-between">
            <div>
              <h2 style={{ fontSize: '1.1rem', margin: 0 }}>
                <a href={`/properties/${encodeURIComponent(e.listingId)}`}>{e.title ?? DELETED}</a>
              </h2>
              <p className="muted" style={{ margin: 0 }}>
                {e.city ? `${e.city} · ` : ''}Owner: {e.ownerName ?? 'unknown'} · {e.openReports}{' '}
                open report
                {e.openReports === 1 ? '' : 's'}
                {e.firstReportAt ? ` since ${formatDate(e.firstReportAt)}` : ''}
              </p>
              <p style={{ margin: 0 }}>
                {Object.entries(e.reasons)
                  .map(([reason, n]) => `${reason}: ${n}`)
                  .join(' · ')}
              </p>
            </div>
            <span style={{ display: 'flex', gap: '0.25rem' }}>
              {e.hidden && <span className="badge badge-delisted">Hidden pending review</span>}
              {e.possiblyRented && <span className="badge badge-pending">Possibly rented</span>}
            </span>
          </div>
          {open === e.listingId ? (
            <Review
              entry={e}
              onDecided={(message) => {
                setNotice(message);
                setOpen(null);
                reload();
              }}
            />
          ) : (
            <button type="button" className="button" onClick={() => setOpen(e.listingId)}>
              Review
            </button>
          )}
        </section>
      ))}
    </div>
  );
};

export default function ReviewQueue() {
  return <GuardedIsland roles={['admin']}>{() => <Queue />}</GuardedIsland>;
}
