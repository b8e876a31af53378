import { lazy, Suspense } from 'react';
import { fill, text } from '../../lib/i18n.ts';
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
        ? text('messages.bubble.sending')
        : m.status === 'queued'
          ? text('messages.bubble.queued')
          : m.status === 'failed'
            ? fill('messages.bubble.notSent', { reason: m.error ?? '' })
            : time(m.sentAt)}
      {m.masked && text('messages.bubble.masked')}
    </span>
    {!m.mine && (
      <Suspense fallback={null}>
        <MoneyWarning body={m.body} />
      </Suspense>
    )}
    {m.status === 'failed' && (
      <span style={{ display: 'flex', gap: '0.5rem', marginTop: '0.25rem' }}>
        <button type="button" className="button" onClick={onRetry}>
          {text('messages.bubble.retry')}
        </button>
        <button type="button" className="button" onClick={onDiscard}>
          {text('messages.bubble.discard')}
        </button>
      </span>
    )}
  </div>
);
