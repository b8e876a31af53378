/**
 * Who is signed in (SPEC §4). The token lives in localStorage under 'token';
 * every page load asks /api/auth/me once, and a failure logs out.
 */
import { atom } from 'nanostores';
import { ApiError, readToken, setUnauthorizedHandler, storeToken, apiRoute } from '../lib/api.ts';
import { loginUrlFor } from '@rentals/core/ui/loginUrl';
import type { Role, User } from '../lib/types.ts';
import { pageHref, text } from '../lib/i18n.ts';
import { carryToast } from './toasts.ts';
import { afterPage } from '../lib/afterPage.ts';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'anonymous'; user: null };

export const $auth = atom<AuthState>({ status: 'loading', user: null });

let started: Promise<void> | undefined;

/** This phone's offline copies (lib/offlineStore.ts), loaded only when used. */
const offline = () => import('../lib/offlineStore.ts');
/** Keeps who is signed in, for opening their saved copies offline (after the page: lib/afterPage.ts). */
const remember = (user: User) =>
  afterPage(
    () =>
      void offline().then(
        (o) => o.rememberUser(user),
        () => undefined,
      ),
  );
/** Signing out, or a session ended: this phone's copies of the account's data go. */
const forgetCopies = () =>
  offline().then(
    (o) => o.forgetAll(),
    () => undefined,
  );

/**
 * No connection: the session is not known to have ended, so the token stays, and the user
 * last seen here reads their saved copies (docs/APP.md); with none saved, they are a visitor.
 */
const offlineStart = async () => {
  const user = await offline().then(
    (o) => o.savedUser(),
    () => undefined,
  );
  $auth.set(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
};

/** Idempotent: the header and the page's islands may all call it. */
export const initAuth = (): Promise<void> => {
  started ??= (async () => {
    if (!readToken()) {
      $auth.set({ status: 'anonymous', user: null });
      return;
    }
    try {
      const { user } = await apiRoute('GET /auth/me', { skipUnauthorizedHandler: true });
      $auth.set({ status: 'authenticated', user });
      remember(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return offlineStart();
      storeToken(null);
      $auth.set({ status: 'anonymous', user: null });
    }
  })();
  return started;
};

/** Signs in with what POST /auth/login or /auth/register answers; a failure leaves no token behind. */
const authenticate = async (
  route: 'POST /auth/login' | 'POST /auth/register',
  json: unknown,
  skipUnauthorizedHandler = false,
): Promise<User> => {
  try {
    const { user, token } = await apiRoute(route, {
      json,
      skipUnauthorizedHandler,
    });
    storeToken(token);
    $auth.set({ status: 'authenticated', user });
    remember(user);
    return user;
  } catch (error) {
    storeToken(null);
    $auth.set({ status: 'anonymous', user: null });
    throw error;
  }
};

/** A 401 here means a wrong password, not an ended session. */
export const login = (email: string, password: string): Promise<User> =>
  authenticate('POST /auth/login', { email, password }, true);

export type Registration = {
  name: string;
  email: string;
  password: string;
  phone: string;
  role: Role;
  /** The page's language: the account's emails start in it. */
  language: User['language'];
};

const NEW_ACCOUNT = 'rentals.newAccount';

export const register = async (data: Registration): Promise<User> => {
  const user = await authenticate('POST /auth/register', data);
  try {
    sessionStorage.setItem(NEW_ACCOUNT, '1');
  } catch {
    // Storage refused (private mode): the dashboard then says 'Welcome back'.
  }
  return user;
};

/** True once, on the first dashboard after registering: a new user is welcomed, not welcomed back. */
export const takeNewAccount = (): boolean => {
  try {
    const fresh = sessionStorage.getItem(NEW_ACCOUNT) === '1';
    sessionStorage.removeItem(NEW_ACCOUNT);
    return fresh;
  } catch {
    return false;
  }
};

/**
 * Set while signing out: a request still in flight when the session is revoked answers 401, and
 * its handler must not send the user to /login over the sign-out's own way home.
 */
let signingOut = false;

/**
 * Ends the session on the server too (revocation), then returns to '/' (in the page's language). The
 * store is left as it is: the page is being replaced, and flipping it to
 * anonymous here would let a route guard send the user to /login instead.
 * This browser's push subscription goes first (lib/pushDevice.ts, loaded only here), and the
 * account's offline copies.
 */
export const logout = async (): Promise<void> => {
  signingOut = true;
  if (readToken())
    await import('../lib/pushDevice.ts').then((p) => p.forgetPush()).catch(() => undefined);
  await forgetCopies();
  if (readToken()) await apiRoute('POST /auth/logout').catch(() => undefined);
  storeToken(null);
  carryToast('success', text('common.loggedOut'));
  window.location.assign(pageHref('/'));
};

/** PUT /auth/profile: the header and every island show the new name at once. */
export const updateProfile = async (changes: {
  name?: string;
  phone?: string;
  language?: User['language'];
  push?: Partial<User['push']>;
}): Promise<User> => {
  const { user } = await apiRoute('PUT /auth/profile', { json: changes });
  $auth.set({ status: 'authenticated', user });
  return user;
};

/** Every other session ends; this one carries on with the token the server returns. */
export const changePassword = async (currentPassword: string, newPassword: string) => {
  const { token } = await apiRoute('POST /auth/change-password', {
    json: { currentPassword, newPassword },
  });
  storeToken(token);
};

/** Ends every session of the account, this one included, and goes to /login (in the page's language). */
export const logoutEverywhere = async (): Promise<void> => {
  await apiRoute('POST /auth/logout-all');
  storeToken(null);
  await forgetCopies();
  carryToast('success', text('common.signedOutEverywhere'));
  window.location.assign(pageHref('/login'));
};

export const isOwnerRole = (role: Role | undefined): boolean =>
  role === 'homeowner' || role === 'broker';

// A 401 while a token is stored means the session ended: drop it and sign in again.
setUnauthorizedHandler(() => {
  if (signingOut) return;
  storeToken(null);
  $auth.set({ status: 'anonymous', user: null });
  void forgetCopies().then(() =>
    window.location.assign(loginUrlFor(window.location.pathname + window.location.search)),
  );
});
