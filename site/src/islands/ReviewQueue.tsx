import { useCallback, useEffect, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '@rentals/core/i18n/dates';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { fill, pageLocale, text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { ReportBrigade, reasonText } from '../components/react/ReportBrigade.tsx';
import { Alert } from '../components/react/Alert.tsx';

type Queue = ApiResponse<'GET /reports/queue'>;
type Entry = Queue['entries'][number];
type History = ApiResponse<'GET /reports/listings/:listingId'>;

const ACTIONS: readonly { action: string; label: MessageId }[] = [
  { action: 'dismiss', label: 'admin.reports.action.dismiss' },
  { action: 'askOwnerToFix', label: 'admin.reports.action.askOwnerToFix' },
  { action: 'delist', label: 'admin.delist' },
  { action: 'suspendOwner', label: 'admin.reports.action.suspendOwner' },
];

/** What the queue calls a listing whose read model row is gone (never its id). */
const deleted = () => text('admin.deletedListing');

/** 'Pune · Owner: Asha · 2 open reports since 2 Dec 2026'. */
const summary = (e: Entry) => {
  const open = e.firstReportAt
    ? format('admin.reports.openSince', {
        n: e.openReports,
        date: formatDate(e.firstReportAt, pageLocale()),
      })
    : format('admin.reports.open', { n: e.openReports });
  const owner = fill('admin.reports.owner', {
    name: e.ownerName ?? text('admin.reports.ownerUnknown'),
  });
  return [e.city, owner, open].filter(Boolean).join(' · ');
};

/** One reported listing: its history and the four decisions. */
const Review = ({ entry, onDecided }: { entry: Entry; onDecided: (message: string) => void }) => {
  const [history, setHistory] = useState<History | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void apiRoute('GET /reports/listings/:listingId', { params: { listingId: entry.listingId } })
      .then(setHistory)
      .catch((e: unknown) => setError(describeError(e, text('admin.reports.historyFailed'))));
  }, [entry.listingId]);

  const decide = async (action: string, label: string) => {
    setBusy(true);
    setError('');
    try {
      await apiRoute('POST /reports/listings/:listingId/review', {
        params: { listingId: entry.listingId },
        json: { action, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      });
      onDecided(fill('admin.reports.done', { action: label, title: entry.title ?? deleted() }));
    } catch (e) {
      setError(describeError(e, text('admin.reports.decisionFailed')));
      setBusy(false);
    }
  };

  return (
    <div className="stack" style={{ gap: '0.5rem' }}>
      {history === null && !error && <Spinner label={text('admin.reports.loadingHistory')} />}
      {history && (
        <ol className="muted" aria-label={text('admin.reports.history')}>
          {history.events.map((e) => (
            <li key={`${e.streamId}/${e.version}`}>
              {formatDate(e.recordedAt, pageLocale())} — {e.text}
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
      <label htmlFor={`reason-${entry.listingId}`}>{text('admin.reports.reasonForOwner')}</label>
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
            onClick={() => void decide(action, text(label))}
          >
            {text(label)}
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
      .catch((e: unknown) => setError(describeError(e, text('admin.reports.loadFailed'))));
  }, []);
  useEffect(reload, [reload]);

  if (error) return <Alert className="alert alert-error" message={error} />;
  if (!queue) return <Spinner />;
  return (
    <div className="stack">
      <h1>{text('admin.reports.title')}</h1>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {queue.entries.length === 0 && <p className="muted">{text('admin.reports.none')}</p>}
      {queue.entries.map((e) => (
        <section className="card" key={e.listingId} aria-label={e.title ?? deleted()}>
          <div className="row-between">
            <div>
              <h2 style={{ fontSize: '1.1rem', margin: 0 }}>
                <a href={`/properties/${encodeURIComponent(e.listingId)}`}>
                  {e.title ?? deleted()}
                </a>
              </h2>
              <p className="muted" style={{ margin: 0 }}>
                {summary(e)}
              </p>
              <p style={{ margin: 0 }}>
                {Object.entries(e.reasons)
                  .map(([reason, n]) => `${reasonText(reason)}: ${n}`)
                  .join(' · ')}
              </p>
            </div>
            <span style={{ display: 'flex', gap: '0.25rem' }}>
              {e.hidden && (
                <span className="badge badge-delisted">{text('admin.reports.hidden')}</span>
              )}
              {e.possiblyRented && (
                <span className="badge badge-pending">{text('admin.reports.possiblyRented')}</span>
              )}
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
              {text('admin.reports.review')}
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
