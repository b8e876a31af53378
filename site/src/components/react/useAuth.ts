import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $auth, initAuth, type AuthState } from '../../stores/auth.ts';

const LOADING: AuthState = { status: 'loading', user: null };

/**
 * The auth state, starting the /auth/me check if nothing else has. The first
 * render always says 'loading', as the pre-rendered HTML did: the header may
 * have finished the check before this island hydrates, and rendering the real
 * state straight away would not match the server's HTML.
 */
export const useAuth = (): AuthState => {
  const state = useStore($auth);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void initAuth();
  }, []);
  return hydrated ? state : LOADING;
};
