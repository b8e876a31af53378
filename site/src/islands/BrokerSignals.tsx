import { useCallback, useEffect, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatDate } from '@rentals/core/i18n/dates';
import { fill, pageLocale, text } from '../lib/i18n.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { Alert } from '../components/react/Alert.tsx';
import './admin.css';
import './brokers.css';

type Queue = ApiResponse<'GET /admin/brokers'>;
type Account = Queue['accounts'][number];
type Decision = 'looksLikeOwner' | 'askToConfirm';

/** One account: how strongly it looks like a broker, every reason in words, and the two decisions. */
const AccountRow = (props: {
  account: Account;
  askAt: number;
  busy: boolean;
  onDecide: (d: Decision) => void;
}) => {
  const { account: a } = props;
  return (
    <li className="card stack broker-row" data-testid="broker-account">
      <div className="row-between">
        <strong>{a.name}</strong>
        <span className={`badge ${a.strength >= props.askAt ? 'badge-delisted' : 'badge-type'}`}>
          {fill('admin.brokers.strength', { strength: a.strength })}
        </span>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {fill('admin.brokers.facts', {
          email: a.email,
          date: formatDate(a.memberSince, pageLocale()),
          // Where the role question stands, in the API's words (in the page's language).
          status: a.status,
        })}
      </p>
      <ul className="broker-evidence">
        {a.signals.map((s) => (
          <li key={s.kind + s.reason}>{s.reason}</li>
        ))}
      </ul>
      <div className="quick-actions">
        <button
          type="button"
          className="button"
          disabled={props.busy}
          onClick={() => props.onDecide('looksLikeOwner')}
        >
          {text('admin.brokers.looksLikeOwner')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={props.busy}
          onClick={() => props.onDecide('askToConfirm')}
        >
          {text('admin.brokers.askToConfirm')}
        </button>
      </div>
    </li>
  );
};

const Brokers = () => {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => {
    void apiRoute('GET /admin/brokers')
      .then(setQueue)
      .catch((e: unknown) => setError(describeError(e, text('admin.brokers.loadFailed'))));
  }, []);
  useEffect(reload, [reload]);
  const decide = async (a: Account, decision: Decision) => {
    setBusy(true);
    setNotice('');
    try {
      const done = await apiRoute('POST /admin/brokers/:accountId/decision', {
        params: { accountId: a.accountId },
        json: { decision },
      });
      setNotice(`${a.name}: ${done.decision}.`);
      reload();
    } catch (e) {
      setNotice(describeError(e, text('admin.nothingChanged')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <h1>{text('admin.brokers.title')}</h1>
      <p className="muted" style={{ margin: 0 }}>
        {text('admin.brokers.intro')}
        {queue && ` ${fill('admin.brokers.askAt', { askAt: queue.askAt })}`}
      </p>
      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      <Alert className="alert alert-error" message={error} />
      {!queue && !error && <Spinner />}
      {queue && queue.accounts.length === 0 && (
        <p className="muted">{text('admin.brokers.none')}</p>
      )}
      {queue && (
        <ul className="verify-list">
          {queue.accounts.map((a) => (
            <AccountRow
              key={a.accountId}
              account={a}
              askAt={queue.askAt}
              busy={busy}
              onDecide={(d) => void decide(a, d)}
            />
          ))}
        </ul>
      )}
    </div>
  );
};

export default function BrokerSignals() {
  return <GuardedIsland roles={['admin']}>{() => <Brokers />}</GuardedIsland>;
}
