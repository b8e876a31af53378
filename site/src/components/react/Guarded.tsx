import { useEffect, type ReactNode } from 'react';
import { loginUrlFor } from '@rentals/core/ui/loginUrl';
import { homeFor } from '../../lib/roleHome.ts';
import type { Role, User } from '../../lib/types.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Spinner } from './Spinner.tsx';
import { useAuth } from './useAuth.ts';

type Props = { roles?: Role[]; children: (user: User) => ReactNode };

/**
 * Route guard (SPEC §4): visitors go to /login remembering where they were,
 * a signed-in user without the role goes home (an admin to /admin, others to
 * /dashboard). A spinner shows meanwhile.
 */
export const Guarded = ({ roles, children }: Props) => {
  const auth = useAuth();
  const allowed = auth.status === 'authenticated' && (!roles || roles.includes(auth.user.role));
  useEffect(() => {
    if (auth.status === 'anonymous')
      window.location.replace(loginUrlFor(window.location.pathname + window.location.search));
    else if (auth.status === 'authenticated' && !allowed)
      window.location.replace(homeFor(auth.user.role));
  }, [auth, allowed]);
  if (auth.status !== 'authenticated' || !allowed) return <Spinner />;
  return <>{children(auth.user)}</>;
};

/** An island for signed-in users only: the guard, with the island's errors caught around it. */
export const GuardedIsland = (props: Props) => (
  <ErrorBoundary>
    <Guarded {...props} />
  </ErrorBoundary>
);

export const OWNER_ROLES: Role[] = ['homeowner', 'broker'];
