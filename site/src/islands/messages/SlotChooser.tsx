import { useEffect, useState } from 'react';
import { apiRoute } from '../../lib/api.ts';
import { fill, pageLocale, text } from '../../lib/i18n.ts';
import { freeSlotsByDay } from '../../lib/visits.ts';
import { BusyButton } from '../../components/react/BusyButton.tsx';

type Days = ReturnType<typeof freeSlotsByDay>;

type Props = {
  listingId: string;
  /** 'book' or 'move': the words on each time's button. */
  purpose: 'book' | 'move';
  /** Moving asks why; the reason goes with the chosen time. */
  withReason: boolean;
  busy: boolean;
  onChoose: (start: string, reason: string) => void;
  onBack: () => void;
};

const ROW = { display: 'flex', flexWrap: 'wrap', gap: '0.4rem', margin: '0.5rem 0' } as const;

/** Why a visit moves or is called off: one line, which the other side reads. */
export const ReasonField = (props: { reason: string; onChange: (reason: string) => void }) => (
  <label style={{ display: 'block' }}>
    {text('visits.reason')}
    <input
      className="input"
      value={props.reason}
      maxLength={300}
      onChange={(e) => props.onChange(e.target.value)}
    />
  </label>
);

/** The listing's free visiting times for two weeks: a day, then one of its times. */
export const SlotChooser = ({ listingId, purpose, withReason, busy, onChoose, onBack }: Props) => {
  const locale = pageLocale();
  const [days, setDays] = useState<Days | null>(null);
  const [offered, setOffered] = useState(true);
  const [failed, setFailed] = useState(false);
  const [day, setDay] = useState(0);
  const [reason, setReason] = useState('');
  useEffect(() => {
    apiRoute('GET /visit-times/:listingId', { params: { listingId } })
      .then((times) => {
        setOffered(times.windows.length > 0);
        setDays(freeSlotsByDay(times.slots, locale));
      })
      .catch(() => setFailed(true));
  }, [listingId, locale]);

  if (failed) return <p className="muted">{text('visits.failed')}</p>;
  if (!days) return <p className="muted">{text('visits.loading')}</p>;
  const chosen = days[day];
  return (
    <div data-testid="slot-chooser">
      <strong>{text('visits.chooseTime')}</strong>
      <p className="muted">
        {!offered
          ? text('visits.noTimes')
          : days.length === 0
            ? text('visits.noFree')
            : text('visits.timesNote')}
      </p>
      {withReason && <ReasonField reason={reason} onChange={setReason} />}
      {days.length > 0 && (
        <select
          className="input"
          aria-label={text('visits.chooseTime')}
          value={day}
          onChange={(e) => setDay(Number(e.target.value))}
        >
          {days.map((d, i) => (
            <option key={d.day} value={i}>
              {d.day}
            </option>
          ))}
        </select>
      )}
      <div style={ROW}>
        {chosen?.times.map((slot) => (
          <BusyButton
            key={slot.start}
            className="button"
            busy={busy}
            disabled={withReason && reason.trim() === ''}
            aria-label={fill(purpose === 'book' ? 'visits.bookAt' : 'visits.moveTo', {
              when: `${chosen.day}, ${slot.time}`,
            })}
            onClick={() => onChoose(slot.start, reason)}
          >
            {slot.time}
          </BusyButton>
        ))}
      </div>
      <button type="button" className="button" onClick={onBack}>
        {text('visits.back')}
      </button>
    </div>
  );
};
