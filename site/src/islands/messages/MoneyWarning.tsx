import { asksForMoney } from '@rentals/core/trust/moneyRequest';
import { text } from '../../lib/i18n.ts';

/**
 * The warning under a message that asks for money before a visit
 * (docs/TRUST.md). Loaded after the thread (MessageBubble imports it lazily):
 * the rules weigh more than the messages page's budget allows up front.
 */
// Inline, not a stylesheet: a lazy module's CSS would join the page's own (site/scripts/checkBudgets.ts).
const STYLE = {
  display: 'block',
  marginTop: '0.35rem',
  padding: '0.3rem 0.5rem',
  borderRadius: '0.5rem',
  fontSize: '0.85rem',
  whiteSpace: 'normal',
  background: 'var(--amber-soft)',
  color: '#78350f',
} as const;

export default function MoneyWarning({ body }: { body: string }) {
  return asksForMoney(body) ? (
    <span style={STYLE} role="note" data-testid="money-warning">
      {text('trust.moneyWarning')}
    </span>
  ) : null;
}
