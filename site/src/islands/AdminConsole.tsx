import { useEffect, useState } from 'react';
import { count } from '@rentals/core/ui/plural';
import { formatDate } from '@rentals/core/i18n/dates';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { pageLocale, text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import './admin.css';

type Overview = ApiResponse<'GET /admin/overview'>;

/** A count that leads to the page where it is dealt with. */
const Count = ({
  value,
  label,
  href,
  children,
}: {
  value: number;
  label: string;
  href: string;
  children?: string;
}) => (
  <a className="card stat-card admin-count" href={href}>
    <strong>{count(value)}</strong>
    <span>{label}</span>
    {children && <span className="muted">{children}</span>}
  </a>
);

/** /admin: what waits for an admin, and what admins decided last. */
const Console = () => {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    void apiRoute('GET /admin/overview')
      .then(setOverview)
      .catch((e: unknown) => setError(describeError(e, text('admin.console.loadFailed'))));
  }, []);

  if (error) return <Alert className="alert alert-error" message={error} />;
  if (!overview) return <Spinner />;
  const { counts, recentDecisions } = overview;
  return (
    <div className="stack">
      <h1>{text('admin.console.title')}</h1>
      <div className="stat-grid">
        <Count
          value={counts.reportedListings}
          label={text('admin.console.reported')}
          href="/admin/reports"
        >
          {format('admin.console.openReports', { n: counts.openReports })}
        </Count>
        <Count
          value={counts.hiddenAwaitingDecision}
          label={text('admin.console.hidden')}
          href="/admin/reports"
        />
        <Count
          value={counts.awaitingVerification}
          label={text('admin.console.awaitingVerification')}
          href="/admin/verify"
        />
        <Count
          value={counts.muchBelowSimilar}
          label={text('admin.tooCheap.title')}
          href="/admin/too-cheap"
        />
        <Count
          value={counts.duplicatePairs}
          label={text('admin.duplicates.title')}
          href="/admin/duplicates"
        >
          {text('admin.console.duplicatesHint')}
        </Count>
      </div>
      <div className="quick-actions">
        <a className="button button-primary" href="/admin/reports">
          {text('admin.reports.title')}
        </a>
        <a className="button" href="/admin/verify">
          {text('admin.verify.title')}
        </a>
        <a className="button" href="/admin/duplicates">
          {text('admin.console.reviewDuplicates')}
        </a>
        <a className="button" href="/admin/brokers">
          {text('admin.brokers.title')}
        </a>
      </div>
      <section className="card" aria-labelledby="recent-decisions">
        <h2 id="recent-decisions" style={{ fontSize: '1.1rem' }}>
          {text('admin.console.recent')}
        </h2>
        {recentDecisions.length === 0 ? (
          <p className="muted">{text('admin.console.noDecisions')}</p>
        ) : (
          <ul className="decision-list">
            {recentDecisions.map((d, i) => (
              <li key={`${d.listingId}-${d.at}-${i}`}>
                <a href={`/properties/${encodeURIComponent(d.listingId)}`}>
                  {d.title ?? text('admin.deletedListing')}
                </a>
                : {d.text}
                <span className="muted">
                  {' '}
                  — {d.adminName}, {formatDate(d.at, pageLocale())}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};

export default function AdminConsole() {
  return <GuardedIsland roles={['admin']}>{() => <Console />}</GuardedIsland>;
}
