import { useCallback, useEffect, useState } from 'react';
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { DuplicatePair } from '@rentals/core/contract/duplicates';
import { formatDate } from '@rentals/core/i18n/dates';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { describeError, apiRoute } from '../lib/api.ts';
import { fill, pageLocale, text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import './admin.css';
import './duplicates.css';

type Queue = ApiResponse<'GET /admin/duplicates'>;
type Side = DuplicatePair['listingA'];

/** The statuses the API writes in words (projections' duplicateQueries), shown in the page's language. */
const STATUSES: Record<string, MessageId> = {
  Listed: 'admin.duplicates.listed',
  'Not listed': 'admin.duplicates.notListed',
};
const statusText = (status: string) => {
  const id = STATUSES[status];
  return id ? text(id) : status;
};

/** One listing of the pair: its photos (the matching ones marked), title, owner and place. */
const ListingSide = ({
  side,
  label,
  busy,
  onDelist,
}: {
  side: Side;
  label: string;
  busy: boolean;
  onDelist: () => void;
}) => (
  <div className="duplicate-side">
    <p className="muted duplicate-side-label">{label}</p>
    <div className="duplicate-photos">
      {side.photos.length === 0 && <p className="muted">{text('admin.duplicates.noPhotos')}</p>}
      {side.photos.map((p) => (
        <img
          key={p.url}
          src={p.url}
          alt={text(p.matched ? 'admin.duplicates.matchedPhoto' : 'admin.duplicates.otherPhoto')}
          className={p.matched ? 'duplicate-photo matched' : 'duplicate-photo'}
          style={{ backgroundImage: `url("${p.placeholder}")` }}
          loading="lazy"
        />
      ))}
    </div>
    <a href={`/properties/${encodeURIComponent(side.listingId)}`} className="duplicate-title">
      {side.title === null ? (
        text('admin.duplicates.notShownYet')
      ) : (
        <span translate="no">{side.title}</span>
      )}
    </a>
    <dl className="duplicate-facts">
      <dt>{text('admin.duplicates.owner')}</dt>
      <dd translate={side.ownerName ? 'no' : undefined}>
        {side.ownerName ?? text('admin.duplicates.unknownAccount')}
      </dd>
      <dt>{text('admin.duplicates.city')}</dt>
      <dd translate="no">{side.city}</dd>
      <dt>{text('admin.duplicates.address')}</dt>
      <dd translate="no">{side.address ?? '—'}</dd>
      <dt>{text('admin.duplicates.status')}</dt>
      <dd>{statusText(side.status)}</dd>
    </dl>
    {side.status === 'Listed' && (
      <button type="button" className="button" disabled={busy} onClick={onDelist}>
        {text('admin.duplicates.delistThis')}
      </button>
    )}
  </div>
);

const PairCard = ({
  pair,
  busy,
  onDismiss,
  onDelist,
}: {
  pair: DuplicatePair;
  busy: boolean;
  onDismiss: () => void;
  onDelist: (side: Side) => void;
}) => (
  <li className="card duplicate-pair" aria-label={text('admin.duplicates.pair')}>
    <ul className="duplicate-matches">
      {pair.matches.map((m) => (
        <li key={m}>
          <strong>{m}</strong>
        </li>
      ))}
    </ul>
    <p className="muted" style={{ margin: 0 }}>
      {fill('admin.duplicates.found', { date: formatDate(pair.foundAt, pageLocale()) })}
    </p>
    <div className="duplicate-sides">
      <ListingSide
        side={pair.listingA}
        label={fill('admin.duplicates.listing', { n: 1 })}
        busy={busy}
        onDelist={() => onDelist(pair.listingA)}
      />
      <ListingSide
        side={pair.listingB}
        label={fill('admin.duplicates.listing', { n: 2 })}
        busy={busy}
        onDelist={() => onDelist(pair.listingB)}
      />
    </div>
    <div className="duplicate-actions">
      <button type="button" className="button button-primary" disabled={busy} onClick={onDismiss}>
        {text('admin.duplicates.notDuplicate')}
      </button>
      <a className="button" href="/admin/reports">
        {text('admin.reports.title')}
      </a>
    </div>
  </li>
);

/** /admin/duplicates: recycled photos and duplicate listings, the pair side by side, newest first. */
const Review = () => {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      apiRoute('GET /admin/duplicates')
        .then(setQueue)
        .catch((e: unknown) => setError(describeError(e, text('admin.duplicates.loadFailed')))),
    [],
  );
  useEffect(() => void load(), [load]);

  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    setError('');
    try {
      setNotice(await run());
      await load();
    } catch (e) {
      setError(describeError(e, text('admin.duplicates.failed')));
    } finally {
      setBusy(false);
    }
  };
  const dismiss = (pair: DuplicatePair) =>
    act(async () => {
      await apiRoute('POST /admin/duplicates/dismiss', {
        json: { listingIds: [pair.listingA.listingId, pair.listingB.listingId] },
      });
      return text('admin.duplicates.dismissed');
    });
  const delist = (side: Side) =>
    act(async () => {
      await apiRoute('PATCH /properties/:id/toggle-availability', {
        params: { id: side.listingId },
      });
      return fill('admin.delisted', {
        title: side.title ?? text('admin.duplicates.theListing'),
      });
    });

  if (!queue && !error) return <Spinner />;
  return (
    <div className="stack">
      <h1>{text('admin.duplicates.title')}</h1>
      <p className="muted">{text('admin.duplicates.intro')}</p>
      {error && <Alert className="alert alert-error" message={error} />}
      {notice && <p role="status">{notice}</p>}
      {queue && queue.pairs.length === 0 && <p>{text('admin.duplicates.none')}</p>}
      {queue && queue.pairs.length > 0 && (
        <>
          <p>
            {queue.total > queue.pairs.length
              ? format('admin.duplicates.countNewest', {
                  total: queue.total,
                  shown: queue.pairs.length,
                })
              : format('admin.duplicates.count', { total: queue.total })}
          </p>
          <ul className="duplicate-list">
            {queue.pairs.map((p) => (
              <PairCard
                key={`${p.listingA.listingId}-${p.listingB.listingId}`}
                pair={p}
                busy={busy}
                onDismiss={() => void dismiss(p)}
                onDelist={(side) => void delist(side)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
};

export default function DuplicateReview() {
  return <GuardedIsland roles={['admin']}>{() => <Review />}</GuardedIsland>;
}
