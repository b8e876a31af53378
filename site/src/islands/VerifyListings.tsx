import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatRent, typeLabel } from '../lib/format.ts';
import { formatDate } from '@rentals/core/i18n/dates';
import { fill, pageLocale, text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import type { AdminListing } from '../lib/types.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import { Pager } from '../components/react/Pager.tsx';
import './admin.css';

type Row = AdminListing;
type Page = ApiResponse<'GET /admin/listings'>;
type Query = { verified: boolean; city: string; page: number };

/** Runs the bulk verification and says, in words, what came of it. */
const verifyMany = async (ids: string[], verified: boolean, titleOf: (id: string) => string) => {
  const { results } = await apiRoute('POST /admin/listings/verify', {
    json: { ids, verified },
  });
  const done = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  const what = format(verified ? 'admin.verify.doneVerified' : 'admin.verify.doneUnverified', {
    n: done,
  });
  // Why each failed: the API's message, in the page's language.
  const list = failed.map((r) =>
    fill('admin.verify.failedItem', {
      title: titleOf(r.id),
      message: r.message ?? text('admin.failed'),
    }),
  );
  return failed.length === 0
    ? what
    : fill('admin.verify.notChanged', { done: what, list: list.join('; ') });
};

const ListingRow = (props: {
  row: Row;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onToggle: () => void;
}) => {
  const { row } = props;
  return (
    <li className="card verify-row">
      <input
        type="checkbox"
        id={`select-${row.id}`}
        checked={props.selected}
        onChange={(e) => props.onSelect(e.target.checked)}
        aria-label={fill('admin.verify.select', { title: row.title })}
      />
      <div className="verify-row-text">
        <a href={`/properties/${encodeURIComponent(row.id)}`}>{row.title}</a>
        <p className="muted" style={{ margin: 0 }}>
          {[
            format('admin.verify.row', {
              type: typeLabel(row.propertyType),
              area: row.area,
              city: row.city,
              rent: formatRent(row.rent),
              period: row.rentType,
            }),
            ...(row.ownerName ? [row.ownerName] : []),
            fill('admin.verify.listed', { date: formatDate(row.createdAt, pageLocale()) }),
          ].join(' · ')}
        </p>
      </div>
      <button type="button" className="button" disabled={props.busy} onClick={props.onToggle}>
        {text(row.isVerified ? 'admin.verify.unverify' : 'admin.verify.verify')}
      </button>
    </li>
  );
};

const Filters = ({ query, onChange }: { query: Query; onChange: (q: Query) => void }) => {
  const [city, setCity] = useState(query.city);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, city: city.trim(), page: 1 });
  };
  return (
    <form className="verify-filters" onSubmit={submit} role="search">
      <label>
        {text('admin.verify.show')}{' '}
        <select
          value={query.verified ? 'verified' : 'unverified'}
          onChange={(e) => onChange({ ...query, verified: e.target.value === 'verified', page: 1 })}
        >
          <option value="unverified">{text('admin.verify.awaiting')}</option>
          <option value="verified">{text('admin.verify.verified')}</option>
        </select>
      </label>
      <label>
        {text('admin.verify.city')}{' '}
        <input value={city} maxLength={100} onChange={(e) => setCity(e.target.value)} />
      </label>
      <button type="submit" className="button">
        {text('admin.verify.filter')}
      </button>
    </form>
  );
};

/** How many there are, and the bulk action on the selected rows of this page. */
const BulkBar = (props: {
  page: Page;
  query: Query;
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onRun: () => void;
}) => {
  const { page, query, selected } = props;
  const rows = page.listings;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const { verified } = query;
  return (
    <div className="row-between verify-bulk">
      <p className="muted" style={{ margin: 0 }}>
        {query.city
          ? format('admin.verify.totalIn', {
              n: page.total,
              state: verified ? 'verified' : 'awaiting',
              // The city as the listings spell it (the filter matches any spelling).
              city: rows[0]?.city ?? query.city,
            })
          : format('admin.verify.total', {
              n: page.total,
              state: verified ? 'verified' : 'awaiting',
            })}
      </p>
      {rows.length > 0 && (
        <span className="verify-bulk-actions">
          <label>
            <input
              type="checkbox"
              checked={allSelected}
              onChange={(e) => props.onSelectAll(e.target.checked)}
            />{' '}
            {text('admin.verify.selectAll')}
          </label>
          <button
            type="button"
            className="button button-primary"
            disabled={props.busy || selected.size === 0}
            onClick={props.onRun}
          >
            {fill(verified ? 'admin.verify.unverifySelected' : 'admin.verify.verifySelected', {
              n: selected.size,
            })}
          </button>
        </span>
      )}
    </div>
  );
};

/** Loads a page of listings for the query, again whenever `reload` is called. */
const usePage = (query: Query) => {
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    const params = new URLSearchParams({
      verified: String(query.verified),
      page: String(query.page),
    });
    if (query.city) params.set('city', query.city);
    setError('');
    void apiRoute('GET /admin/listings', { query: params })
      .then(setPage)
      .catch((e: unknown) => setError(describeError(e, text('admin.listingsLoadFailed'))));
  }, [query]);
  useEffect(reload, [reload]);
  return { page, error, reload };
};

const Verify = () => {
  const [query, setQuery] = useState<Query>({ verified: false, city: '', page: 1 });
  const { page, error, reload } = usePage(query);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  const change = (q: Query) => {
    setSelected(new Set());
    setQuery(q);
  };
  const run = async (ids: string[], verified: boolean) => {
    setBusy(true);
    setNotice('');
    const titleOf = (id: string) => page?.listings.find((r) => r.id === id)?.title ?? id;
    try {
      setNotice(await verifyMany(ids, verified, titleOf));
      setSelected(new Set());
      reload();
    } catch (e) {
      setNotice(describeError(e, text('admin.nothingChanged')));
    } finally {
      setBusy(false);
    }
  };
  const select = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const rows = page?.listings ?? [];
  return (
    <div className="stack">
      <h1>{text('admin.verify.title')}</h1>
      <Filters query={query} onChange={change} />
      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      <Alert className="alert alert-error" message={error} />
      {!page && !error && <Spinner />}
      {page && (
        <>
          <BulkBar
            page={page}
            query={query}
            selected={selected}
            busy={busy}
            onSelectAll={(on) => setSelected(new Set(on ? rows.map((r) => r.id) : []))}
            onRun={() => void run([...selected], !query.verified)}
          />
          <ul className="verify-list">
            {rows.map((row) => (
              <ListingRow
                key={row.id}
                row={row}
                busy={busy}
                selected={selected.has(row.id)}
                onSelect={(on) => select(row.id, on)}
                onToggle={() => void run([row.id], !row.isVerified)}
              />
            ))}
          </ul>
          <Pager page={page} onPage={(n) => change({ ...query, page: n })} />
        </>
      )}
    </div>
  );
};

export default function VerifyListings() {
  return <GuardedIsland roles={['admin']}>{() => <Verify />}</GuardedIsland>;
}
