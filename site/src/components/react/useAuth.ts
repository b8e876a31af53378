import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $auth, initAuth, type AuthState } from '../../stores/auth.ts';

/** The auth state, starting the /auth/me check if nothing else has. */
export const useAuth = (): AuthState => {
  const state = useStore($auth);
  useEffect(() => {
    void initAuth();
  }, []);
  return state;
};
