import type { Sql } from 'postgres';

/** The conversations read model's projection name (read-your-writes waits for it). */
export const CONVERSATIONS_READ_MODEL = 'conversations';

/**
 * The NOTIFY channel that wakes a user's live streams. The payload is the
 * user's id: something the stream sends may have changed (an alert, a
 * notice, the bell). The conversations projection adds FEED_ONLY after a
 * space: only the user's feed changed, so the stream reads that alone, not
 * the alerts and the bell (with 100k saved searches, ~8 ms of Postgres per
 * message and receiver: npm run bench:messages).
 */
export const INBOX_CHANNEL = 'inbox_changed';
export const FEED_ONLY = 'feed';
const SEPARATOR = ' ';
/** What the conversations projection appends to the user id (SQL: `user_id || FEED_ONLY_SUFFIX`). */
export const FEED_ONLY_SUFFIX = `${SEPARATOR}${FEED_ONLY}`;

/** What a live stream reads when woken: everything it sends, or its feed alone. */
export type WakeScope = 'all' | 'feed';

/** An INBOX_CHANNEL payload: whose streams to wake, and what to read. */
export const parseInboxNotice = (payload: string): { userId: string; scope: WakeScope } => {
  const at = payload.indexOf(SEPARATOR);
  if (at < 0) return { userId: payload, scope: 'all' };
  const scope = payload.slice(at + SEPARATOR.length) === FEED_ONLY ? 'feed' : 'all';
  return { userId: payload.slice(0, at), scope };
};

/**
 * The live-stream events kept per user (older ones are pruned by the
 * projection); a client that reconnects from before them is told to reload.
 */
export const FEED_KEPT_PER_USER = 500;

export type ConversationParties = {
  conversationId: string;
  listingId: string;
  tenantId: string;
  ownerId: string;
  lastSeq: number;
  ownerReplied: boolean;
};

export type InboxRow = {
  conversationId: string;
  listingId: string;
  listingTitle: string | null;
  /** The listing's smallest photo rendition, or null (no photos, or the listing is gone). */
  listingPhoto: string | null;
  counterpartId: string;
  counterpartName: string;
  isOwner: boolean;
  ownerReplied: boolean;
  startedAt: Date;
  lastSeq: number;
  lastMessageAt: Date | null;
  lastSenderId: string | null;
  lastMessageBody: string | null;
  readSeq: number;
  unread: number;
  lastUnreadAt: Date | null;
  archived: boolean;
  blockedByMe: boolean;
  blockedByThem: boolean;
};

export type MessageRow = {
  seq: number;
  messageId: string;
  senderId: string;
  body: string;
  sentAt: Date;
};

const inboxColumns = (db: Sql) => db`
  i.conversation_id AS "conversationId", i.listing_id AS "listingId", l.title AS "listingTitle",
  l.doc -> 'images' -> 0 -> 'variants' -> 0 ->> 'url' AS "listingPhoto",
  i.counterpart_id AS "counterpartId", coalesce(u.name, 'Former user') AS "counterpartName",
  i.is_owner AS "isOwner", c.owner_replied AS "ownerReplied", i.started_at AS "startedAt",
  i.last_seq AS "lastSeq", i.last_message_at AS "lastMessageAt", i.last_sender_id AS "lastSenderId",
  i.last_message_body AS "lastMessageBody", i.read_seq AS "readSeq", i.unread,
  i.last_unread_at AS "lastUnreadAt", i.archived, i.blocked_by_me AS "blockedByMe",
  i.blocked_by_them AS "blockedByThem"`;

const inboxFrom = (db: Sql) => db`
  inbox_entries i
  JOIN conversation_read c ON c.conversation_id = i.conversation_id
  LEFT JOIN listing_read l ON l.id = i.listing_id
  LEFT JOIN users u ON u.id = i.counterpart_id`;

/** A user's conversations, newest activity first; `archived` picks the archive or the inbox. */
export const inboxOf = (
  db: Sql,
  userId: string,
  options: { archived: boolean; limit: number; offset: number },
) => db<InboxRow[]>`
  SELECT ${inboxColumns(db)} FROM ${inboxFrom(db)}
  WHERE i.user_id = ${userId} AND i.archived = ${options.archived}
  ORDER BY coalesce(i.last_message_at, i.started_at) DESC, i.conversation_id
  LIMIT ${options.limit} OFFSET ${options.offset}`;

/** One conversation as `userId` sees it in their inbox; undefined when they are not in it. */
export const inboxEntry = async (
  db: Sql,
  userId: string,
  conversationId: string,
): Promise<InboxRow | undefined> => {
  const [row] = await db<InboxRow[]>`
    SELECT ${inboxColumns(db)} FROM ${inboxFrom(db)}
    WHERE i.user_id = ${userId} AND i.conversation_id = ${conversationId}`;
  return row;
};

