import { useEffect, useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { fill, pageHref, pageLocale, text } from '../../lib/i18n.ts';
import { downloadInvite, isUpcoming, visitWhen, type Visit } from '../../lib/visits.ts';
import { Alert } from '../../components/react/Alert.tsx';
import { BusyButton } from '../../components/react/BusyButton.tsx';
import { useBusy } from '../../components/react/useBusy.ts';
import { ReasonField, SlotChooser } from './SlotChooser.tsx';

type Mode = 'idle' | 'book' | 'move' | 'cancel';

// Inline, not a stylesheet: a lazy module's CSS would join the page's own (site/scripts/checkBudgets.ts).
const BOX = {
  margin: '0.5rem 0',
  padding: '0.6rem 0.75rem',
  border: '1px solid var(--border, #e5e7eb)',
  borderRadius: '0.6rem',
} as const;
const ROW = { display: 'flex', flexWrap: 'wrap', gap: '0.4rem', marginTop: '0.4rem' } as const;

/** The visit's state in words: booked, cancelled or not come, and who changed it why. */
const VisitLine = ({ visit, name }: { visit: Visit; name: string }) => {
  const when = visitWhen(visit.start, pageLocale());
  const id = {
    booked: 'visits.booked',
    cancelled: 'visits.cancelled',
    noShow: 'visits.noShow',
  } as const;
  return (
    <div data-testid="visit-status">
      <strong>{fill(id[visit.status], { when })}</strong>
      {visit.changedBy && visit.reason && (
        <div className="muted">
          {visit.changedBy === 'you'
            ? fill('visits.changedByYou', { reason: visit.reason })
            : fill('visits.changedByThem', { name, reason: visit.reason })}
        </div>
      )}
    </div>
  );
};

/** Calling a visit off: the reason first (the other side reads it), then the button. */
const CancelForm = (props: {
  busy: boolean;
  onCancel: (reason: string) => void;
  onBack: () => void;
}) => {
  const [reason, setReason] = useState('');
  return (
    <div>
      <ReasonField reason={reason} onChange={setReason} />
      <div style={ROW}>
        <BusyButton
          className="button"
          busy={props.busy}
          disabled={reason.trim() === ''}
          onClick={() => props.onCancel(reason)}
        >
          {text('visits.confirmCancel')}
        </BusyButton>
        <button type="button" className="button" onClick={props.onBack}>
          {text('visits.back')}
        </button>
      </div>
    </div>
  );
};

/**
 * A conversation's visit (issue 44): the tenant books a time from the
 * owner's visiting times; either side moves or cancels it saying why, or adds
 * it to their calendar; the owner records a no-show. Loaded after the thread
 * (ThreadHeader imports it lazily), so the messages page's first load stays within budget.
 */
export default function VisitPanel({ c }: { c: Conversation }) {
  const [visits, setVisits] = useState<Visit[] | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();

  useEffect(() => {
    apiRoute('GET /visits')
      .then((all) => setVisits(all.visits.filter((v) => v.conversationId === c.id)))
      .catch(() => setVisits([]));
  }, [c.id]);

  if (!visits || !c.listing.title) return null;
  const current = visits.find((v) => isUpcoming(v)) ?? visits[visits.length - 1];
  const changed = (visit: Visit) => {
    setVisits([...visits.filter((v) => v.visitId !== visit.visitId), visit]);
    setMode('idle');
  };
  const act = (call: () => Promise<{ visit: Visit }>) =>
    run(
      async () => changed((await call()).visit),
      (e) => setError(describeError(e, text('visits.failed'))),
    );
  const id = current?.visitId ?? '';
  const past = current ? Date.parse(current.start) <= Date.now() : false;

  if (mode === 'book' || mode === 'move')
    return (
      <section style={BOX} aria-label={text('visits.book')}>
        <Alert className="alert alert-error" message={error} />
        <SlotChooser
          listingId={c.listing.id}
          purpose={mode}
          withReason={mode === 'move'}
          busy={busy}
          onBack={() => setMode('idle')}
          onChoose={(start, why) =>
            void act(() =>
              mode === 'book'
                ? apiRoute('POST /visits', { json: { conversationId: c.id, start } })
                : apiRoute('POST /visits/:id/reschedule', {
                    params: { id },
                    json: { start, reason: why },
                  }),
            )
          }
        />
      </section>
    );

  return (
    <section style={BOX} data-testid="visit-panel">
      <Alert className="alert alert-error" message={error} />
      {current && <VisitLine visit={current} name={c.counterpart.name} />}
      {mode === 'cancel' ? (
        <CancelForm
          busy={busy}
          onBack={() => setMode('idle')}
          onCancel={(reason) =>
            void act(() =>
              apiRoute('POST /visits/:id/cancel', { params: { id }, json: { reason } }),
            )
          }
        />
      ) : current && isUpcoming(current) ? (
        <div style={ROW}>
          <button
            type="button"
            className="button"
            onClick={() =>
              void downloadInvite(id, pageLocale()).catch(() => setError(text('visits.failed')))
            }
          >
            {text('visits.addToCalendar')}
          </button>
          {!past && (
            <>
              <button type="button" className="button" onClick={() => setMode('move')}>
                {text('visits.move')}
              </button>
              <button type="button" className="button" onClick={() => setMode('cancel')}>
                {text('visits.cancel')}
              </button>
            </>
          )}
          {past && c.role === 'owner' && (
            <BusyButton
              className="button"
              busy={busy}
              onClick={() =>
                void act(() => apiRoute('POST /visits/:id/no-show', { params: { id } }))
              }
            >
              {text('visits.markNoShow')}
            </BusyButton>
          )}
        </div>
      ) : c.role === 'tenant' ? (
        <div style={ROW}>
          <button type="button" className="button button-primary" onClick={() => setMode('book')}>
            {text('visits.book')}
          </button>
        </div>
      ) : (
        <p className="muted">
          {text('visits.ownerHint')}{' '}
          <a href={pageHref(`/my-properties#visits-${c.listing.id}`)}>{text('visits.setTimes')}</a>
        </p>
      )}
    </section>
  );
}
