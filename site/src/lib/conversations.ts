/** The shapes /api/conversations answers: the API's schemas (core/src/contract/conversation.ts). */
import type {
  ChatMessageDocument,
  ConversationDocument,
} from '@rentals/core/contract/conversation';

export type ChatMessage = ChatMessageDocument;
export type Conversation = ConversationDocument;

/** What each live event carries (except 'ready', which has only `unread`). */
export type InboxChange = {
  /** `reset`: the stream could not replay what was missed; reload what is shown. */
  kind: 'started' | 'message' | 'read' | 'archived' | 'blocked' | 'reset';
  conversationId: string;
  conversation: Conversation | null;
  message: ChatMessage | null;
  unread: number;
};

/** A client id for a message, so a retried send is recorded once. */
export const newMessageId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
