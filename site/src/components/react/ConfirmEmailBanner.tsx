import { lazy, Suspense } from 'react';
import { useAuth } from './useAuth.ts';

// Fetched only for an account that needs it: confirmed accounts and visitors never load the
// reminder (the pages' first load, site/scripts/checkBudgets.ts).
const ConfirmEmailNotice = lazy(async () => ({
  default: (await import('./ConfirmEmailNotice.tsx')).ConfirmEmailNotice,
}));

/**
 * A calm reminder for a signed-in account whose email address is not
 * confirmed yet, where it matters (the dashboard, the profile, adding a
 * property, a property's message and report): what it is needed for, and
 * 'Resend the link'. Nothing for visitors or confirmed accounts.
 */
export const ConfirmEmailBanner = () => {
  const auth = useAuth();
  if (auth.status !== 'authenticated' || auth.user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmEmailNotice email={auth.user.email} />
    </Suspense>
  );
};
