import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import {
  CONVERSATION_EVENT_TYPES,
  type ConversationEvent,
} from '@rentals/core/conversations/events';
import {
  CONVERSATIONS_READ_MODEL,
  FEED_KEPT_PER_USER,
  FEED_ONLY_SUFFIX,
  INBOX_CHANNEL,
} from '../queries/conversations.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';

type FeedKind = 'started' | 'message' | 'read' | 'archived' | 'blocked';

/**
 * Every so many log positions (decided by the position, so a rebuild prunes
 * the same rows), the participants' feeds are cut to their newest
 * FEED_KEPT_PER_USER rows: the feed serves reconnects, not history.
 */
const PRUNE_EVERY = 16;
const prune = (conversationId: string, who: string | null): Statement =>
  // Each participant's cut is found once (LATERAL): as a subquery per feed row it was read
  // again for each of the ~500 rows, 17 ms a prune (npm run bench:messages, pg_stat_statements).
  sql`DELETE FROM inbox_feed f
      USING inbox_entries e
      CROSS JOIN LATERAL (
        SELECT g.transaction_id, g.position FROM inbox_feed g WHERE g.user_id = e.user_id
        ORDER BY g.transaction_id DESC, g.position DESC OFFSET ${FEED_KEPT_PER_USER} LIMIT 1) cut
      WHERE e.conversation_id = ${conversationId} AND (${who}::text IS NULL OR e.user_id = ${who}::text)
        AND f.user_id = e.user_id
        AND (f.transaction_id, f.position) < (cut.transaction_id, cut.position)`;

/**
 * The feed row and the wake-up for one participant (`who` = a user id) or
 * both (`who` = null), a wake for their feed alone (FEED_ONLY_SUFFIX).
 * NOTIFY inside the projection's transaction is delivered when it commits,
 * to every web process that LISTENs, so each process' live streams read the
 * feed only once the change is visible.
 */
const tell = (
  at: Checkpoint,
  conversationId: string,
  who: string | null,
  kind: FeedKind,
  messageSeq: number | null = null,
): Statement[] => [
  sql`INSERT INTO inbox_feed (user_id, transaction_id, position, conversation_id, kind, message_seq)
      SELECT user_id, ${at.transactionId}::xid8, ${at.position}::bigint, ${conversationId}, ${kind},
        ${messageSeq}::int
      FROM inbox_entries
      WHERE conversation_id = ${conversationId} AND (${who}::text IS NULL OR user_id = ${who}::text)
      ON CONFLICT DO NOTHING`,
  sql`SELECT pg_notify(${INBOX_CHANNEL}, user_id || ${FEED_ONLY_SUFFIX}) FROM inbox_entries
      WHERE conversation_id = ${conversationId} AND (${who}::text IS NULL OR user_id = ${who}::text)`,
  ...(at.position % PRUNE_EVERY === 0 ? [prune(conversationId, who)] : []),
];

/** A user's unread count and newest unread time, recounted from the messages after their read mark. */
const recountUnread = (conversationId: string, userId: string): Statement =>
  sql`UPDATE inbox_entries i SET unread = u.n, last_unread_at = u.latest
      FROM (SELECT count(*)::int AS n, max(sent_at) AS latest FROM conversation_messages m, inbox_entries e
            WHERE m.conversation_id = ${conversationId} AND e.conversation_id = ${conversationId}
              AND e.user_id = ${userId} AND m.seq > e.read_seq AND m.sender_id <> ${userId}) u
      WHERE i.conversation_id = ${conversationId} AND i.user_id = ${userId}`;

