/**
 * Listings that never go stale (issue 17): a listed listing that its owner
 * has not confirmed (created, edited, relisted or 'Still available') for
 * EXPIRE_AFTER_DAYS expires; the owner is reminded on day REMIND_AFTER_DAYS.
 * The scheduler asks; `decide` checks these times against the `at` it is given.
 */
import { addDays } from '../isoTime.ts';

export const REMIND_AFTER_DAYS = 25;
export const EXPIRE_AFTER_DAYS = 30;

/** When a listing last confirmed at `lastConfirmedAt` gets its reminder. */
export const remindAt = (lastConfirmedAt: string) => addDays(lastConfirmedAt, REMIND_AFTER_DAYS);

/** When a listing last confirmed at `lastConfirmedAt` expires. */
export const expiresAt = (lastConfirmedAt: string) => addDays(lastConfirmedAt, EXPIRE_AFTER_DAYS);
