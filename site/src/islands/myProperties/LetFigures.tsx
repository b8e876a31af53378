import type { LetDocument } from '@rentals/core/contract/let';
import { formatDate } from '@rentals/core/i18n/dates';
import { fill, pageLocale } from '../../lib/i18n.ts';
import { formatRent } from '../../lib/format.ts';

/** 'Let at ₹24,000 a month · moving in 1 Jan 2027 · Deposit ₹1,00,000' on the owner's card. */
const LetFigures = ({ made }: { made: LetDocument }) => (
  <p className="muted" style={{ margin: 0 }} data-testid="let-figures">
    {fill('lets.letAt', {
      rent: formatRent(made.rent),
      moveIn: formatDate(`${made.moveIn}T00:00:00Z`, pageLocale(), 'date', { timeZone: 'UTC' }),
    })}
    {made.deposit > 0 && ` · ${fill('lets.letAtDeposit', { deposit: formatRent(made.deposit) })}`}
  </p>
);

export default LetFigures;
