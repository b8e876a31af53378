import { lazy, Suspense, useState } from 'react';
import type { LetDocument } from '@rentals/core/contract/let';
import { formatDate } from '@rentals/core/i18n/dates';
import { fill, pageLocale, text } from '../../lib/i18n.ts';
import { formatRent } from '../../lib/format.ts';
import type { Property } from '../../lib/types.ts';

// Loaded when opened: most visits to My Properties mark nothing let (its weight budget).
const LetDialog = lazy(() => import('./LetDialog.tsx'));

/** 'Let at ₹24,000 a month · moving in 1 Jan 2027 · Deposit ₹1,00,000' on the owner's card. */
export const LetFigures = ({ made }: { made: LetDocument }) => (
  <p className="muted" style={{ margin: 0 }} data-testid="let-figures">
    {fill('lets.letAt', {
      rent: formatRent(made.rent),
      moveIn: formatDate(`${made.moveIn}T00:00:00Z`, pageLocale(), 'date', { timeZone: 'UTC' }),
    })}
    {made.deposit > 0 && ` · ${fill('lets.letAtDeposit', { deposit: formatRent(made.deposit) })}`}
  </p>
);

/** The card's 'Mark as let' button and its dialog; `onLet` gets the let recorded. */
export const MarkLetButton = ({
  property,
  onLet,
}: {
  property: Property;
  onLet: (made: LetDocument) => void;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-small" onClick={() => setOpen(true)}>
        {text('lets.markLet')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LetDialog
            property={property}
            onCancel={() => setOpen(false)}
            onDone={(made) => {
              setOpen(false);
              onLet(made);
            }}
          />
        </Suspense>
      )}
    </>
  );
};
