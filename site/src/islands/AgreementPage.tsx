import { lazy, Suspense } from 'react';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';

// The screen loads after the sign-in check: only a let's two sides ever open it.
const AgreementScreen = lazy(() => import('./agreement/AgreementScreen.tsx'));

/** The rental agreement page (issue 44): the owner's and the tenant's, nobody else's. */
export default function AgreementPage() {
  return (
    <GuardedIsland>
      {() => (
        <Suspense fallback={<Spinner />}>
          <AgreementScreen />
        </Suspense>
      )}
    </GuardedIsland>
  );
}
