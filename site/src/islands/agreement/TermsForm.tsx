import { useState } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { apiRoute, describeError } from '../../lib/api.ts';
import type { Agreement } from '../../lib/agreements.ts';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { formatDate } from '@rentals/core/i18n/dates';
import { pageLocale, text } from '../../lib/i18n.ts';
import { Alert } from '../../components/react/Alert.tsx';
import { BusyButton } from '../../components/react/BusyButton.tsx';

type Terms = Agreement['terms'];
type NumberKey = Exclude<keyof Terms, 'startDate' | 'houseRules'>;

/**
 * The number fields in the order an agreement states them; the API holds their
 * bounds (core/src/agreements/terms.ts) and names a field out of them.
 */
const NUMBERS: readonly [NumberKey, number?][] = [
  ['termMonths'],
  ['rent'],
  ['deposit'],
  ['maintenance'],
  ['lockInMonths'],
  ['tenantNoticeMonths'],
  ['landlordNoticeMonths'],
  ['rentDueDay'],
  ['annualIncreasePercent', 0.5],
];
const RUPEES = new Set<NumberKey>(['rent', 'deposit', 'maintenance']);
const label = (key: keyof Terms) => text(`agreements.field.${key}` as MessageId);

const GRID = {
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
};

/** The terms as the tenant (or the owner, read only) sees them. */
export const TermsList = ({ terms }: { terms: Terms }) => (
  <dl style={GRID} data-testid="agreement-terms">
    <div>
      <dt className="muted">{label('startDate')}</dt>
      <dd style={{ margin: 0 }}>
        {formatDate(`${terms.startDate}T00:00:00.000Z`, pageLocale(), 'date', { timeZone: 'UTC' })}
      </dd>
    </div>
    {NUMBERS.map(([key]) => (
      <div key={key}>
        <dt className="muted">{label(key)}</dt>
        <dd style={{ margin: 0 }}>{RUPEES.has(key) ? formatRupees(terms[key]) : terms[key]}</dd>
      </div>
    ))}
    <div style={{ gridColumn: '1 / -1' }}>
      <dt className="muted">{label('houseRules')}</dt>
      <dd style={{ margin: 0, whiteSpace: 'pre-line' }}>{terms.houseRules || '—'}</dd>
    </div>
  </dl>
);

/** The owner's form: every term, saved at once (a change asks both sides to confirm again). */
export const TermsForm = ({
  letId,
  terms,
  onSaved,
}: {
  letId: string;
  terms: Terms;
  onSaved: (a: Agreement) => void;
}) => {
  const [draft, setDraft] = useState<Record<keyof Terms, string>>(
    () => Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)])) as never,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Terms, value: string) => setDraft({ ...draft, [key]: value });
  const save = async () => {
    setError(null);
    setBusy(true);
    const json = { ...draft } as Record<string, string | number>;
    for (const [key] of NUMBERS) json[key] = Number(draft[key]);
    try {
      const res = await apiRoute('PUT /agreements/:letId/terms', { params: { letId }, json });
      onSaved(res.agreement);
    } catch (e) {
      setError(describeError(e, text('agreements.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => e.preventDefault()} data-testid="agreement-form">
      <div style={{ ...GRID, alignItems: 'end' }}>
        <label>
          {label('startDate')}
          <input
            className="input"
            type="date"
            required
            value={draft.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
        </label>
        {NUMBERS.map(([key, step]) => (
          <label key={key}>
            {label(key)}
            <input
              className="input"
              type="number"
              inputMode={step ? 'decimal' : 'numeric'}
              min={0}
              step={step ?? 1}
              required
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          </label>
        ))}
      </div>
      <label style={{ display: 'block', marginTop: '0.75rem' }}>
        {label('houseRules')}
        <textarea
          className="input"
          rows={4}
          value={draft.houseRules}
          onChange={(e) => set('houseRules', e.target.value)}
        />
      </label>
      <Alert message={error} className="alert alert-error" />
      <BusyButton className="button" busy={busy} onClick={() => void save()}>
        {text('agreements.save')}
      </BusyButton>
    </form>
  );
};
