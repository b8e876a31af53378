import { isMasked, maskContacts, SPLIT_WINDOW } from '@rentals/core/conversations/contactMask';
import {
  threadPage,
  type InboxRow,
  type MessageRow,
} from '@rentals/projections/queries/conversations';
import type { Sql } from 'postgres';

type Parties = { ownerId: string; ownerReplied: boolean };

/** A message's neighbours from the same sender (oldest first), where a number split over messages is looked for. */
export type Around = { earlier?: readonly string[]; later?: readonly string[] };

/**
 * The sender's messages just before `seq`, for a message shown on its own
 * (the inbox's last message, a live event): read only when the viewer sees
 * it masked, as nothing else needs them.
 */
export const earlierFromSender = async (
  sql: Sql,
  conversationId: string,
  message: { seq: number; senderId: string },
): Promise<string[]> =>
  (await threadPage(sql, conversationId, { beforeSeq: message.seq, limit: SPLIT_WINDOW - 1 }))
    .filter((m) => m.senderId === message.senderId)
    .map((m) => m.body);

/** Each message of a page with its sender's neighbours, the page's `before` messages included. */
export const aroundEach = (
  before: readonly MessageRow[],
  page: readonly MessageRow[],
): Around[] => {
  const all = [...before, ...page];
  return page.map((m, i) => {
    const at = before.length + i;
    const same = (r: MessageRow) => r.senderId === m.senderId;
    return {
      earlier: all
        .slice(Math.max(0, at - SPLIT_WINDOW + 1), at)
        .filter(same)
        .map((r) => r.body),
      later: all
        .slice(at + 1, at + SPLIT_WINDOW)
        .filter(same)
        .map((r) => r.body),
    };
  });
};

const iso = (d: Date) => d.toISOString();

/** A message as `viewerId` may see it: contacts hidden from the owner until the owner has replied. */
export const presentMessage = (
  message: MessageRow,
  parties: Parties,
  viewerId: string,
  around: Around = {},
) => {
  const masked = isMasked(message, parties, viewerId);
  const body = masked ? maskContacts(message.body, around.earlier, around.later) : message.body;
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

/** Whether `viewerId` sees the row's last message masked (and so needs its sender's earlier messages). */
export const lastMessageMasked = (row: InboxRow, viewerId: string) =>
  row.isOwner && !row.ownerReplied && row.lastSeq > 0 && row.lastSenderId !== viewerId;

/** An inbox row as its user sees it; `earlier`: the last message's sender's messages before it. */
export const presentConversation = (
  row: InboxRow,
  viewerId: string,
  earlier: readonly string[] = [],
) => {
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
          { earlier },
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
