import type { Sql } from 'postgres';
import type { AuthUser } from '../access/roles.ts';
import {
  conversationParties,
  feedAfter,
  feedPrunedAfter,
  inboxEntry,
  latestFeedPosition,
  messageAt,
  unreadTotal,
  type FeedPosition,
  type FeedRow,
  type WakeScope,
} from '@rentals/projections/queries/conversations';
import { alertsAfter, latestAlertId } from '@rentals/projections/queries/savedSearchQueries';
import { ownerNoticeIds, ownerNoticesNotIn } from '@rentals/projections/queries/listingExpiry';
import { notificationState } from '@rentals/projections/queries/notificationQueries';
import type { LiveHub, StreamSession } from './liveHub.ts';
import {
  earlierFromSender,
  lastMessageMasked,
  presentConversation,
  presentMessage,
} from './present.ts';
import { isMasked } from '@rentals/core/conversations/contactMask';

/** Comment lines that keep proxies and the client's idle timers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
const PAGE = 100;

/** An event's id: its feed position, `<transaction id>.<position>`. */
export const eventId = (p: FeedPosition) => `${p.transactionId}.${p.position}`;

/** `Last-Event-ID` → the feed position to resume after; absent or unreadable → undefined. */
export const parseLastEventId = (header: string | null): FeedPosition | undefined => {
  const match = header === null ? null : /^(\d{1,20})\.(\d{1,15})$/.exec(header.trim());
  return match ? { transactionId: match[1]!, position: Number(match[2]) } : undefined;
};

const frame = (fields: { id?: string; event: string; data: unknown }) =>
  `${fields.id === undefined ? '' : `id: ${fields.id}\n`}event: ${fields.event}\ndata: ${JSON.stringify(fields.data)}\n\n`;

/** One feed row as the event the user's client gets: what changed, as the user may see it. */
const eventFor = async (sql: Sql, user: AuthUser, row: FeedRow, unread: number) => {
  const withMessage = row.kind === 'message' && row.messageSeq !== null;
  const [entry, found, parties] = await Promise.all([
    inboxEntry(sql, user.id, row.conversationId),
    withMessage ? messageAt(sql, row.conversationId, row.messageSeq!) : undefined,
    withMessage ? conversationParties(sql, row.conversationId) : undefined,
  ]);
  const [entryEarlier, earlier] = await Promise.all([
    entry && lastMessageMasked(entry, user.id)
      ? earlierFromSender(sql, row.conversationId, {
          seq: entry.lastSeq,
          senderId: entry.lastSenderId!,
        })
      : [],
    found && parties && isMasked(found, parties, user.id)
      ? earlierFromSender(sql, row.conversationId, found)
      : [],
  ]);
  const conversation = entry ? presentConversation(entry, user.id, entryEarlier) : null;
  const message = found && parties ? presentMessage(found, parties, user.id, { earlier }) : null;
  return frame({
    id: eventId(row),
    event: row.kind,
    data: { conversationId: row.conversationId, conversation, message, unread },
  });
};

/**
 * A user's live inbox as server-sent events. Each event's id is the user's
 * feed position; a client that reconnects with `Last-Event-ID` gets every
 * event after it (or, when those events are no longer kept, `reset`: reload
 * and carry on from now). A fresh stream starts with `ready` (the unread
 * total, no id) and then only what happens next. The same stream carries
 * saved-search alerts (`alert`, no id: a client that reconnects reloads its
 * notifications list instead), owner notices (`notice`, no id, e.g. the
 * day-25 'still available?' reminder; likewise reloaded on reconnect), and
 * `notifications` {unread} whenever the bell's matches, owner notices or read
 * mark change (no id either).
 */
