/**
 * The conversation events: one stream per conversation (`conversation-<id>`),
 * one conversation per tenant and listing. Facts in past tense, never edited
 * once released (see listings/events.ts for how shapes evolve).
 *
 * Messages are numbered in their conversation (`seq`, 1, 2, …) so that read
 * marks and unread counts are plain comparisons.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import type { EventDefinitions } from '../eventStore/registry.ts';
import { IdSchema } from '../listings/fields.ts';
import { MessageBodySchema } from './messageBody.ts';

export const CONVERSATION_STREAM_TYPE = 'conversation';
export const conversationStreamId = (conversationId: string) => `conversation-${conversationId}`;

const IsoTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$',
});
const Seq = Type.Integer({ minimum: 1 });

const eventData = <P extends TProperties>(properties: P) =>
  Type.Object(
    { conversationId: IdSchema, at: IsoTime, ...properties },
    { additionalProperties: false },
  );

/** A tenant opened a conversation with a listing's owner about that listing. */
const ConversationStartedData = eventData({
  listingId: IdSchema,
  tenantId: IdSchema,
  ownerId: IdSchema,
});

/** `messageId` is the sender's own (client-generated) id: sending it again records nothing. */
const MessageSentData = eventData({
  messageId: IdSchema,
  seq: Seq,
  senderId: IdSchema,
  body: MessageBodySchema,
});

/** `userId` has read every message up to and including `upToSeq`. */
const ConversationReadData = eventData({ userId: IdSchema, upToSeq: Seq });

/** Per participant: archiving hides it from that participant's inbox only. */
const ParticipantData = eventData({ userId: IdSchema });

type Of<T extends string, S extends TSchema> = { type: T; data: Static<S> };

export type ConversationStarted = Of<'ConversationStarted', typeof ConversationStartedData>;
export type MessageSent = Of<'MessageSent', typeof MessageSentData>;
export type ConversationRead = Of<'ConversationRead', typeof ConversationReadData>;
export type ConversationArchived = Of<'ConversationArchived', typeof ParticipantData>;
export type ConversationUnarchived = Of<'ConversationUnarchived', typeof ParticipantData>;
/** `userId` blocked the other participant: neither side can send until they unblock. */
export type ConversationBlocked = Of<'ConversationBlocked', typeof ParticipantData>;
export type ConversationUnblocked = Of<'ConversationUnblocked', typeof ParticipantData>;

export type ConversationEvent =
  | ConversationStarted
  | MessageSent
  | ConversationRead
  | ConversationArchived
  | ConversationUnarchived
  | ConversationBlocked
  | ConversationUnblocked;

export type ConversationEventType = ConversationEvent['type'];

export const conversationEventDefinitions = {
  ConversationStarted: { schema: ConversationStartedData, version: 1 },
  MessageSent: { schema: MessageSentData, version: 1 },
  ConversationRead: { schema: ConversationReadData, version: 1 },
  ConversationArchived: { schema: ParticipantData, version: 1 },
  ConversationUnarchived: { schema: ParticipantData, version: 1 },
  ConversationBlocked: { schema: ParticipantData, version: 1 },
  ConversationUnblocked: { schema: ParticipantData, version: 1 },
} as const satisfies Record<ConversationEventType, EventDefinitions[string]>;

export const CONVERSATION_EVENT_TYPES = Object.keys(
  conversationEventDefinitions,
) as ConversationEventType[];