export const conversationParties = async (
  db: Sql,
  conversationId: string,
): Promise<ConversationParties | undefined> => {
  const [row] = await db<ConversationParties[]>`
    SELECT conversation_id AS "conversationId", listing_id AS "listingId", tenant_id AS "tenantId",
           owner_id AS "ownerId", last_seq AS "lastSeq", owner_replied AS "ownerReplied"
    FROM conversation_read WHERE conversation_id = ${conversationId}`;
  return row;
};

/** A page of a thread, oldest first: the `limit` messages before `beforeSeq` (the newest without it). */
export const threadPage = async (
  db: Sql,
  conversationId: string,
  options: { beforeSeq?: number; limit: number },
): Promise<MessageRow[]> => {
  const rows = await db<MessageRow[]>`
    SELECT seq, message_id AS "messageId", sender_id AS "senderId", body, sent_at AS "sentAt"
    FROM conversation_messages
    WHERE conversation_id = ${conversationId}
      ${options.beforeSeq === undefined ? db`` : db`AND seq < ${options.beforeSeq}`}
    ORDER BY seq DESC LIMIT ${options.limit}`;
  return rows.reverse();
};

export const messageAt = async (
  db: Sql,
  conversationId: string,
  seq: number,
): Promise<MessageRow | undefined> => {
  const [row] = await db<MessageRow[]>`
    SELECT seq, message_id AS "messageId", sender_id AS "senderId", body, sent_at AS "sentAt"
    FROM conversation_messages WHERE conversation_id = ${conversationId} AND seq = ${seq}`;
  return row;
};

/** Unread messages across a user's conversations, archived ones included. */
export const unreadTotal = async (db: Sql, userId: string): Promise<number> => {
  const [row] = await db<{ unread: number }[]>`
    SELECT coalesce(sum(unread), 0)::int AS unread FROM inbox_entries WHERE user_id = ${userId} AND unread > 0`;
  return row?.unread ?? 0;
};

/** Enquiries (conversations started) per listing of an owner; listings without any are absent. */
/** Conversations the user started as a tenant (the tenant dashboard's Inquiries card). */
export const enquiriesSent = async (db: Sql, userId: string): Promise<number> => {
  const [row] = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM inbox_entries WHERE user_id = ${userId} AND NOT is_owner`;
  return row!.n;
};

export const enquiriesByListing = (db: Sql, ownerId: string) =>
  db<{ listingId: string; enquiries: number; lastEnquiryAt: Date | null }[]>`
    SELECT listing_id AS "listingId", enquiries, last_enquiry_at AS "lastEnquiryAt"
    FROM listing_leads WHERE owner_id = ${ownerId} ORDER BY listing_id`;

/** A place in a user's feed: the (transaction id, position) of the event that changed their inbox. */
export type FeedPosition = { transactionId: string; position: number };

export type FeedRow = FeedPosition & {
  conversationId: string;
  kind: 'started' | 'message' | 'read' | 'archived' | 'blocked';
  messageSeq: number | null;
};

/** What changed in a user's inbox after `after`, in the order the projection applied it. */
export const feedAfter = (db: Sql, userId: string, after: FeedPosition, limit: number) =>
  db<FeedRow[]>`
    SELECT transaction_id::text AS "transactionId", position, conversation_id AS "conversationId", kind,
           message_seq AS "messageSeq"
    FROM inbox_feed
    WHERE user_id = ${userId} AND (transaction_id, position) > (${after.transactionId}::xid8, ${after.position})
    ORDER BY transaction_id, position LIMIT ${limit}`;

/**
 * Whether events after `after` were pruned from the user's feed: the feed has
 * been cut (it holds more than the kept number) and its oldest row is newer.
 */
export const feedPrunedAfter = async (db: Sql, userId: string, after: FeedPosition) => {
  const [row] = await db<{ pruned: boolean }[]>`
    SELECT (SELECT count(*) FROM (SELECT 1 FROM inbox_feed WHERE user_id = ${userId}
              LIMIT ${FEED_KEPT_PER_USER + 1}) kept) > ${FEED_KEPT_PER_USER}
       AND (SELECT (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
            FROM inbox_feed WHERE user_id = ${userId} ORDER BY transaction_id, position LIMIT 1) AS pruned`;
  return row?.pruned === true;
};

/** The user's newest feed position (the start of the log when none): where a fresh stream starts. */
export const latestFeedPosition = async (db: Sql, userId: string): Promise<FeedPosition> => {
  const [row] = await db<FeedPosition[]>`
    SELECT transaction_id::text AS "transactionId", position FROM inbox_feed WHERE user_id = ${userId}
    ORDER BY transaction_id DESC, position DESC LIMIT 1`;
  return row ?? { transactionId: '0', position: 0 };
};
