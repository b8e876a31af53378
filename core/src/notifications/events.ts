/**
 * The notification bell's read mark (issue 17): one stream per user
 * (`notifications-<userId>`). Reading moves the mark forward to a time: every
 * notice and saved-search match recorded up to it counts as read. Messages
 * keep their own read state (a conversation is read by opening it).
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
export type NotificationEvent = NotificationsRead;

export const notificationEventDefinitions = {
  NotificationsRead: { schema: NotificationsReadData, version: 1 },
} as const satisfies Record<NotificationEvent['type'], EventDefinitions[string]>;

export const NOTIFICATION_EVENT_TYPES = Object.keys(
  notificationEventDefinitions,
) as NotificationEvent['type'][];
