import { useEffect, useRef, useState } from 'react';
import type { LetDocument } from '@rentals/core/contract/let';
import { apiRoute, describeError } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import type { Property } from '../../lib/types.ts';
import { useModal } from '../../components/react/useModal.ts';

type Tenant = { conversationId: string; name: string };
type Props = { property: Property; onDone: (made: LetDocument) => void; onCancel: () => void };

const OUTSIDE = 'outside';
const FIELD = { display: 'grid', gap: '0.25rem' } as const;

/** Today in India, as the date input wants it (YYYY-MM-DD). */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The asking rent a month: the agreed rent's first guess. */
const askingMonthly = (p: Property) => Math.round(p.rentType === 'yearly' ? p.rent / 12 : p.rent);

/** The tenants of the owner's conversations about this home, one per person, by name. */
const useTenants = (listingId: string) => {
  const [tenants, setTenants] = useState<Tenant[] | null>(null);
  useEffect(() => {
    let live = true;
    const page = (archived: boolean) =>
      apiRoute('GET /conversations', {
        query: new URLSearchParams({ archived: String(archived), limit: '100' }),
      }).then((r) => r.conversations);
    Promise.all([page(false), page(true)])
      .then((lists) => {
        const seen = new Set<string>();
        const found = lists
          .flat()
          .filter((c) => c.role === 'owner' && c.listing.id === listingId)
          .filter((c) => !seen.has(c.counterpart.id) && seen.add(c.counterpart.id))
          .map((c) => ({ conversationId: c.id, name: c.counterpart.name }));
        if (live) setTenants(found);
      })
      .catch(() => live && setTenants([]));
    return () => {
      live = false;
    };
  }, [listingId]);
  return tenants;
};

/**
 * 'Mark as let' on My Properties (issue 44): whom to (a tenant from one of
 * the home's conversations, or someone not on the site), the agreed rent,
 * deposit and move-in day. Loaded when opened.
 */
export default function LetDialog({ property: p, onDone, onCancel }: Props) {
  const tenants = useTenants(p._id);
  const [to, setTo] = useState(OUTSIDE);
  const [rent, setRent] = useState(String(askingMonthly(p)));
  const [deposit, setDeposit] = useState(String(p.tenancy?.depositRupees ?? ''));
  const [moveIn, setMoveIn] = useState(today());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const first = useRef<HTMLSelectElement>(null);
  useModal(first, (event) => {
    if (event.key === 'Escape' && !busy) onCancel();
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const res = await apiRoute('POST /properties/:id/let', {
        params: { id: p._id },
        json: {
          to: to === OUTSIDE ? { outside: true } : { conversationId: to },
          rent: Number(rent),
          deposit: Number(deposit || 0),
          moveIn,
        },
      });
      onDone(res.let);
    } catch (e) {
      setError(describeError(e, text('lets.failed')));
      setBusy(false);
    }
  };

  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="let-title"
        onSubmit={(e) => void submit(e)}
        data-testid="let-dialog"
        style={{ display: 'grid', gap: '0.75rem', maxWidth: 'min(28rem, 100%)' }}
      >
        <h2 id="let-title" style={{ margin: 0 }}>
          {text('lets.title')}
        </h2>
        <p className="muted" style={{ margin: 0 }} translate="no">
          {p.title}
        </p>
        <p style={{ margin: 0 }}>{text('lets.intro')}</p>
        <label style={FIELD}>
          {text('lets.to')}
          <select
            ref={first}
            className="input"
            name="to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          >
            {(tenants ?? []).map((t) => (
              <option key={t.conversationId} value={t.conversationId} translate="no">
                {t.name}
              </option>
            ))}
            <option value={OUTSIDE}>{text('lets.outside')}</option>
          </select>
          {tenants === null && <small className="muted">{text('lets.loadingTenants')}</small>}
        </label>
        <label style={FIELD}>
          {text('lets.rent')}
          <input
            className="input"
            name="rent"
            inputMode="numeric"
            required
            pattern="[0-9]+"
            value={rent}
            onChange={(e) => setRent(e.target.value)}
          />
        </label>
        <label style={FIELD}>
          {text('lets.deposit')}
          <input
            className="input"
            name="deposit"
            inputMode="numeric"
            pattern="[0-9]*"
            value={deposit}
            onChange={(e) => setDeposit(e.target.value)}
          />
        </label>
        <label style={FIELD}>
          {text('lets.moveIn')}
          <input
            className="input"
            name="moveIn"
            type="date"
            required
            value={moveIn}
            onChange={(e) => setMoveIn(e.target.value)}
          />
        </label>
        {error && (
          <p className="alert alert-error" role="alert" style={{ margin: 0 }}>
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {text('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {text(busy ? 'lets.saving' : 'lets.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
