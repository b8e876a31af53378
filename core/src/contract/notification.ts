/** One item of the header's notification bell (GET /api/notifications): response validation, OpenAPI and the site's type. */
import { Type, type Static } from '@sinclair/typebox';

export const NotificationItemSchema = Type.Object({
  id: Type.String(),
  kind: Type.String({
    description:
      "'search-match' (a saved search's new match), 'visit-booked', 'visit-moved' or 'visit-cancelled' " +
      "(a visit the other side booked, moved or called off), or an owner notice's kind",
  }),
  text: Type.String({
    description: 'In English; a client in another language builds it from search and title',
  }),
  search: Type.Union([Type.String(), Type.Null()], {
    description: "A match's saved search's name; null for a notice",
  }),
  title: Type.Union([Type.String(), Type.Null()], {
    description: "The listing's title; null for a notice about a listing that is gone",
  }),
  link: Type.String({ description: 'The page to open (a path on this site)' }),
  at: Type.String({ description: 'When it was recorded (ISO time)' }),
  read: Type.Boolean({ description: 'Up to the read mark, or opened' }),
  visitAt: Type.Union([Type.String(), Type.Null()], {
    description: "A visit's time (ISO) for a visit's notice; null otherwise",
  }),
  searchId: Type.Union([Type.String(), Type.Null()], {
    description:
      "A match's saved search (opening the match sees its search's new matches); null for a notice",
  }),
});

export type NotificationItem = Static<typeof NotificationItemSchema>;

/** GET /api/notifications and POST /api/notifications/read: the bell's counts and its latest items. */
export const NotificationsResponse = Type.Object({
  unread: Type.Integer({
    description: 'Unread matches and notices (counted up to a cap); unread messages are separate',
  }),
  unreadMessages: Type.Integer({ description: 'Unread messages in all conversations' }),
  items: Type.Array(NotificationItemSchema),
});
