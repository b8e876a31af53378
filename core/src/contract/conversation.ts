/**
 * A conversation and its messages as the API returns them (GET /api/conversations…): response
 * validation, OpenAPI and the site's types.
 */
import { Type, type Static } from '@sinclair/typebox';

export const MessageSchema = Type.Object({
  id: Type.String({ description: 'The sender’s message id' }),
  seq: Type.Integer({ description: 'Its number in the conversation: 1, 2, …' }),
  senderId: Type.String(),
  mine: Type.Boolean(),
  body: Type.String(),
  /** True when phone numbers or emails in it are hidden (the owner has not replied yet). */
  masked: Type.Boolean({
    description: 'Phone numbers and emails are hidden from the owner until the owner replies',
  }),
  sentAt: Type.String({ format: 'date-time' }),
});

export const ConversationSchema = Type.Object({
  id: Type.String(),
  role: Type.Union([Type.Literal('tenant'), Type.Literal('owner')], {
    description: 'Your side of the conversation',
  }),
  listing: Type.Object({
    id: Type.String(),
    title: Type.Union([Type.String(), Type.Null()], {
      description: 'null when the property is gone',
    }),
    photo: Type.Union([Type.String(), Type.Null()]),
  }),
  counterpart: Type.Object({ id: Type.String(), name: Type.String() }),
  lastMessage: Type.Union([
    Type.Object({
      seq: Type.Integer(),
      senderId: Type.String(),
      mine: Type.Boolean(),
      body: Type.String(),
      masked: Type.Boolean(),
      sentAt: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
  lastSeq: Type.Integer(),
  readSeq: Type.Integer({ description: 'The newest message you have read' }),
  unread: Type.Integer(),
  lastUnreadAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the newest message you have not read was sent',
  }),
  archived: Type.Boolean(),
  blockedByMe: Type.Boolean(),
  blockedByThem: Type.Boolean(),
  startedAt: Type.String({ format: 'date-time' }),
});

export const ConversationResponse = Type.Object({ conversation: ConversationSchema });
export const SentResponse = Type.Object({
  conversation: ConversationSchema,
  message: MessageSchema,
});
export const InboxResponse = Type.Object({
  conversations: Type.Array(ConversationSchema),
  unread: Type.Integer({ description: 'Unread messages in all your conversations' }),
});
export const ThreadResponse = Type.Object({
  conversation: ConversationSchema,
  messages: Type.Array(MessageSchema),
  hasMore: Type.Boolean({ description: 'Older messages exist (ask with before = the first seq)' }),
});
export const UnreadResponse = Type.Object({ unread: Type.Integer() });
export const EnquiriesResponse = Type.Object({
  total: Type.Integer({
    description: 'Enquiries (conversations started) over all your properties',
  }),
  listings: Type.Array(
    Type.Object({
      listingId: Type.String(),
      enquiries: Type.Integer(),
      lastEnquiryAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
});

export type ChatMessageDocument = Static<typeof MessageSchema>;
export type ConversationDocument = Static<typeof ConversationSchema>;
