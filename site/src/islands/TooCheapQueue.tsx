import { useCallback, useEffect, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { plural } from '@rentals/core/ui/plural';
import { formatDate, formatRent } from '../lib/format.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import { EmptyState } from '../components/react/EmptyState.tsx';
import { Pager } from '../components/react/Pager.tsx';
import './admin.css';

type Page = ApiResponse<'GET /admin/too-cheap'>;
type Row = Page['listings'][number];

type Actions = { busy: boolean; onVerify: () => void; onDelist: () => void };

const Finding = ({ row, busy, onVerify, onDelist }: { row: Row } & Actions) => (
  <li className="card verify-row" data-testid="too-cheap-row">
    <div className="verify-row-text">
      <a href={`/properties/${encodeURIComponent(row.id)}`}>{row.title}</a>
      <p style={{ margin: 0 }}>
        <strong>{row.percentBelow} % below</strong>: {formatRent(row.monthlyRent)} per month against
        a median of {formatRent(row.median)}
      </p>
      <p className="muted" style={{ margin: 0 }}>
        {row.evidence} · {row.area}, {row.city}
        {row.ownerName ? ` · listed by ${row.ownerName}` : ''} · checked {formatDate(row.checkedAt)}
      </p>
    </div>
    <span className="verify-bulk-actions">
      <button type="button" className="button" disabled={busy} onClick={onVerify}>
        Genuine: verify
      </button>
      <button type="button" className="button" disabled={busy} onClick={onDelist}>
        Delist
      </button>
    </span>
  </li>
);

const Queue = () => {
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => {
    setError('');
    void apiRoute('GET /admin/too-cheap', { query: new URLSearchParams({ page: String(pageNo) }) })
      .then(setPage)
      .catch((e: unknown) => setError(describeError(e, 'The listings could not be loaded.')));
  }, [pageNo]);
  useEffect(reload, [reload]);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice('');
    try {
      setNotice(await work());
      reload();
    } catch (e) {
      setNotice(describeError(e, 'Nothing was changed; please try again.'));
    } finally {
      setBusy(false);
    }
  };
  // Verifying records that an admin checked the listing is genuine: it leaves this queue.
  const verify = (row: Row) =>
    act(async () => {
      const { results } = await apiRoute('POST /admin/listings/verify', {
        json: { ids: [row.id], verified: true },
      });
      return results[0]?.ok
        ? `“${row.title}” verified.`
        : `“${row.title}” was not changed: ${results[0]?.message ?? 'failed'}.`;
    });
  // A fraud comes off the market as any delisting does (the owner may list it again, and it comes back here).
  const delist = (row: Row) =>
    act(async () => {
      await apiRoute('PATCH /properties/:id/toggle-availability', { params: { id: row.id } });
      return `“${row.title}” is delisted.`;
    });

  return (
    <div className="stack">
      <h1>Much below similar homes</h1>
      <p className="muted" style={{ margin: 0 }}>
        Listings whose rent is 30 % or more below comparable homes nearby. Tenants see a warning on
        them. Open one to check it; verify it if it is genuine, or delist it.
      </p>
      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      <Alert className="alert alert-error" message={error} />
      {!page && !error && <Spinner />}
      {page && page.total === 0 && (
        <EmptyState icon="check" text="No listing is much below similar homes right now." />
      )}
      {page && page.total > 0 && (
        <>
          <p className="muted" style={{ margin: 0 }}>
            {plural(page.total, 'listing')} to check
          </p>
          <ul className="verify-list">
            {page.listings.map((row) => (
              <Finding
                key={row.id}
                row={row}
                busy={busy}
                onVerify={() => void verify(row)}
                onDelist={() => void delist(row)}
              />
            ))}
          </ul>
          <Pager page={page} onPage={setPageNo} />
        </>
      )}
    </div>
  );
};

export default function TooCheapQueue() {
  return <GuardedIsland roles={['admin']}>{() => <Queue />}</GuardedIsland>;
}
