/**
 * The notification bell's read state (issue 17): one stream per user
 * (`notifications-<userId>`). 'Mark all as read' moves the mark forward to a
 * time: every notice and saved-search match recorded up to it counts as read;
 * opening one notification from the bell reads that one alone. Messages keep
 * their own read state (a conversation is read by opening it).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { EventDefinitions } from '../eventStore/registry.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';

export const NOTIFICATIONS_STREAM_TYPE = 'notifications';
export const notificationsStreamId = (userId: string) => `notifications-${userId}`;

const NotificationsReadData = Type.Object(
  { userId: IdSchema, upTo: IsoTime, at: IsoTime },
  { additionalProperties: false },
);

export type NotificationsRead = {
  type: 'NotificationsRead';
  data: Static<typeof NotificationsReadData>;
};
/** A notification's id as the bell lists it: 'match-<alert>-<search no>' or 'notice-<notice id>'. */
export const NotificationItemId = Type.String({
  pattern: '^(match-[0-9]{1,18}-[0-9]{1,18}|notice-[A-Za-z0-9_:./-]{1,120})$',
  maxLength: 130,
});

const NotificationOpenedData = Type.Object(
  { userId: IdSchema, itemId: NotificationItemId, at: IsoTime },
  { additionalProperties: false },
);

export type NotificationOpened = {
  type: 'NotificationOpened';
  data: Static<typeof NotificationOpenedData>;
};
export type NotificationEvent = NotificationsRead | NotificationOpened;

export const notificationEventDefinitions = {
  NotificationsRead: { schema: NotificationsReadData, version: 1 },
  NotificationOpened: { schema: NotificationOpenedData, version: 1 },
} as const satisfies Record<NotificationEvent['type'], EventDefinitions[string]>;

export const NOTIFICATION_EVENT_TYPES = Object.keys(
  notificationEventDefinitions,
) as NotificationEvent['type'][];
