import { isMasked, maskContacts } from '@rentals/core/conversations/contactMask';
import type { InboxRow, MessageRow } from '@rentals/projections/queries/conversations';

type Parties = { ownerId: string; ownerReplied: boolean };

const iso = (d: Date) => d.toISOString();

/** A message as `viewerId` may see it: contacts hidden from the owner until the owner has replied. */
export const presentMessage = (message: MessageRow, parties: Parties, viewerId: string) => {
  const masked = isMasked(message, parties, viewerId);
  const body = masked ? maskContacts(message.body) : message.body;
  return {
    id: message.messageId,
    seq: message.seq,
    senderId: message.senderId,
    mine: message.senderId === viewerId,
    body,
    masked: masked && body !== message.body,
    sentAt: iso(message.sentAt),
  };
};

export type PresentedMessage = ReturnType<typeof presentMessage>;

/** An inbox row as its user sees it. */
export const presentConversation = (row: InboxRow, viewerId: string) => {
  const parties = {
    ownerId: row.isOwner ? viewerId : row.counterpartId,
    ownerReplied: row.ownerReplied,
  };
  const last =
    row.lastSeq > 0 && row.lastSenderId && row.lastMessageBody !== null && row.lastMessageAt
      ? presentMessage(
          {
            seq: row.lastSeq,
            messageId: '',
            senderId: row.lastSenderId,
            body: row.lastMessageBody,
            sentAt: row.lastMessageAt,
          },
          parties,
          viewerId,
        )
      : null;
  return {
    id: row.conversationId,
    role: row.isOwner ? ('owner' as const) : ('tenant' as const),
    listing: { id: row.listingId, title: row.listingTitle, photo: row.listingPhoto },
    counterpart: { id: row.counterpartId, name: row.counterpartName },
    lastMessage: last && {
      seq: last.seq,
      senderId: last.senderId,
      mine: last.mine,
      body: last.body,
      masked: last.masked,
      sentAt: last.sentAt,
    },
    lastSeq: row.lastSeq,
    readSeq: row.readSeq,
    unread: row.unread,
    lastUnreadAt: row.lastUnreadAt && iso(row.lastUnreadAt),
    archived: row.archived,
    blockedByMe: row.blockedByMe,
    blockedByThem: row.blockedByThem,
    startedAt: iso(row.startedAt),
  };
};

export type PresentedConversation = ReturnType<typeof presentConversation>;
