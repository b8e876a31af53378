import type { Sql } from 'postgres';
import { sessionClient } from '@rentals/core/db';
import type { Logger } from '@rentals/core/logger';

const RECONNECT_MS = 250;

/**
 * A LISTEN on a connection of its own that comes back by itself, for state a
 * web process keeps in memory and Postgres announces changes to. Each
 * (re)connection LISTENs first and then calls `onConnect` (which reloads, so
 * nothing said while the connection was down is missed); `isLive()` is true
 * only from then until the connection is lost, and a caller answers from
 * Postgres while it is false. Stops by itself once the app's pool is closed.
 */
export const liveListener = (deps: {
  sql: Sql;
  channel: string;
  /** Named in the log line when the connection is lost. */
  what: string;
  log?: Logger;
  onNotify: (payload: string) => void;
  onConnect: () => Promise<void>;
}) => {
  const { sql } = deps;
  let live = false;
  let connecting: Promise<void> | undefined;
  let listener: Sql | undefined;
  let stopped = false;
  let pid: number | undefined;

  const lose = (own: Sql, reason: string) => {
    if (listener !== own) return;
    if (live) deps.log?.warn(`${deps.what}: not listening; reading Postgres meanwhile`, { reason });
    live = false;
    pid = undefined;
    listener = undefined;
    void own.end({ timeout: 0 });
    if (stopped) return;
    setTimeout(() => void connect(), RECONNECT_MS).unref?.();
  };

  const listen = async () => {
    // Throws CONNECTION_ENDED once the app's pool is closed, before a listener is opened.
    await sql`SELECT 1`;
    const own = sessionClient(sql, {
      onnotify: (channel, payload) => {
        if (channel === deps.channel && listener === own) deps.onNotify(payload);
      },
      onclose: () => lose(own, 'the listening connection was closed'),
    });
    listener = own;
    try {
      // LISTEN before reloading, so a change committed during the reload is still heard.
      await own.unsafe(`LISTEN "${deps.channel}"`);
      const [backend] = await own<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await deps.onConnect();
      if (listener === own) {
        live = true;
        pid = backend?.pid;
      }
    } catch (error) {
      lose(own, String(error));
      throw error;
    }
  };

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    if (stopped || listener) return Promise.resolve();
    connecting = listen()
      .catch((error: unknown) => {
        // The app's own pool is closed (shutdown, a test's database dropped): stay off.
        if ((error as { code?: string }).code === 'CONNECTION_ENDED') stop();
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  };

  const stop = () => {
    stopped = true;
    live = false;
    pid = undefined;
    const own = listener;
    listener = undefined;
    void own?.end({ timeout: 0 });
  };

  return {
    /** Starts listening (if not already); resolves once live, or once this attempt failed. */
    start: connect,
    stop,
    isLive: () => live,
    /** The listening backend (pg_stat_activity's pid) while live. */
    listenerPid: () => pid,
  };
};
