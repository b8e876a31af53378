import type { NotificationEvent } from './events.ts';

/**
 * Where a user's read state stands: notices and matches recorded up to the
 * mark are read, and so is each one opened from the bell.
 */
export type ReadMarkState = { readUpTo: string | null; opened: ReadonlySet<string> };

export const initialReadMarkState: ReadMarkState = { readUpTo: null, opened: new Set() };

export type MarkNotificationsRead = {
  type: 'MarkNotificationsRead';
  userId: string;
  /** Read up to this time (what the user saw); never past `at`, the time of the command. */
  upTo: string;
  at: string;
};

/** One notification opened from the bell (its id as the bell lists it). */
export type OpenNotification = {
  type: 'OpenNotification';
  userId: string;
  itemId: string;
  at: string;
};

export type NotificationCommand = MarkNotificationsRead | OpenNotification;

/**
 * Moves the read mark forward, or reads one notification. A mark in the
 * future is the present (nothing recorded later can be read already); one
 * at or behind the current mark records nothing, and neither does opening a
 * notification already opened, so repeating either is harmless.
 */
export const decideReadMark = (
  command: NotificationCommand,
  state: ReadMarkState,
): NotificationEvent[] => {
  if (command.type === 'OpenNotification') {
    if (state.opened.has(command.itemId)) return [];
    const { userId, itemId, at } = command;
    return [{ type: 'NotificationOpened', data: { userId, itemId, at } }];
  }
  const upTo = command.upTo > command.at ? command.at : command.upTo;
  if (state.readUpTo !== null && upTo <= state.readUpTo) return [];
  return [{ type: 'NotificationsRead', data: { userId: command.userId, upTo, at: command.at } }];
};

export const evolveReadMark = (state: ReadMarkState, event: NotificationEvent): ReadMarkState => {
  if (event.type === 'NotificationOpened')
    return { ...state, opened: new Set([...state.opened, event.data.itemId]) };
  return state.readUpTo !== null && event.data.upTo <= state.readUpTo
    ? state
    : { ...state, readUpTo: event.data.upTo };
};

export const foldReadMark = (events: readonly NotificationEvent[]): ReadMarkState =>
  events.reduce(evolveReadMark, initialReadMarkState);
