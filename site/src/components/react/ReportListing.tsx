import { useState } from 'react';
import { ApiError, describeError, apiRoute } from '../../lib/api.ts';
import { Alert } from './Alert.tsx';
import { text } from '../../lib/i18n.ts';

/** The reasons exactly as the API takes them (core/src/reports/events.ts), each with its words on screen. */
const REASONS = [
  ['Broker posing as owner', 'detail.report.reason.broker'],
  ['Already rented', 'detail.report.reason.rented'],
  ['Wrong price or details', 'detail.report.reason.wrong'],
  ['Fake or scam', 'detail.report.reason.fake'],
] as const;
const NOTE_MAX = 500;

type Props = {
  listingId: string;
  /** Open at once: the button that fetched this component was already pressed. */
  startOpen?: boolean;
};

/** One of the API's reasons, as radio buttons. */
const ReasonChoice = ({
  reason,
  onChange: setReason,
}: {
  reason: string;
  onChange: (reason: string) => void;
}) => (
  <fieldset className="stack" style={{ gap: '0.25rem', border: 0, padding: 0, margin: 0 }}>
    <legend>{text('detail.report.legend')}</legend>
    {REASONS.map(([r, label]) => (
      <label key={r}>
        <input
          type="radio"
          name="report-reason"
          value={r}
          checked={reason === r}
          onChange={() => setReason(r)}
        />{' '}
        {text(label)}
      </label>
    ))}
  </fieldset>
);

/**
 * 'Report' on a property: a reason and an optional note for the reviewers.
 * A user reports a listing once; a second try says so.
 */
export const ReportListing = ({ listingId, startOpen = false }: Props) => {
  const [open, setOpen] = useState(startOpen);
  const [reason, setReason] = useState<string>('');
  const [note, setNote] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'already'>('idle');
  const [error, setError] = useState('');

  if (state === 'done')
    return (
      <p className="alert alert-success" role="status">
        {text('detail.report.done')}
      </p>
    );
  if (state === 'already')
    return (
      <p className="alert alert-info" role="status">
        {text('detail.report.already')}
      </p>
    );
  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {text('detail.report.open')}
      </button>
    );

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setState('sending');
    setError('');
    try {
      await apiRoute('POST /reports', {
        json: { listingId, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      setState('done');
    } catch (e) {
      // 409: this user reported it before (the API's words are in the page's language, so not compared).
      if (e instanceof ApiError && e.status === 409) {
        setState('already');
        return;
      }
      setError(describeError(e, text('detail.report.failed')));
      setState('idle');
    }
  };

  return (
    <form className="stack" style={{ gap: '0.5rem' }} onSubmit={(e) => void send(e)}>
      <ReasonChoice reason={reason} onChange={setReason} />
      <label htmlFor="report-note">{text('detail.report.note')}</label>
      <textarea
        id="report-note"
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
      />
      <Alert className="alert alert-error" message={error} />
      <button
        type="submit"
        className="button button-primary"
        disabled={state === 'sending' || reason === ''}
      >
        {text(state === 'sending' ? 'detail.report.sending' : 'detail.report.send')}
      </button>
      <button type="button" className="link-button" onClick={() => setOpen(false)}>
        {text('detail.report.cancel')}
      </button>
    </form>
  );
};
