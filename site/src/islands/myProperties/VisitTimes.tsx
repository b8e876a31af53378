import { lazy, Suspense, useEffect, useState } from 'react';
import { text } from '../../lib/i18n.ts';

// Loaded when opened: most visits to My Properties never change visiting times (its weight budget).
const VisitHours = lazy(() => import('./VisitHours.tsx'));

/**
 * A listing's "Visiting times" on My Properties. A conversation's "Set
 * visiting times" link lands here (#visits-<id>) with the editor open.
 */
export const VisitTimes = ({ listingId }: { listingId: string }) => {
  const anchor = `visits-${listingId}`;
  const [open, setOpen] = useState(false);
  // After hydration, so the server's page and the first render agree.
  useEffect(() => {
    if (window.location.hash === `#${anchor}`) setOpen(true);
  }, [anchor]);
  return (
    <div id={anchor}>
      <button
        type="button"
        className="button button-small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {text('visits.hours.title')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <VisitHours listingId={listingId} />
        </Suspense>
      )}
    </div>
  );
};
