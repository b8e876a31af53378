import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import { INBOX_CHANNEL } from '@rentals/projections/queries/conversations';

type Listener = { userId: string; wake: () => void; close: (reason: string) => void };

/** Streams one user may hold open in one web process; a newer one ends the oldest. */
export const MAX_STREAMS_PER_USER = 5;

/**
 * One LISTEN per web process (postgres.js keeps a single listening
 * connection per client and LISTENs again after it reconnects), fanned out
 * to the streams connected to this process. A notification only wakes a
 * stream, which then reads its user's feed after its own position, so a lost
 * or duplicated notification never loses or repeats an event.
 */
export const createLiveHub = (sql: Sql, log: Logger) => {
  const byUser = new Map<string, Listener[]>();
  let listening: Promise<unknown> | undefined;

  const wakeUser = (userId: string) => {
    for (const listener of byUser.get(userId) ?? []) listener.wake();
  };
  const wakeAll = () => {
    for (const listeners of byUser.values()) for (const l of listeners) l.wake();
  };

  const ensureListening = () => {
    listening ??= sql
      .listen(INBOX_CHANNEL, wakeUser, () => {
        // (Re)connected: whatever was notified while the connection was down is read now.
        wakeAll();
      })
      .catch((error: unknown) => {
        listening = undefined;
        log.warn('could not LISTEN for inbox changes', { error: String(error) });
        throw error;
      });
    return listening;
  };

  return {
    /** Registers a stream (ending the user's oldest beyond the limit); returns its removal. */
    async add(listener: Listener): Promise<() => void> {
      await ensureListening();
      const list = byUser.get(listener.userId) ?? [];
      list.push(listener);
      byUser.set(listener.userId, list);
      while (list.length > MAX_STREAMS_PER_USER)
        list.shift()?.close('Too many open message streams; this one was replaced by a newer one');
      return () => {
        const current = byUser.get(listener.userId);
        if (!current) return;
        const rest = current.filter((l) => l !== listener);
        if (rest.length === 0) byUser.delete(listener.userId);
        else byUser.set(listener.userId, rest);
      };
    },
    /** Streams open in this process (for health and tests). */
    count: (userId?: string) =>
      userId === undefined
        ? [...byUser.values()].reduce((n, l) => n + l.length, 0)
        : (byUser.get(userId)?.length ?? 0),
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
