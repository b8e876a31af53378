/**
 * Arithmetic on the ISO times events carry, for domains that may not touch
 * the clock (the core domains' lint forbids `Date` so that no decision
 * reads the time itself): pure functions of the times given.
 */
const DAY_MS = 24 * 60 * 60_000;

/** `iso` plus `days` days, as `Date#toISOString` writes it. */
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** `iso` plus `minutes` minutes, as `Date#toISOString` writes it. */
export const addMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Milliseconds from `from` to `to` (negative when `to` is earlier). */
export const millisBetween = (from: string, to: string) => Date.parse(to) - Date.parse(from);

/** Whether the time `at` is at or after `time`. */
export const isAtOrAfter = (at: string, time: string) => Date.parse(at) >= Date.parse(time);
