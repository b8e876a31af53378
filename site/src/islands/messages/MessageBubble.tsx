import { lazy, Suspense } from 'react';
import { time, type Shown } from './shown.ts';

const MoneyWarning = lazy(() => import('./MoneyWarning.tsx'));

type Props = { m: Shown; onRetry: () => void; onDiscard: () => void };

/**
 * One message; a failed one says why and offers Retry and Discard. A message
 * from the other side that asks for money up front carries the warning.
 */
export const MessageBubble = ({ m, onRetry, onDiscard }: Props) => (
  <div
    className={`bubble${m.mine ? ' mine' : ''}${m.status === 'failed' ? ' failed' : ''}`}
    data-testid="message"
  >
    {m.body}
    <span className="meta">
      {m.status === 'sending'
        ? 'Sending…'
        : m.status === 'failed'
          ? `Not sent: ${m.error ?? ''}`
          : time(m.sentAt)}
      {m.masked && ' · Contact details are shown once you reply'}
    </span>
    {!m.mine && (
      <Suspense fallback={null}>
        <MoneyWarning body={m.body} />
      </Suspense>
    )}
    {m.status === 'failed' && (
      <span style={{ display: 'flex', gap: '0.5rem', marginTop: '0.25rem' }}>
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
        <button type="button" className="button" onClick={onDiscard}>
          Discard
        </button>
      </span>
    )}
  </div>
);
