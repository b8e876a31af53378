/** The login page, sending the user on to `path` once signed in (the login page checks it with safeRedirect). */
export const loginUrlFor = (path: string): string => `/login?redirect=${encodeURIComponent(path)}`;
