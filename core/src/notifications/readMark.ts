import type { NotificationEvent } from './events.ts';

/** Where a user's read mark stands: notices and matches recorded up to it are read. */
export type ReadMarkState = { readUpTo: string | null };

export const initialReadMarkState: ReadMarkState = { readUpTo: null };

export type MarkNotificationsRead = {
  type: 'MarkNotificationsRead';
  userId: string;
  /** Read up to this time (what the user saw); never past `at`, the time of the command. */
  upTo: string;
  at: string;
};

/**
 * Moves the read mark forward. A mark in the future is the present (nothing
 * recorded later can be read already); one at or behind the current mark
 * records nothing, so marking twice is harmless.
 */
export const decideReadMark = (
  command: MarkNotificationsRead,
  state: ReadMarkState,
): NotificationEvent[] => {
  const upTo = command.upTo > command.at ? command.at : command.upTo;
  if (state.readUpTo !== null && upTo <= state.readUpTo) return [];
  return [{ type: 'NotificationsRead', data: { userId: command.userId, upTo, at: command.at } }];
};

export const evolveReadMark = (state: ReadMarkState, event: NotificationEvent): ReadMarkState =>
  state.readUpTo !== null && event.data.upTo <= state.readUpTo
    ? state
    : { readUpTo: event.data.upTo };

export const foldReadMark = (events: readonly NotificationEvent[]): ReadMarkState =>
  events.reduce(evolveReadMark, initialReadMarkState);
