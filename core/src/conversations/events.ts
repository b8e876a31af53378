/**
 * The conversation events: one stream per conversation (`conversation-<id>`),
 * one conversation per tenant and listing. Facts in past tense, never edited
 * once released (see listings/events.ts for how shapes evolve).
 *
 * Messages are numbered in their conversation (`seq`, 1, 2, …) so that read
 * marks and unread counts are plain comparisons.
 */
import { Type, type TProperties } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';
import { MessageBodySchema } from './messageBody.ts';

export const CONVERSATION_STREAM_TYPE = 'conversation';
export const conversationStreamId = (conversationId: string) => `conversation-${conversationId}`;

const Seq = Type.Integer({ minimum: 1 });

const conversationData = <P extends TProperties>(properties: P) =>
  eventData({ conversationId: IdSchema, at: IsoTime, ...properties });

/** A tenant opened a conversation with a listing's owner about that listing. */
const ConversationStartedData = conversationData({
  listingId: IdSchema,
  tenantId: IdSchema,
  ownerId: IdSchema,
});

/** `messageId` is the sender's own (client-generated) id: sending it again records nothing. */
const MessageSentData = conversationData({
  messageId: IdSchema,
  seq: Seq,
  senderId: IdSchema,
  body: MessageBodySchema,
});

/** `userId` has read every message up to and including `upToSeq`. */
const ConversationReadData = conversationData({ userId: IdSchema, upToSeq: Seq });

/** Per participant: archiving hides it from that participant's inbox only. */
const ParticipantData = conversationData({ userId: IdSchema });

const schemas = {
  ConversationStarted: ConversationStartedData,
  MessageSent: MessageSentData,
  ConversationRead: ConversationReadData,
  ConversationArchived: ParticipantData,
  ConversationUnarchived: ParticipantData,
  /** `userId` blocked the other participant: neither side can send until they unblock. */
  ConversationBlocked: ParticipantData,
  ConversationUnblocked: ParticipantData,
};

export type ConversationEvent = EventsOf<typeof schemas>;

const events = defineEvents(schemas);
export const conversationEventDefinitions = events.definitions;
export const CONVERSATION_EVENT_TYPES = events.types;
