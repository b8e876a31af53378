import type { Sql } from 'postgres';
import type { Logger } from '@rentals/core/logger';
import type { AuthUser } from './roles.ts';
import { liveListener } from '../shared/liveListener.ts';
import { onePerClient } from '../shared/onePerClient.ts';

/**
 * Where the database announces session changes (migration 0100): `u:<id>`
 * when a user's name, email, phone, role or token generation changes or the
 * user is deleted, `r:<expiresAtMs> <jti>` when a token is revoked. Triggers
 * send them, so they commit with the change that caused them.
 */
export const SESSION_CHANNEL = 'session_changes';

/** A `session_changes` payload: a user to read again, or a revoked token. */
export type SessionChange =
  { kind: 'user'; userId: string } | { kind: 'token'; jti: string; expiresAtMs: number };

export const parseSessionChange = (payload: string): SessionChange | undefined => {
  if (payload.startsWith('u:')) return { kind: 'user', userId: payload.slice(2) };
  const space = payload.indexOf(' ');
  if (!payload.startsWith('r:') || space < 0) return undefined;
  return {
    kind: 'token',
    jti: payload.slice(space + 1),
    expiresAtMs: Number(payload.slice(2, space)),
  };
};

/** Users kept in memory per process; the least recently seen go first. */
const MAX_CACHED_USERS = 50_000;

type SessionUser = AuthUser & { tokenGeneration: number };

type UserRow = SessionUser & { revoked?: boolean };

/** One process's cached users and revoked tokens. */
type CacheState = {
  sql: Sql;
  clock: () => Date;
  maxUsers: number;
  users: Map<string, SessionUser>;
  revoked: Map<string, number>;
  /** Bumped by every user change and reconnection: a read that began before one must not fill the cache. */
  changes: number;
  revokedSincePrune: number;
};

const pruneRevoked = (cache: CacheState) => {
  const now = cache.clock().getTime();
  for (const [jti, expiresAt] of cache.revoked) if (expiresAt <= now) cache.revoked.delete(jti);
  cache.revokedSincePrune = 0;
};
const revoke = (cache: CacheState, jti: string, expiresAtMs: number) => {
  cache.revoked.set(jti, expiresAtMs);
  if (++cache.revokedSincePrune >= 1000) pruneRevoked(cache);
};
const forgetUser = (cache: CacheState, id: string) => {
  cache.changes += 1;
  cache.users.delete(id);
};
const remember = ({ users, maxUsers }: CacheState, user: SessionUser) => {
  users.delete(user.id);
  users.set(user.id, user);
  if (users.size > maxUsers) users.delete(users.keys().next().value!);
};

const apply = (cache: CacheState, payload: string) => {
  const change = parseSessionChange(payload);
  if (change?.kind === 'user') forgetUser(cache, change.userId);
  else if (change?.kind === 'token') revoke(cache, change.jti, change.expiresAtMs);
};

/** (Re)connected: forget every user, and load the tokens revoked and not yet expired. */
const reload = async (cache: CacheState) => {
  cache.changes += 1;
  cache.users.clear();
  const rows = await cache.sql<{ jti: string; expiresAt: Date }[]>`
    SELECT jti, expires_at AS "expiresAt" FROM revoked_tokens WHERE expires_at > ${cache.clock()}`;
  for (const { jti, expiresAt } of rows) cache.revoked.set(jti, expiresAt.getTime());
  pruneRevoked(cache);
};

const readUser = async (sql: Sql, id: string, jti: string): Promise<UserRow | undefined> => {
  const [row] = await sql<UserRow[]>`
    SELECT u.id, u.name, u.email, u.phone, u.role, u.token_generation AS "tokenGeneration",
           EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = ${jti}) AS revoked
    FROM users u WHERE u.id = ${id}`;
  return row;
};

const lookup = async (
  cache: CacheState,
  listener: ReturnType<typeof liveListener>,
  claims: { sub: string; jti: string },
): Promise<SessionUser | undefined> => {
  if (!listener.isLive()) {
    void listener.start();
    const row = await readUser(cache.sql, claims.sub, claims.jti);
    if (!row || row.revoked) return undefined;
    const { revoked: _revoked, ...user } = row;
    return user;
  }
  if (cache.revoked.has(claims.jti)) return undefined;
  const cached = cache.users.get(claims.sub);
  if (cached) {
    remember(cache, cached);
    return cached;
  }
  const before = cache.changes;
  const row = await readUser(cache.sql, claims.sub, claims.jti);
  if (!row || row.revoked) return undefined;
  const { revoked: _revoked, ...user } = row;
  if (listener.isLive() && cache.changes === before) remember(cache, user);
  return user;
};

/**
 * What each request's session check needs, kept in memory per web process:
 * the unexpired revoked token ids and the recently seen users. A LISTEN
 * (liveListener.ts) keeps it current; each (re)connection reloads the revoked
 * set and forgets every user, so nothing said while the connection was down
 * is missed. Until it is listening (at start, after the connection was cut)
 * every check reads Postgres, as before this cache.
 *
 * A user not in memory costs one read, which fills it, unless a change was
 * announced meanwhile (that read might predate the change; the next request
 * reads again). Writes made by this process are also applied here at once
 * (`forgetUser`, `revoke`), so its next request never waits for the round
 * trip of its own notification.
 */
export const createSessionCache = (deps: {
  sql: Sql;
  clock: () => Date;
  log?: Logger;
  maxUsers?: number;
}) => {
  const cache: CacheState = {
    sql: deps.sql,
    clock: deps.clock,
    maxUsers: deps.maxUsers ?? MAX_CACHED_USERS,
    users: new Map(),
    revoked: new Map(),
    changes: 0,
    revokedSincePrune: 0,
  };
  const listener = liveListener({
    sql: deps.sql,
    channels: [SESSION_CHANNEL],
    what: 'session cache',
    log: deps.log,
    onNotify: (payload) => apply(cache, payload),
    onConnect: () => reload(cache),
  });

  return {
    /** The user behind a token's claims when the token is still live (not revoked); undefined otherwise. */
    lookup: (claims: { sub: string; jti: string }) => lookup(cache, listener, claims),
    /** This process ended the token: refuse it at once, without waiting for the notification. */
    revoke: (jti: string, expiresAt: Date) => revoke(cache, jti, expiresAt.getTime()),
    /** This process changed the user: read it again on its next request. */
    forgetUser: (id: string) => forgetUser(cache, id),
    // isLive: checks are answered from memory, not Postgres; start: listen now, not at the first check.
    ...listener,
  };
};

export type SessionCache = ReturnType<typeof createSessionCache>;

/** One cache per database client (per web process), shared by the access check and the account writes. */
export const sessionCacheFor = onePerClient(createSessionCache);
