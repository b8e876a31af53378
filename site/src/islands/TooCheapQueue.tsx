import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '@rentals/core/i18n/dates';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import { fill, pageLocale, text } from '../lib/i18n.ts';
import { format, formatRich } from '../lib/i18nFormat.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import { EmptyState } from '../components/react/EmptyState.tsx';
import { Pager } from '../components/react/Pager.tsx';
import './admin.css';

type Page = ApiResponse<'GET /admin/too-cheap'>;
type Row = Page['listings'][number];

type Actions = { busy: boolean; onVerify: () => void; onDelist: () => void };

/** Where it is, who listed it, when it was checked; the evidence is the API's sentence, in the page's language. */
const facts = (row: Row) =>
  [
    row.evidence,
    `${row.area}, ${row.city}`,
    ...(row.ownerName ? [fill('admin.tooCheap.listedBy', { name: row.ownerName })] : []),
    fill('admin.tooCheap.checked', { date: formatDate(row.checkedAt, pageLocale()) }),
  ].join(' · ');

const Finding = ({ row, busy, onVerify, onDelist }: { row: Row } & Actions) => (
  <li className="card verify-row" data-testid="too-cheap-row">
    <div className="verify-row-text">
      <a href={`/properties/${encodeURIComponent(row.id)}`}>{row.title}</a>
      <p style={{ margin: 0 }}>
        {richNodes(
          formatRich<ReactNode>('admin.tooCheap.below', {
            percent: row.percentBelow,
            rent: formatRupees(row.monthlyRent, pageLocale()),
            median: formatRupees(row.median, pageLocale()),
            b: (chunks) => <strong>{chunks}</strong>,
          }),
        )}
      </p>
      <p className="muted" style={{ margin: 0 }}>
        {facts(row)}
      </p>
    </div>
    <span className="verify-bulk-actions">
      <button type="button" className="button" disabled={busy} onClick={onVerify}>
        {text('admin.tooCheap.verify')}
      </button>
      <button type="button" className="button" disabled={busy} onClick={onDelist}>
        {text('admin.delist')}
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
      .catch((e: unknown) => setError(describeError(e, text('admin.listingsLoadFailed'))));
  }, [pageNo]);
  useEffect(reload, [reload]);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice('');
    try {
      setNotice(await work());
      reload();
    } catch (e) {
      setNotice(describeError(e, text('admin.nothingChanged')));
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
        ? fill('admin.tooCheap.verified', { title: row.title })
        : fill('admin.tooCheap.notChanged', {
            title: row.title,
            // Why not: the API's message, in the page's language.
            message: results[0]?.message ?? text('admin.failed'),
          });
    });
  // A fraud comes off the market as any delisting does (the owner may list it again, and it comes back here).
  const delist = (row: Row) =>
    act(async () => {
      await apiRoute('PATCH /properties/:id/toggle-availability', { params: { id: row.id } });
      return fill('admin.delisted', { title: row.title });
    });

  return (
    <div className="stack">
      <h1>{text('admin.tooCheap.title')}</h1>
      <p className="muted" style={{ margin: 0 }}>
        {text('admin.tooCheap.intro')}
      </p>
      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      <Alert className="alert alert-error" message={error} />
      {!page && !error && <Spinner />}
      {page && page.total === 0 && <EmptyState icon="check" text={text('admin.tooCheap.none')} />}
      {page && page.total > 0 && (
        <>
          <p className="muted" style={{ margin: 0 }}>
            {format('admin.tooCheap.count', { n: page.total })}
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
