/** Conversation commands. Time and ids come in with them; `userId` is the authenticated caller. */
export type StartConversation = {
  type: 'StartConversation';
  conversationId: string;
  listingId: string;
  userId: string;
  /** The listing's owner, as the listing's stream says now. */
  ownerId: string;
  /** Whether the caller's email address is verified (read by the handler): the first message needs it. */
  emailVerified: boolean;
  messageId: string;
  body: string;
  at: string;
};

export type SendMessage = {
  type: 'SendMessage';
  userId: string;
  messageId: string;
  body: string;
  at: string;
};

export type MarkRead = { type: 'MarkRead'; userId: string; upToSeq: number; at: string };

type ParticipantCommand<T extends string> = { type: T; userId: string; at: string };
export type Archive = ParticipantCommand<'Archive'>;
export type Unarchive = ParticipantCommand<'Unarchive'>;
export type Block = ParticipantCommand<'Block'>;
export type Unblock = ParticipantCommand<'Unblock'>;

export type ConversationCommand =
  StartConversation | SendMessage | MarkRead | Archive | Unarchive | Block | Unblock;
