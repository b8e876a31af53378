import { useCallback, useEffect, useState } from 'react';
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { DuplicatePair } from '@rentals/core/contract/duplicates';
import { plural } from '@rentals/core/ui/plural';
import { describeError, apiRoute } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import './admin.css';
import './duplicates.css';

type Queue = ApiResponse<'GET /admin/duplicates'>;
type Side = DuplicatePair['listingA'];

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
      {side.photos.length === 0 && <p className="muted">No photos</p>}
      {side.photos.map((p) => (
        <img
          key={p.url}
          src={p.url}
          alt={p.matched ? 'The matching photo' : 'Another photo of this listing'}
          className={p.matched ? 'duplicate-photo matched' : 'duplicate-photo'}
          style={{ backgroundImage: `url("${p.placeholder}")` }}
          loading="lazy"
        />
      ))}
    </div>
    <a href={`/properties/${encodeURIComponent(side.listingId)}`} className="duplicate-title">
      {side.title ?? 'A listing not shown yet'}
    </a>
    <dl className="duplicate-facts">
      <dt>Owner</dt>
      <dd>{side.ownerName ?? 'Unknown account'}</dd>
      <dt>City</dt>
      <dd>{side.city}</dd>
      <dt>Address</dt>
      <dd>{side.address ?? '—'}</dd>
      <dt>Status</dt>
      <dd>{side.status}</dd>
    </dl>
    {side.status === 'Listed' && (
      <button type="button" className="button" disabled={busy} onClick={onDelist}>
        Delist this one
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
  <li className="card duplicate-pair" aria-label="A possible duplicate">
    <ul className="duplicate-matches">
      {pair.matches.map((m) => (
        <li key={m}>
          <strong>{m}</strong>
        </li>
      ))}
    </ul>
    <p className="muted" style={{ margin: 0 }}>
      Found {formatDate(pair.foundAt)}
    </p>
    <div className="duplicate-sides">
      <ListingSide
        side={pair.listingA}
        label="Listing 1"
        busy={busy}
        onDelist={() => onDelist(pair.listingA)}
      />
      <ListingSide
        side={pair.listingB}
        label="Listing 2"
        busy={busy}
        onDelist={() => onDelist(pair.listingB)}
      />
    </div>
    <div className="duplicate-actions">
      <button type="button" className="button button-primary" disabled={busy} onClick={onDismiss}>
        Not a duplicate
      </button>
      <a className="button" href="/admin/reports">
        Review reports
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
        .catch((e: unknown) => setError(describeError(e, 'The duplicates could not be loaded.'))),
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
      setError(describeError(e, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const dismiss = (pair: DuplicatePair) =>
    act(async () => {
      await apiRoute('POST /admin/duplicates/dismiss', {
        json: { listingIds: [pair.listingA.listingId, pair.listingB.listingId] },
      });
      return 'Marked not a duplicate. This pair will not be shown again.';
    });
  const delist = (side: Side) =>
    act(async () => {
      await apiRoute('PATCH /properties/:id/toggle-availability', {
        params: { id: side.listingId },
      });
      return `“${side.title ?? 'The listing'}” is delisted.`;
    });

  if (!queue && !error) return <Spinner />;
  return (
    <div className="stack">
      <h1>Possible duplicates</h1>
      <p className="muted">
        The same photo on listings of different owners or in different cities, and the same home
        listed twice by different owners. Newest first.
      </p>
      {error && <Alert className="alert alert-error" message={error} />}
      {notice && <p role="status">{notice}</p>}
      {queue && queue.pairs.length === 0 && <p>Nothing to review.</p>}
      {queue && queue.pairs.length > 0 && (
        <>
          <p>
            {plural(queue.total, 'pair')} to review
            {queue.total > queue.pairs.length ? `, the newest ${queue.pairs.length} shown` : ''}.
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
