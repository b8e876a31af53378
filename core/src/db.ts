import postgres from 'postgres';

const CONNECT_TIMEOUT_SECONDS = 3;

/**
 * The longest wait before a closed connection tries again. postgres.js waits
 * up to 20 s (3^n / 100 s on a failure count shared by the pool and reset only
 * by a successful connection), so after an outage of a few seconds a request
 * could wait on a connection still backing off long after the server was back.
 * Connecting to a server that refuses costs nothing, so a short wait is enough.
 */
const RECONNECT_BACKOFF_MAX_SECONDS = 0.5;

/** postgres.js's own curve (with its jitter), capped at RECONNECT_BACKOFF_MAX_SECONDS. */
const reconnectBackoffSeconds = (failures: number) =>
  (0.5 + Math.random() / 2) * Math.min(3 ** failures / 100, RECONNECT_BACKOFF_MAX_SECONDS);

/**
 * Our `postgres` client settings: bigint columns arrive as numbers (positions
 * and counts stay far below 2^53), notices stay out of the logs. A connection
 * attempt gives up after `connectTimeoutSeconds` (postgres.js would wait 30 s,
 * longer than a client waits for an answer); `statementTimeoutMs` bounds every
 * statement on the server (the web process sets it, so a request never waits
 * on a stuck query; projections and commands that rebuild do not).
 * `planWithValues` has Postgres plan every execution of a prepared statement
 * with its parameters' values, never a generic plan: for query texts that
 * hold every optional filter as `$n IS NULL OR …` (searchWhere), whose
 * generic plan could use no index.
 */
export const createSql = (
  url: string,
  options: {
    max?: number;
    idleTimeout?: number;
    connectTimeoutSeconds?: number;
    statementTimeoutMs?: number;
    planWithValues?: boolean;
    /** Who the server's log and pg_stat_activity name as this pool's client. */
    applicationName?: string;
  } = {},
) =>
  postgres(url, {
    max: options.max ?? 10,
    idle_timeout: options.idleTimeout ?? 30,
    connect_timeout: options.connectTimeoutSeconds ?? CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectBackoffSeconds,
    // Session settings, sent at connection start (no extra round trip).
    connection: {
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      ...(options.planWithValues ? { plan_cache_mode: 'force_custom_plan' } : {}),
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    },
    onnotice: () => {},
    types: {
      bigint: {
        to: 20,
        from: [20],
        parse: (v: string) => Number(v),
        serialize: (v: number) => String(v),
      },
    },
  });

import type { Sql } from 'postgres';
export type { Sql };

/** A name quoted as an SQL identifier (a table, column, schema or NOTIFY channel), for statements built as text. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A client of exactly one connection, with `sql`'s settings, that is never
 * recycled: for what lives in a database session (an advisory lock, LISTEN).
 * Not a reserved pool connection: a reserved connection the server cut
 * stays cut (its queries fail until it is released), while this client
 * reconnects. If this connection is cut, `onclose` is called and the next
 * query opens a new session without the old one's state (compare
 * `pg_backend_pid()`).
 */
export const sessionClient = (
  sql: Sql,
  handlers: { onnotify?: (channel: string, payload: string) => void; onclose?: () => void } = {},
): Sql =>
  // postgres.js builds its own LISTEN client the same way: the parsed options, one connection.
  postgres({
    ...sql.options,
    max: 1,
    idle_timeout: undefined,
    max_lifetime: null,
    fetch_types: false,
    onnotify: handlers.onnotify,
    onclose: handlers.onclose,
  } as unknown as postgres.Options<Record<string, postgres.PostgresType>>);
