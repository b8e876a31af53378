import type { Sql } from 'postgres';
import { ident, sessionClient } from '@rentals/core/db';
import type { Logger } from '@rentals/core/logger';
import { onePerClient } from './onePerClient.ts';

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

/** One database client's LISTEN connection and who shares it. */
type HubState = {
  sql: Sql;
  log: Logger | undefined;
  subscribers: Set<Subscriber>;
  connecting: Promise<void> | undefined;
  listener: Sql | undefined;
  stopped: boolean;
  pid: number | undefined;
};

const close = (hub: HubState) => {
  for (const s of hub.subscribers) s.live = false;
  hub.pid = undefined;
  const own = hub.listener;
  hub.listener = undefined;
  void own?.end({ timeout: 0 });
};

const lose = (hub: HubState, own: Sql, reason: string) => {
  if (hub.listener !== own) return;
  for (const s of hub.subscribers)
    if (s.live) hub.log?.warn(`${s.what}: not listening; reading Postgres meanwhile`, { reason });
  close(hub);
  if (hub.stopped || hub.subscribers.size === 0) return;
  setTimeout(() => void connect(hub), RECONNECT_MS).unref?.();
};

/** LISTEN before reloading, so a change committed during the reload is still heard. */
const activate = (hub: HubState, own: Sql, s: Subscriber): Promise<void> =>
  (s.activating ??= (async () => {
    for (const channel of s.channels) await own.unsafe(`LISTEN ${ident(channel)}`);
    await s.onConnect();
    if (hub.listener === own && hub.subscribers.has(s)) s.live = true;
  })()
    .catch((error: unknown) => lose(hub, own, String(error)))
    .finally(() => {
      s.activating = undefined;
    }));

const listen = async (hub: HubState) => {
  // Throws CONNECTION_ENDED once the app's pool is closed, before a listener is opened.
  await hub.sql`SELECT 1`;
  const own = sessionClient(hub.sql, {
    onnotify: (channel, payload) => {
      if (hub.listener !== own) return;
      for (const s of hub.subscribers)
        if (s.channels.includes(channel)) s.onNotify(payload, channel);
    },
    onclose: () => lose(hub, own, 'the listening connection was closed'),
  });
  hub.listener = own;
  try {
    const [backend] = await own<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    if (hub.listener === own) hub.pid = backend?.pid;
  } catch (error) {
    lose(hub, own, String(error));
    throw error;
  }
  await Promise.all([...hub.subscribers].map((s) => activate(hub, own, s)));
};

const connect = (hub: HubState): Promise<void> => {
  if (hub.connecting) return hub.connecting;
  if (hub.stopped || hub.listener) return Promise.resolve();
  hub.connecting = listen(hub)
    .catch((error: unknown) => {
      // The app's own pool is closed (shutdown, a test's database dropped): stay off.
      if ((error as { code?: string }).code === 'CONNECTION_ENDED') {
        hub.stopped = true;
        close(hub);
      }
    })
    .finally(() => {
      hub.connecting = undefined;
    });
  return hub.connecting;
};

/**
 * One LISTEN connection per database client (per web process), shared by
 * everything it keeps in memory, that comes back by itself.
 */
const createHub = (sql: Sql, log?: Logger) => {
  const hub: HubState = {
    sql,
    log,
    subscribers: new Set(),
    connecting: undefined,
    listener: undefined,
    stopped: false,
    pid: undefined,
  };
  return {
    subscribe: (s: Subscriber) => ({
      start: async () => {
        hub.subscribers.add(s);
        await connect(hub);
        if (hub.listener && !s.live) await activate(hub, hub.listener, s);
      },
      stop: () => {
        hub.subscribers.delete(s);
        s.live = false;
        if (hub.subscribers.size === 0) close(hub);
      },
      isLive: () => s.live,
      listenerPid: () => (s.live ? hub.pid : undefined),
    }),
  };
};

const hubFor = onePerClient((deps: { sql: Sql; log?: Logger }) => createHub(deps.sql, deps.log));

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
  const hub = hubFor(deps);
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
