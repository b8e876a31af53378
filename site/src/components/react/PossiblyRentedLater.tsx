import { lazy, Suspense } from 'react';

const PossiblyRented = lazy(async () => ({
  default: (await import('./PossiblyRented.tsx')).PossiblyRented,
}));

/**
 * 'Possibly rented', loaded after the page: the badge waits for its own
 * request anyway, so its code need not weigh on the first load of search
 * results and the detail page (site/scripts/checkBudgets.ts).
 */
export const PossiblyRentedLater = ({ listingId }: { listingId: string }) => (
  <Suspense fallback={null}>
    <PossiblyRented listingId={listingId} />
  </Suspense>
);
