/**
 * The text of an inline head script that calls `fn` with `args` (JSON). `fn` is serialised with
 * toString, so it must use nothing from outside itself: its only inputs are its arguments and the
 * browser's globals. Used for the few requests a page sends before any module has loaded
 * (lib/api.ts takes them by URL).
 */
export const inlineCall = <A extends unknown[]>(fn: (...args: A) => void, ...args: A): string =>
  `(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')});`;