const toStatements = (event: ConversationEvent, at: Checkpoint): Statement[] => {
  const id = event.data.conversationId;
  switch (event.type) {
    case 'ConversationStarted': {
      const d = event.data;
      return [
        sql`INSERT INTO conversation_read (conversation_id, listing_id, tenant_id, owner_id, started_at)
            VALUES (${id}, ${d.listingId}, ${d.tenantId}, ${d.ownerId}, ${d.at}) ON CONFLICT DO NOTHING`,
        sql`INSERT INTO inbox_entries (user_id, conversation_id, counterpart_id, listing_id, is_owner, started_at)
            VALUES (${d.tenantId}, ${id}, ${d.ownerId}, ${d.listingId}, false, ${d.at}),
                   (${d.ownerId}, ${id}, ${d.tenantId}, ${d.listingId}, true, ${d.at})
            ON CONFLICT DO NOTHING`,
        sql`INSERT INTO listing_leads AS l (listing_id, owner_id, enquiries, last_enquiry_at)
            VALUES (${d.listingId}, ${d.ownerId}, 1, ${d.at})
            ON CONFLICT (listing_id) DO UPDATE SET enquiries = l.enquiries + 1,
              last_enquiry_at = greatest(l.last_enquiry_at, excluded.last_enquiry_at)`,
        ...tell(at, id, null, 'started'),
      ];
    }
    case 'MessageSent': {
      const d = event.data;
      return [
        sql`INSERT INTO conversation_messages (conversation_id, seq, message_id, sender_id, body, sent_at)
            VALUES (${id}, ${d.seq}, ${d.messageId}, ${d.senderId}, ${d.body}, ${d.at}) ON CONFLICT DO NOTHING`,
        sql`UPDATE conversation_read SET last_seq = ${d.seq},
              owner_replied = owner_replied OR owner_id = ${d.senderId}
            WHERE conversation_id = ${id}`,
        // The sender has read the thread up to their own message; the other side has one more unread.
        sql`UPDATE inbox_entries SET last_seq = ${d.seq}, last_message_at = ${d.at}, last_sender_id = ${d.senderId},
              last_message_body = ${d.body},
              read_seq = CASE WHEN user_id = ${d.senderId} THEN ${d.seq} ELSE read_seq END,
              unread = CASE WHEN user_id = ${d.senderId} THEN 0 ELSE unread + 1 END,
              last_unread_at = CASE WHEN user_id = ${d.senderId} THEN NULL ELSE ${d.at}::timestamptz END
            WHERE conversation_id = ${id}`,
        ...tell(at, id, null, 'message', d.seq),
      ];
    }
    case 'ConversationRead':
      return [
        sql`UPDATE inbox_entries SET read_seq = greatest(read_seq, ${event.data.upToSeq})
            WHERE conversation_id = ${id} AND user_id = ${event.data.userId}`,
        recountUnread(id, event.data.userId),
        ...tell(at, id, event.data.userId, 'read'),
      ];
    case 'ConversationArchived':
    case 'ConversationUnarchived':
      return [
        sql`UPDATE inbox_entries SET archived = ${event.type === 'ConversationArchived'}
            WHERE conversation_id = ${id} AND user_id = ${event.data.userId}`,
        ...tell(at, id, event.data.userId, 'archived'),
      ];
    case 'ConversationBlocked':
    case 'ConversationUnblocked': {
      const on = event.type === 'ConversationBlocked';
      return [
        sql`UPDATE inbox_entries SET
              blocked_by_me = CASE WHEN user_id = ${event.data.userId} THEN ${on} ELSE blocked_by_me END,
              blocked_by_them = CASE WHEN user_id <> ${event.data.userId} THEN ${on} ELSE blocked_by_them END
            WHERE conversation_id = ${id}`,
        ...tell(at, id, null, 'blocked'),
      ];
    }
  }
};

const asConversationEvent = (event: RecordedEvent): ConversationEvent =>
  ({ type: event.type, data: event.data }) as ConversationEvent;

const positionOf = (event: RecordedEvent): Checkpoint => ({
  transactionId: event.transactionId,
  position: event.position,
});

/**
 * Each participant's inbox (last message, unread count and newest unread
 * time, archived, blocked), the messages of each thread, enquiries per
 * listing, and the feed the live streams deliver from (keyed by the event's
 * place in the log, so replaying the log rebuilds the same feed).
 */
export const conversationsReadModel: SqlProjection = {
  kind: 'sql',
  name: CONVERSATIONS_READ_MODEL,
  canHandle: CONVERSATION_EVENT_TYPES,
  evolve: (event) => toStatements(asConversationEvent(event), positionOf(event)),
  reset: [
    sql`TRUNCATE conversation_read, conversation_messages, inbox_entries, listing_leads, inbox_feed`,
  ],
  // Rebuilt beside the live tables and swapped in: inboxes never look empty meanwhile.
  tables: [
    'conversation_read',
    'conversation_messages',
    'inbox_entries',
    'listing_leads',
    'inbox_feed',
  ],
};
