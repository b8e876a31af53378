import type { Sql } from 'postgres';
import { sessionClient } from '@rentals/core/db';
import { APPENDED_CHANNEL, mayConcern } from '@rentals/core/eventStore/appendedNotice';
import { newCursor, runBatches } from './batchLoop.ts';
import { ensureCheckpoint, projectionLockKey } from './checkpoints.ts';
import { recentRate } from './recentRate.ts';
import { loseSession, wake, type Runner } from './runnerState.ts';
import { sleepUnlessWoken } from './waker.ts';

/**
 * The session's own connection holds the advisory lock (a standby waits on
 * it), LISTENs for appends and writes the heartbeat, so all three end
 * together and a new session restores all three.
 */
const acquireLock = async (runner: Runner) => {
  const { projection, session } = runner;
  const own = sessionClient(runner.sql, {
    // An append of none of the types this projection handles is passed on the next poll (or
    // with the next batch): waking every projection for every append cost each a read of the
    // log and a transaction per write.
    onnotify: (channel, payload) => {
      if (channel === APPENDED_CHANNEL && mayConcern(payload, runner.handles)) wake(runner);
    },
    onclose: () => {
      // A client being replaced may still report its close; only the current one counts.
      if (session.client === own)
        loseSession(runner, 'the connection holding the projection lock was closed');
    },
  });
  session.client = own;
  let announced = false;
  while (!runner.stopped) {
    const [row] = await own<{ ok: boolean; pid: number }[]>`
      SELECT pg_try_advisory_lock(hashtext(${projectionLockKey(projection.name)})) AS ok, pg_backend_pid() AS pid`;
    if (row?.ok) {
      session.lockPid = row.pid;
      session.lost = undefined;
      return own;
    }
    if (!announced)
      runner.log(`${projection.name}: another runner owns this projection; standing by`);
    announced = true;
    await sleepUnlessWoken(runner.config.pollIntervalMs, runner.waker);
  }
  return undefined;
};

/**
 * Only from the backend that took the lock: a connection the server cut
 * comes back as a new backend without the lock, and a heartbeat from it
 * would claim a projection nobody owns.
 */
const beat = async (runner: Runner, own: Sql) => {
  const perSecond = runner.rate.perSecond();
  const rows = await own`
    INSERT INTO projection_heartbeats (projection, owner, beat_at, events_per_second)
    SELECT ${runner.projection.name}, ${runner.owner}, now(), ${perSecond}::float8
    WHERE pg_backend_pid() = ${runner.session.lockPid!}
    ON CONFLICT (projection) DO UPDATE SET owner = EXCLUDED.owner, beat_at = now(),
      events_per_second = EXCLUDED.events_per_second
    RETURNING 1`;
  return rows.length > 0 || 'the connection holding the projection lock was replaced';
};

/** Beats until its session ends; a beat of an older session that finishes late changes nothing. */
const heartbeat = async (runner: Runner, own: Sql) => {
  const { session } = runner;
  const current = () => !runner.stopped && !session.lost && session.client === own;
  while (current()) {
    await sleepUnlessWoken(runner.config.heartbeatMs, session.heartbeatWaker);
    if (!current()) return;
    const alive = await beat(runner, own).catch((error: Error) => error.message);
    if (alive !== true && current()) loseSession(runner, alive);
  }
};

/** LISTENs, beats once and marks the projection running; returns where its batches start. */
const startSession = async (runner: Runner, own: Sql) => {
  const { sql, projection } = runner;
  // LISTEN before reading, so an append between the read and the wait still wakes us.
  await own.unsafe(`LISTEN ${APPENDED_CHANNEL}`);
  // The heartbeat before the checkpoint row: health must never see a projection's row without one.
  const first = await beat(runner, own);
  if (first !== true) throw Object.assign(new Error(first), { code: 'CONNECTION_CLOSED' });
  runner.rate = recentRate();
  if (projection.kind === 'external') projection.started?.();
  const cursor = newCursor(runner.config, await ensureCheckpoint(sql, projection.name));
  // Lags and read-your-writes count only these types (migration 0188): the others are passed late.
  const handles = [...runner.handles];
  await sql`UPDATE projection_checkpoints SET handles = ${sql.array(handles)}::text[]
            WHERE name = ${projection.name} AND handles IS DISTINCT FROM ${sql.array(handles)}::text[]`;
  await sql`UPDATE projection_checkpoints SET status = 'running', last_error = NULL, updated_at = now()
            WHERE name = ${projection.name} AND status <> 'rebuilding'`;
  return cursor;
};

/**
 * One ownership of the projection: lock, LISTEN, heartbeat, then batches
 * until stopped. Throws when anything outside an event's own failure goes
 * wrong (the database went away, the lock connection was cut); the
 * supervisor then starts a new session, which takes the lock and LISTENs afresh.
 */
export const runSession = async (runner: Runner) => {
  const own = await acquireLock(runner);
  if (!own) return;
  const cursor = await startSession(runner, own);
  const beating = heartbeat(runner, own);
  runner.log(`${runner.projection.name}: running from #${cursor.checkpoint.position}`);
  try {
    await runBatches(runner, cursor);
  } finally {
    loseSession(runner, 'session ended');
    // Not awaited: a beat stuck on a frozen connection ends when endSession closes it.
    void beating;
  }
};

/** Closes the session's connection, which gives up the lock and the LISTEN with it. */
export const endSession = async (runner: Runner) => {
  const ending = runner.session.client;
  runner.session.client = undefined;
  await ending?.end({ timeout: 1 }).catch(() => undefined);
};
