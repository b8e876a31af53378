import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import {
  INBOX_CHANNEL,
  parseInboxNotice,
  type WakeScope,
} from '@rentals/projections/queries/conversations';
import { parseSessionChange, SESSION_CHANNEL } from '../access/sessionCache.ts';
import { liveListener } from '../shared/liveListener.ts';

/** The session a stream was opened with: the stream ends when that session does. */
export type StreamSession = { tokenId: string; generation: number };

type Listener = {
  userId: string;
  session: StreamSession;
  /** Reads what changed: everything the stream sends, or the user's feed alone. */
  wake: (scope: WakeScope) => void;
  close: (reason: string) => void;
};

/** Streams one user may hold open, across every web process; a newer one ends the oldest. */
export const MAX_STREAMS_PER_USER = 5;
/** Tells the process holding a stream to end it (payload: the stream's id). */
const CLOSE_CHANNEL = 'live_stream_closed';
/** How often a process marks its streams as alive; a row unseen for three rounds is a dead process's. */
const SEEN_EVERY_MS = 20_000;
const STALE_AFTER = '60 seconds';
export const REPLACED = 'Too many open message streams; this one was replaced by a newer one';
export const SESSION_ENDED = 'Your session has ended; please sign in again';

/** One hub's streams and timers: what every step below reads and updates. */
type HubState = {
  sql: Sql;
  log: Logger;
  byUser: Map<string, Listener[]>;
  byId: Map<string, Listener>;
  listening: Promise<unknown> | undefined;
  seenTimer: ReturnType<typeof setInterval> | undefined;
};

const wakeUser = (state: HubState, payload: string) => {
  const { userId, scope } = parseInboxNotice(payload);
  for (const listener of state.byUser.get(userId) ?? []) listener.wake(scope);
};
const wakeAll = (state: HubState) => {
  for (const listeners of state.byUser.values()) for (const l of listeners) l.wake('all');
};

/** Ends the given streams whose session was revoked since they opened. */
const endRevoked = async ({ sql }: HubState, listeners: Listener[]) => {
  if (listeners.length === 0) return;
  const userIds = [...new Set(listeners.map((l) => l.userId))];
  const tokenIds = [...new Set(listeners.map((l) => l.session.tokenId))];
  const [users, revoked] = await Promise.all([
    sql<{ id: string; generation: number }[]>`
      SELECT id, token_generation AS generation FROM users WHERE id = ANY(${userIds}::text[])`,
    sql<{ jti: string }[]>`SELECT jti FROM revoked_tokens WHERE jti = ANY(${tokenIds}::text[])`,
  ]);
  const generations = new Map(users.map((u) => [u.id, u.generation]));
  const gone = new Set(revoked.map((r) => r.jti));
  for (const l of listeners)
    if (generations.get(l.userId) !== l.session.generation || gone.has(l.session.tokenId))
      l.close(SESSION_ENDED);
};
const checking = (state: HubState, listeners: Listener[]) =>
  endRevoked(state, listeners).catch((error: unknown) =>
    state.log.warn('could not check the sessions of live streams', { error: String(error) }),
  );

/** Ends the streams a `session_changes` notification revoked (a user's, or one token's). */
const onSessionChange = (state: HubState, payload: string) => {
  const change = parseSessionChange(payload);
  if (change?.kind === 'user') void checking(state, [...(state.byUser.get(change.userId) ?? [])]);
  else if (change?.kind === 'token')
    for (const l of [...state.byId.values()])
      if (l.session.tokenId === change.jti) l.close(SESSION_ENDED);
};

const ensureListening = (state: HubState, sessionChanges: { start: () => Promise<unknown> }) => {
  const { sql, log, byId } = state;
  state.listening ??= Promise.all([
    sessionChanges.start(),
    sql.listen(
      INBOX_CHANNEL,
      (payload) => wakeUser(state, payload),
      () => {
        // (Re)connected: whatever was notified while the connection was down is read now.
        wakeAll(state);
      },
    ),
    sql.listen(CLOSE_CHANNEL, (streamId) => byId.get(streamId)?.close(REPLACED)),
  ]).catch((error: unknown) => {
    state.listening = undefined;
    log.warn('could not LISTEN for inbox changes', { error: String(error) });
    throw error;
  });
  return state.listening;
};

/** Marks this process's streams alive and forgets those of processes that died. */
const markSeen = async ({ sql, byId }: HubState) => {
  const ids = [...byId.keys()];
  if (ids.length > 0)
    await sql`UPDATE live_streams SET seen_at = clock_timestamp() WHERE stream_id = ANY(${ids}::uuid[])`;
  await sql`DELETE FROM live_streams WHERE seen_at < clock_timestamp() - ${STALE_AFTER}::interval`;
};
const keepSeen = (state: HubState) => {
  if (state.seenTimer || state.byId.size === 0) return;
  state.seenTimer = setInterval(() => {
    void checking(state, [...state.byId.values()]);
    markSeen(state).catch((error: unknown) =>
      state.log.warn('could not mark live streams as alive', { error: String(error) }),
    );
    if (state.byId.size === 0) {
      clearInterval(state.seenTimer);
      state.seenTimer = undefined;
    }
  }, SEEN_EVERY_MS);
  state.seenTimer.unref?.();
};

