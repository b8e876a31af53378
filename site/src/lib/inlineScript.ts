/**
 * The text of an inline head script that calls `fn` with `args`: values as JSON, functions as
 * their source. Functions are serialised with toString, so `fn` and every function passed must
 * use nothing from outside themselves: only their arguments and the browser's globals. Used for
 * the few requests a page sends before any module has loaded (lib/api.ts takes them by URL).
 */
export const inlineCall = <A extends unknown[]>(fn: (...args: A) => void, ...args: A): string =>
  `(${fn.toString()})(${args
    .map((arg) => (typeof arg === 'function' ? `(${arg.toString()})` : JSON.stringify(arg)))
    .join(',')});`;

/**
 * Sends GET `url` with the stored token, in the page's language, for `api()` to take by that URL
 * (`window.earlyGets`); nothing without a token. Passed to a page's inline script (inlineCall).
 */
export function sendEarlyGet(url: string): void {
  let token: string | null;
  try {
    token = localStorage.getItem('token');
  } catch {
    return;
  }
  if (!token) return;
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
  };
  if (document.documentElement.lang) headers['accept-language'] = document.documentElement.lang;
  const holder = window as { earlyGets?: Map<string, Promise<Response>> };
  holder.earlyGets ??= new Map();
  holder.earlyGets.set(url, fetch(url, { headers }));
}
