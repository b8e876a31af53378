import type { ConversationEvent } from './events.ts';

/** What the rules need of a sent message: enough to recognise a retry of the same send. */
type SentMessage = { seq: number; senderId: string; body: string };

export type Conversation = {
  id: string;
  listingId: string;
  tenantId: string;
  ownerId: string;
  startedAt: string;
  /** The number of the last message (0 before the first). */
  lastSeq: number;
  messages: Record<string, SentMessage>;
  /** Per participant: the last message they have read. */
  readUpTo: Record<string, number>;
  archivedBy: string[];
  blockedBy: string[];
  ownerReplied: boolean;
};

export type ConversationState =
  { status: 'absent' } | { status: 'open'; conversation: Conversation };

export const initialState: ConversationState = { status: 'absent' };

const without = (list: string[], id: string) => list.filter((x) => x !== id);

const change = (
  state: ConversationState,
  update: (c: Conversation) => Partial<Conversation>,
): ConversationState =>
  state.status === 'open'
    ? { status: 'open', conversation: { ...state.conversation, ...update(state.conversation) } }
    : state;

/** Folds one event into the state. Pure. */
export const evolve = (state: ConversationState, event: ConversationEvent): ConversationState => {
  switch (event.type) {
    case 'ConversationStarted': {
      const d = event.data;
      return {
        status: 'open',
        conversation: {
          id: d.conversationId,
          listingId: d.listingId,
          tenantId: d.tenantId,
          ownerId: d.ownerId,
          startedAt: d.at,
          lastSeq: 0,
          messages: {},
          readUpTo: { [d.tenantId]: 0, [d.ownerId]: 0 },
          archivedBy: [],
          blockedBy: [],
          ownerReplied: false,
        },
      };
    }
    case 'MessageSent': {
      const d = event.data;
      return change(state, (c) => ({
        lastSeq: d.seq,
        messages: {
          ...c.messages,
          [d.messageId]: { seq: d.seq, senderId: d.senderId, body: d.body },
        },
        // Writing a message means having read the thread up to it.
        readUpTo: { ...c.readUpTo, [d.senderId]: d.seq },
        ownerReplied: c.ownerReplied || d.senderId === c.ownerId,
      }));
    }
    case 'ConversationRead':
      return change(state, (c) => ({
        readUpTo: { ...c.readUpTo, [event.data.userId]: event.data.upToSeq },
      }));
    case 'ConversationArchived':
      return change(state, (c) => ({
        archivedBy: [...without(c.archivedBy, event.data.userId), event.data.userId],
      }));
    case 'ConversationUnarchived':
      return change(state, (c) => ({ archivedBy: without(c.archivedBy, event.data.userId) }));
    case 'ConversationBlocked':
      return change(state, (c) => ({
        blockedBy: [...without(c.blockedBy, event.data.userId), event.data.userId],
      }));
    case 'ConversationUnblocked':
      return change(state, (c) => ({ blockedBy: without(c.blockedBy, event.data.userId) }));
  }
};

export const fold = (
  events: readonly ConversationEvent[],
  from: ConversationState = initialState,
): ConversationState => events.reduce(evolve, from);