/** Registers the stream and ends the user's oldest ones (here or elsewhere) beyond the limit. */
const register = async ({ sql }: HubState, streamId: string, userId: string) => {
  const over = await sql.begin(async (tx) => {
    // One user's registrations in turn, so two at once cannot both miss the limit.
    await tx`SELECT pg_advisory_xact_lock(hashtext('live_streams'), hashtext(${userId}))`;
    await tx`INSERT INTO live_streams (stream_id, user_id) VALUES (${streamId}, ${userId})`;
    const rows = await tx<{ streamId: string }[]>`
      SELECT stream_id::text AS "streamId" FROM live_streams
      WHERE user_id = ${userId} AND seen_at >= clock_timestamp() - ${STALE_AFTER}::interval
      ORDER BY opened_at DESC, stream_id OFFSET ${MAX_STREAMS_PER_USER}`;
    for (const { streamId: old } of rows) {
      await tx`DELETE FROM live_streams WHERE stream_id = ${old}`;
      await tx`SELECT pg_notify(${CLOSE_CHANNEL}, ${old})`;
    }
    return rows;
  });
  return over.length;
};

const unregister = ({ sql, log }: HubState, streamId: string) =>
  sql`DELETE FROM live_streams WHERE stream_id = ${streamId}`.catch((error: unknown) =>
    // A row left behind stops counting a minute later.
    log.warn('could not remove a closed live stream', { error: String(error) }),
  );

/** Forgets a stream in this process's maps (its row is removed separately). */
const forget = ({ byId, byUser }: HubState, streamId: string, listener: Listener) => {
  byId.delete(streamId);
  const current = byUser.get(listener.userId);
  if (!current) return;
  const rest = current.filter((l) => l !== listener);
  if (rest.length === 0) byUser.delete(listener.userId);
  else byUser.set(listener.userId, rest);
};

/**
 * One LISTEN per web process (postgres.js keeps a single listening
 * connection per client and LISTENs again after it reconnects), fanned out
 * to the streams connected to this process. A notification only wakes a
 * stream, which then reads its user's feed after its own position, so a lost
 * or duplicated notification never loses or repeats an event.
 *
 * Every stream is also a row in `live_streams`, so the per-user limit counts
 * the streams of all processes behind the proxy, not only this one's.
 *
 * A stream lives only as long as the session it was opened with: every
 * process hears `session_changes` (the triggers of migration 0100, on a
 * logout, a logout everywhere, a password change or reset, a suspension) and
 * ends the streams of the revoked token, or of a user whose token generation
 * moved on. The same check runs when a stream opens, when the LISTEN
 * (re)connects and with each round of `markSeen`, so a missed notification
 * costs at most that round.
 */

export const createLiveHub = (sql: Sql, log: Logger) => {
  const state: HubState = {
    sql,
    log,
    byUser: new Map(),
    byId: new Map(),
    listening: undefined,
    seenTimer: undefined,
  };
  const sessionChanges = liveListener({
    sql,
    channels: [SESSION_CHANNEL],
    what: 'live streams',
    log,
    onNotify: (payload) => onSessionChange(state, payload),
    // (Re)connected: a revocation announced while the connection was down is found now.
    onConnect: () => checking(state, [...state.byId.values()]),
  });

  return {
    /** Registers a stream (ending the user's oldest beyond the limit); returns its removal. */
    async add(listener: Listener): Promise<() => void> {
      await ensureListening(state, sessionChanges);
      const streamId = randomUUID();
      state.byId.set(streamId, listener);
      const list = state.byUser.get(listener.userId) ?? [];
      list.push(listener);
      state.byUser.set(listener.userId, list);
      let removed = false;
      const remove = () => {
        if (removed) return;
        removed = true;
        forget(state, streamId, listener);
      };
      try {
        await register(state, streamId, listener.userId);
        // Revoked between the request's check and the LISTEN above: nothing announced it to this stream.
        await endRevoked(state, [listener]);
      } catch (error) {
        remove();
        throw error;
      }
      keepSeen(state);
      return () => {
        const wasOpen = !removed;
        remove();
        if (wasOpen) void unregister(state, streamId);
      };
    },
    /** Streams open in this process (for health and tests). */
    count: (userId?: string) =>
      userId === undefined
        ? [...state.byUser.values()].reduce((n, l) => n + l.length, 0)
        : (state.byUser.get(userId)?.length ?? 0),
  };
};

export type LiveHub = ReturnType<typeof createLiveHub>;

const hubs = new WeakMap<object, LiveHub>();

/** One hub per app (per `deps`), shared by its routes. */
export const liveHubFor = (deps: { sql: Sql; log: Logger }): LiveHub => {
  let hub = hubs.get(deps);
  if (!hub) {
    hub = createLiveHub(deps.sql, deps.log);
    hubs.set(deps, hub);
  }
  return hub;
};
