/**
 * The notification bell's read state (issue 17): one stream per user
 * (`notifications-<userId>`). 'Mark all as read' moves the mark forward to a
 * time: every notice and saved-search match recorded up to it counts as read;
 * opening one notification from the bell reads that one alone. Messages keep
 * their own read state (a conversation is read by opening it).
 */
import { Type } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';

export const NOTIFICATIONS_STREAM_TYPE = 'notifications';
export const notificationsStreamId = (userId: string) => `notifications-${userId}`;

const NotificationsReadData = eventData({ userId: IdSchema, upTo: IsoTime, at: IsoTime });

/** A notification's id as the bell lists it: 'match-<alert>-<search no>' or 'notice-<notice id>'. */
export const NotificationItemId = Type.String({
  pattern: '^(match-[0-9]{1,18}-[0-9]{1,18}|notice-[A-Za-z0-9_:./-]{1,120})$',
  maxLength: 130,
});

const NotificationOpenedData = eventData({
  userId: IdSchema,
  itemId: NotificationItemId,
  at: IsoTime,
});

const schemas = {
  NotificationsRead: NotificationsReadData,
  NotificationOpened: NotificationOpenedData,
};

export type NotificationEvent = EventsOf<typeof schemas>;

const events = defineEvents(schemas);
export const notificationEventDefinitions = events.definitions;
export const NOTIFICATION_EVENT_TYPES = events.types;
