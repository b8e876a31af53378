import { assertEmailVerified } from '../accounts/emailVerification.ts';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import type { ConversationCommand, SendMessage, StartConversation } from './commands.ts';
import type { ConversationEvent } from './events.ts';
import { normaliseMessageBody } from './messageBody.ts';
import type { Conversation, ConversationState } from './state.ts';

export const conversationMessages = {
  notFound: 'Conversation not found',
  ownListing: 'You cannot start a conversation about your own property',
  notParticipant: 'Conversation not found',
  youBlocked: 'You blocked this conversation. Unblock it to send messages.',
  blocked: 'You can no longer send messages in this conversation',
  idReused: 'This message id was already used for a different message',
} as const;

/**
 * The conversation a participant may act on. A stranger is told it does not
 * exist (404), so conversation ids reveal nothing.
 */
const asParticipant = (state: ConversationState, userId: string): Conversation => {
  if (state.status !== 'open') throw new NotFoundError(conversationMessages.notFound);
  const c = state.conversation;
  if (userId !== c.tenantId && userId !== c.ownerId)
    throw new NotFoundError(conversationMessages.notParticipant);
  return c;
};

const send = (
  c: Conversation,
  command: Pick<SendMessage, 'userId' | 'messageId' | 'body' | 'at'>,
): ConversationEvent[] => {
  const body = normaliseMessageBody(command.body);
  const earlier = c.messages[command.messageId];
  if (earlier) {
    // A retry of a send that went through records nothing; another message under its id is refused.
    if (earlier.senderId === command.userId && earlier.body === body) return [];
    throw new IllegalStateError(conversationMessages.idReused);
  }
  if (c.blockedBy.includes(command.userId))
    throw new ForbiddenError(conversationMessages.youBlocked);
  if (c.blockedBy.length > 0) throw new ForbiddenError(conversationMessages.blocked);
  return [
    {
      type: 'MessageSent',
      data: {
        conversationId: c.id,
        at: command.at,
        messageId: command.messageId,
        seq: c.lastSeq + 1,
        senderId: command.userId,
        body,
      },
    },
  ];
};

/** Starting again about the same listing continues the conversation that exists. */
const start = (command: StartConversation, state: ConversationState): ConversationEvent[] => {
  if (state.status === 'open') return send(asParticipant(state, command.userId), command);
  if (command.userId === command.ownerId) throw new ForbiddenError(conversationMessages.ownListing);
  assertEmailVerified(command.emailVerified);
  const started: ConversationEvent = {
    type: 'ConversationStarted',
    data: {
      conversationId: command.conversationId,
      at: command.at,
      listingId: command.listingId,
      tenantId: command.userId,
      ownerId: command.ownerId,
    },
  };
  const conversation: Conversation = {
    id: command.conversationId,
    listingId: command.listingId,
    tenantId: command.userId,
    ownerId: command.ownerId,
    startedAt: command.at,
    lastSeq: 0,
    messages: {},
    readUpTo: {},
    archivedBy: [],
    blockedBy: [],
    ownerReplied: false,
  };
  return [started, ...send(conversation, command)];
};

const toggle = (
  c: Conversation,
  list: string[],
  userId: string,
  on: boolean,
  event: ConversationEvent['type'],
  at: string,
): ConversationEvent[] =>
  list.includes(userId) === on
    ? []
    : [{ type: event, data: { conversationId: c.id, at, userId } } as ConversationEvent];

/**
 * Which events a command produces on the conversation's current state, or the
 * 4xx error that explains why it may not happen. Pure.
 */
export const decide = (
  command: ConversationCommand,
  state: ConversationState,
): ConversationEvent[] => {
  if (command.type === 'StartConversation') return start(command, state);
  const c = asParticipant(state, command.userId);
  const { userId, at } = command;
  switch (command.type) {
    case 'SendMessage':
      return send(c, command);
    case 'MarkRead': {
      // Marks beyond the last message mean "everything"; marks behind the current one change nothing.
      const upToSeq = Math.min(command.upToSeq, c.lastSeq);
      if (upToSeq <= (c.readUpTo[userId] ?? 0)) return [];
      return [{ type: 'ConversationRead', data: { conversationId: c.id, at, userId, upToSeq } }];
    }
    case 'Archive':
      return toggle(c, c.archivedBy, userId, true, 'ConversationArchived', at);
    case 'Unarchive':
      return toggle(c, c.archivedBy, userId, false, 'ConversationUnarchived', at);
    case 'Block':
      return toggle(c, c.blockedBy, userId, true, 'ConversationBlocked', at);
    case 'Unblock':
      return toggle(c, c.blockedBy, userId, false, 'ConversationUnblocked', at);
  }
};