export const openLiveStream = (
  deps: { sql: Sql; hub: LiveHub; heartbeatMs?: number },
  user: AuthUser,
  session: StreamSession,
  lastEventId: FeedPosition | undefined,
  signal: AbortSignal,
): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  let closed = false;
  let cursor: FeedPosition = { transactionId: '0', position: 0 };
  /** Saved-search alerts sent so far (their own numbering; on reconnect the client reloads its list). */
  let alertCursor = 0;
  /** Owner notices the client has (they have no position: the stream remembers their ids). */
  let noticesSeen: string[] = [];
  /** The bell as last sent: a change of either sends `notifications`. */
  let bell = '';
  /** A flush under way, another asked for meanwhile, and whether either must read everything. */
  const wakes = { flushing: false, again: false, all: false };
  let timer: ReturnType<typeof setInterval> | undefined;
  let remove: (() => void) | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const write = (text: string) => {
    if (!closed) controller.enqueue(encoder.encode(text));
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    remove?.();
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  };

  /** Sends what changed since the last send: alerts, notices and the bell when `all`, then the feed. */
  const sendAlertsAndBell = async () => {
    // Everyone's newest announcement before the page is read: a page that is not full has every
    // one of the user's up to it, so the cursor moves there and the next read starts after
    // everyone else's too (the read goes by id from the cursor: alertsAfter).
    const seenUpTo = await latestAlertId(deps.sql);
    const alerts = await alertsAfter(deps.sql, user.id, alertCursor, PAGE);
    for (const alert of alerts) {
      write(frame({ event: 'alert', data: { alert } }));
      alertCursor = alert.id;
    }
    // A page holds PAGE listing events' alerts, each event's all: as many rows or more.
    if (alerts.length >= PAGE) wakes.all = wakes.again = true;
    else alertCursor = Math.max(alertCursor, seenUpTo);
    for (const notice of await ownerNoticesNotIn(deps.sql, user.id, noticesSeen)) {
      write(frame({ event: 'notice', data: { notice } }));
      noticesSeen.push(notice.id);
    }
    const state = await notificationState(deps.sql, user.id);
    const now = JSON.stringify(state);
    if (now !== bell) {
      if (bell !== '') write(frame({ event: 'notifications', data: { unread: state.unread } }));
      bell = now;
    }
  };

  const sendFeed = async () => {
    const rows = await feedAfter(deps.sql, user.id, cursor, PAGE);
    if (rows.length === 0 || closed) return;
    const unread = await unreadTotal(deps.sql, user.id);
    for (const row of rows) {
      write(await eventFor(deps.sql, user, row, unread));
      cursor = row;
    }
    if (rows.length === PAGE) wakes.again = true;
  };

  /**
   * Sends what the wake says changed; wakes that arrive meanwhile run it once
   * more, reading everything if any of them asked for everything.
   */
  const flush = async (scope: WakeScope) => {
    if (scope === 'all') wakes.all = true;
    if (wakes.flushing) {
      wakes.again = true;
      return;
    }
    wakes.flushing = true;
    try {
      do {
        wakes.again = false;
        if (wakes.all) {
          wakes.all = false;
          await sendAlertsAndBell();
        }
        await sendFeed();
      } while (wakes.again && !closed);
    } catch {
      // The database is away: the stream ends and the client reconnects from its last id.
      close();
    } finally {
      wakes.flushing = false;
    }
  };

  signal.addEventListener('abort', close, { once: true });

  return new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      // Registered (and LISTENing) before the starting position is read: nothing falls in between.
      remove = await deps.hub.add({
        userId: user.id,
        session,
        wake: (scope) => void flush(scope),
        close: (reason) => {
          write(frame({ event: 'closed', data: { message: reason } }));
          close();
        },
      });
      if (closed) return remove();
      const [latest, latestAlert, notices, bellNow] = await Promise.all([
        latestFeedPosition(deps.sql, user.id),
        latestAlertId(deps.sql),
        ownerNoticeIds(deps.sql, user.id),
        notificationState(deps.sql, user.id),
      ]);
      alertCursor = latestAlert;
      noticesSeen = notices;
      bell = JSON.stringify(bellNow);
      write('retry: 3000\n\n');
      if (lastEventId && (await feedPrunedAfter(deps.sql, user.id, lastEventId))) {
        // Away so long that what was missed is no longer kept: the client reloads instead.
        cursor = latest;
        write(frame({ id: eventId(latest), event: 'reset', data: {} }));
      } else cursor = lastEventId ?? latest;
      write(frame({ event: 'ready', data: { unread: await unreadTotal(deps.sql, user.id) } }));
      timer = setInterval(() => {
        write(': heartbeat\n\n');
        // Also a safety net: a wake lost while LISTEN reconnected is caught up here.
        void flush('all');
      }, deps.heartbeatMs ?? HEARTBEAT_MS);
      await flush('all');
    },
    cancel() {
      close();
    },
  });
};
