/** The shapes /api/conversations answers (api/src/conversations/model.ts). */
export type ChatMessage = {
  id: string;
  seq: number;
  senderId: string;
  mine: boolean;
  body: string;
  masked: boolean;
  sentAt: string;
};

export type Conversation = {
  id: string;
  role: 'tenant' | 'owner';
  listing: { id: string; title: string | null; photo: string | null };
  counterpart: { id: string; name: string };
  lastMessage: Omit<ChatMessage, 'id'> | null;
  lastSeq: number;
  readSeq: number;
  unread: number;
  lastUnreadAt: string | null;
  archived: boolean;
  blockedByMe: boolean;
  blockedByThem: boolean;
  startedAt: string;
};

export type Sent = { conversation: Conversation; message: ChatMessage };

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
