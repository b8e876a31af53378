import { useEffect, useState } from 'react';
import { count, plural } from '@rentals/core/ui/plural';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '../lib/format.ts';
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
      .catch((e: unknown) => setError(describeError(e, 'The admin console could not be loaded.')));
  }, []);

  if (error) return <Alert className="alert alert-error" message={error} />;
  if (!overview) return <Spinner />;
  const { counts, recentDecisions } = overview;
  return (
    <div className="stack">
      <h1>Admin console</h1>
      <div className="stat-grid">
        <Count value={counts.reportedListings} label="Reported listings" href="/admin/reports">
          {plural(counts.openReports, 'open report')}
        </Count>
        <Count
          value={counts.hiddenAwaitingDecision}
          label="Hidden, awaiting a decision"
          href="/admin/reports"
        />
        <Count
          value={counts.awaitingVerification}
          label="Awaiting verification"
          href="/admin/verify"
        />
        <Count
          value={counts.muchBelowSimilar}
          label="Much below similar homes"
          href="/admin/too-cheap"
        />
        <Count value={counts.duplicatePairs} label="Possible duplicates" href="/admin/duplicates">
          Same photos or same home
        </Count>
      </div>
      <div className="quick-actions">
        <a className="button button-primary" href="/admin/reports">
          Review reports
        </a>
        <a className="button" href="/admin/verify">
          Verify listings
        </a>
        <a className="button" href="/admin/duplicates">
          Review duplicates
        </a>
        <a className="button" href="/admin/brokers">
          Possible brokers
        </a>
      </div>
      <section className="card" aria-labelledby="recent-decisions">
        <h2 id="recent-decisions" style={{ fontSize: '1.1rem' }}>
          Recent decisions
        </h2>
        {recentDecisions.length === 0 ? (
          <p className="muted">No decisions yet.</p>
        ) : (
          <ul className="decision-list">
            {recentDecisions.map((d, i) => (
              <li key={`${d.listingId}-${d.at}-${i}`}>
                <a href={`/properties/${encodeURIComponent(d.listingId)}`}>
                  {d.title ?? 'A deleted listing'}
                </a>
                : {d.text}
                <span className="muted">
                  {' '}
                  — {d.adminName}, {formatDate(d.at)}
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
