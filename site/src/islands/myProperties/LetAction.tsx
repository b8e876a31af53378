import { lazy, Suspense, useState } from 'react';
import type { LetDocument } from '@rentals/core/contract/let';
import { text } from '../../lib/i18n.ts';
import type { Property } from '../../lib/types.ts';

// Loaded when opened: most visits to My Properties mark nothing let (its weight budget).
const LetDialog = lazy(() => import('./LetDialog.tsx'));

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
