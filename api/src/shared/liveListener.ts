import type { Sql } from 'postgres';
import { ident, sessionClient } from '@rentals/core/db';
import type { Logger } from '@rentals/core/logger';

const RECONNECT_MS = 250;

type Subscriber = {
  channels: readonly string[];
  /** Named in the log line when the connection is lost. */
  what: string;
  onNotify: (payload: string, channel: string) => void;
  onConnect: () => Promise<void>;
  live: boolean;
  activating?: Promise<void>;
};

/**
 * One LISTEN connection per database client (per web process), shared by
 * everything it keeps in memory, that comes back by itself.
 */
const createHub = (sql: Sql, log?: Logger) => {
  const subscribers = new Set<Subscriber>();
  let connecting: Promise<void> | undefined;
  let listener: Sql | undefined;
  let stopped = false;
  let pid: number | undefined;

  const close = () => {
    for (const s of subscribers) s.live = false;
    pid = undefined;
    const own = listener;
    listener = undefined;
    void own?.end({ timeout: 0 });
  };

  const lose = (own: Sql, reason: string) => {
    if (listener !== own) return;
    for (const s of subscribers)
      if (s.live) log?.warn(`${s.what}: not listening; reading Postgres meanwhile`, { reason });
    close();
    if (stopped || subscribers.size === 0) return;
    setTimeout(() => void connect(), RECONNECT_MS).unref?.();
  };

  /** LISTEN before reloading, so a change committed during the reload is still heard. */
  const activate = (own: Sql, s: Subscriber): Promise<void> =>
    (s.activating ??= (async () => {
      for (const channel of s.channels) await own.unsafe(`LISTEN ${ident(channel)}`);
      await s.onConnect();
      if (listener === own && subscribers.has(s)) s.live = true;
    })()
      .catch((error: unknown) => lose(own, String(error)))
      .finally(() => {
        s.activating = undefined;
      }));

  const listen = async () => {
    // Throws CONNECTION_ENDED once the app's pool is closed, before a listener is opened.
    await sql`SELECT 1`;
    const own = sessionClient(sql, {
      onnotify: (channel, payload) => {
        if (listener !== own) return;
        for (const s of subscribers) if (s.channels.includes(channel)) s.onNotify(payload, channel);
      },
      onclose: () => lose(own, 'the listening connection was closed'),
    });
    listener = own;
    try {
      const [backend] = await own<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      if (listener === own) pid = backend?.pid;
    } catch (error) {
      lose(own, String(error));
      throw error;
    }
    await Promise.all([...subscribers].map((s) => activate(own, s)));
  };

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    if (stopped || listener) return Promise.resolve();
    connecting = listen()
      .catch((error: unknown) => {
        // The app's own pool is closed (shutdown, a test's database dropped): stay off.
        if ((error as { code?: string }).code === 'CONNECTION_ENDED') {
          stopped = true;
          close();
        }
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  };

  return {
    subscribe: (s: Subscriber) => ({
      start: async () => {
        subscribers.add(s);
        await connect();
        if (listener && !s.live) await activate(listener, s);
      },
      stop: () => {
        subscribers.delete(s);
        s.live = false;
        if (subscribers.size === 0) close();
      },
      isLive: () => s.live,
      listenerPid: () => (s.live ? pid : undefined),
    }),
  };
};

const hubs = new WeakMap<Sql, ReturnType<typeof createHub>>();

/**
 * A LISTEN for state a web process keeps in memory and Postgres announces
 * changes to. All of a process's listeners share one connection of their own
 * (per database client), which comes back by itself. Each (re)connection
 * LISTENs first and then calls `onConnect` (which reloads, so nothing said
 * while the connection was down is missed); `isLive()` is true only from then
 * until the connection is lost, and a caller answers from Postgres while it is
 * false. Stops by itself once the app's pool is closed.
 */
export const liveListener = (deps: {
  sql: Sql;
  channels: readonly string[];
  what: string;
  log?: Logger;
  onNotify: (payload: string, channel: string) => void;
  onConnect: () => Promise<void>;
}) => {
  let hub = hubs.get(deps.sql);
  if (!hub) {
    hub = createHub(deps.sql, deps.log);
    hubs.set(deps.sql, hub);
  }
  const { sql: _sql, log: _log, ...subscriber } = deps;
  const listener = hub.subscribe({ ...subscriber, live: false });
  return {
    /** Starts listening (if not already); resolves once live, or once this attempt failed. */
    start: listener.start,
    stop: listener.stop,
    isLive: listener.isLive,
    /** The listening backend (pg_stat_activity's pid) while live. */
    listenerPid: listener.listenerPid,
  };
};
