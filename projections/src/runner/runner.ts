/**
 * The projection runner's face: startProjection and its supervising loop. The
 * parts, each with its state in an object passed in (runnerState.ts): session.ts
 * (lock, LISTEN, heartbeat), batchLoop.ts (read, apply, move on), batchApplier.ts
 * (one batch, with retries), externalPipeline.ts (external models, batches sent
 * ahead), poison.ts (narrowing a failed batch down, parking its bad event).
 */
import { hostname } from 'node:os';
import type { Sql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { isTransient } from '@rentals/core/dbErrors';
import { batchMemoryKeeper } from './batchMemory.ts';
import type { Projection } from './projection.ts';
import { recentRate } from './recentRate.ts';
import { backoffDelay, wake, type Runner, type RunnerLog } from './runnerState.ts';
import { endSession, runSession } from './session.ts';
import { sleepUnlessWoken } from './waker.ts';

export type RunnerOptions = {
  /** Events per batch when caught up (latency: a burst's first events commit without waiting for the rest). */
  batchSize?: number;
  /**
   * The largest batch when far behind (a bulk import): each full batch doubles
   * the next one up to this, and a batch that is not full (caught up) goes back
   * to `batchSize`. Read models' `evolveBatch` makes a big batch a few
   * set-based statements.
   */
  maxBatchSize?: number;
  pollIntervalMs?: number;
  /** Attempts per batch before the runner narrows down to the failing event (and parks its stream). */
  maxRetries?: number;
  backoffMs?: number;
  /** How often the owning runner writes its heartbeat (projection_heartbeats). */
  heartbeatMs?: number;
  /**
   * Where the runner says what it does: each applied batch, retries, parked
   * streams, lost sessions. `fields` carry the projection and the events'
   * correlation ids (the request ids of the commands), for JSON logs.
   */
  log?: RunnerLog;
  /** Log every applied batch too (the projections process: its lines follow requests into projections). */
  logApplied?: boolean;
  /** Batches an external projection with `send` may have sent and not yet seen done. */
  pipelineDepth?: number;
};

/** The heartbeat's period; health counts a worker gone after STALE_AFTER_SECONDS (readSideHealth.ts) without one. */
const HEARTBEAT_MS = 2000;

export type RunningProjection = {
  name: string;
  /** Resolves once every event committed before the call has been applied or held; rejects after `timeoutMs`. */
  whenCaughtUp: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
  /** The loop's promise: settles when `stop()` is called (the worker never stops by itself). */
  done: Promise<void>;
};

const createRunner = (sql: Sql, projection: Projection, options: RunnerOptions): Runner => {
  const batchSize = options.batchSize ?? 500;
  const log = options.log ?? (() => {});
  return {
    sql,
    projection,
    store: createEventStore(sql),
    handles: new Set(projection.canHandle),
    config: {
      batchSize,
      maxBatchSize: Math.max(batchSize, options.maxBatchSize ?? 8000),
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxRetries: options.maxRetries ?? 5,
      backoffMs: options.backoffMs ?? 100,
      heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
      pipelineDepth: Math.max(1, options.pipelineDepth ?? 4),
      logApplied: options.logApplied ?? false,
    },
    log,
    owner: `${hostname()}:${process.pid}`,
    waker: {},
    memory:
      projection.kind === 'sql' && projection.inMemory
        ? batchMemoryKeeper(
            projection.name,
            projection.inMemory(),
            projection.tables ?? [],
            (line) => log(line, { projection: projection.name }),
          )
        : undefined,
    settling: { at: Date.now(), pending: false },
    session: { heartbeatWaker: {} },
    stopped: false,
    lastError: undefined,
    rate: recentRate(),
  };
};

/** Logs what ended a session, records a failure where /api/health reads it, and waits before the next. */
const sessionFailed = async (runner: Runner, error: Error, attempt: number) => {
  const { sql, projection } = runner;
  runner.lastError = error;
  const transient = isTransient(error);
  const delay = backoffDelay(runner.config, attempt);
  runner.log(
    `${projection.name}: ${transient ? 'lost the database' : 'worker failed'}, starting again in ${delay} ms: ${error.message}`,
    { projection: projection.name, error: error.message },
    transient ? 'warn' : 'error',
  );
  if (!transient)
    await sql`UPDATE projection_checkpoints SET status = 'failed', last_error = ${error.message}, updated_at = now()
              WHERE name = ${projection.name}`.catch(() => undefined);
  await endSession(runner);
  await sleepUnlessWoken(delay, runner.waker);
};

/**
 * The worker never stops by itself: whatever ends a session (an outage, a
 * restart of the database, a bug) is logged, recorded where /api/health
 * reads it when the database answers, and followed by a new session after
 * a backoff. Only `stop()` ends the loop.
 */
const supervise = async (runner: Runner) => {
  const { sql, projection } = runner;
  for (let attempt = 1; !runner.stopped; attempt++) {
    try {
      await runSession(runner);
      attempt = 0;
    } catch (error) {
      if (runner.stopped) break;
      await sessionFailed(runner, error as Error, attempt);
      continue;
    }
    await endSession(runner);
  }
  await endSession(runner);
  // A clean stop: the projection has no worker now, and health says so at once.
  await sql`UPDATE projection_checkpoints SET status = 'idle', updated_at = now()
            WHERE name = ${projection.name} AND status = 'running'`.catch(() => undefined);
  if (runner.session.lockPid !== undefined)
    await sql`DELETE FROM projection_heartbeats WHERE projection = ${projection.name} AND owner = ${runner.owner}`.catch(
      () => undefined,
    );
};

const whenCaughtUp = async (runner: Runner, timeoutMs: number) => {
  const { sql, projection } = runner;
  const [target] = await sql<
    { max: number }[]
  >`SELECT coalesce(max(position), 0) AS max FROM events`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ behind: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM events e, projection_checkpoints c
        WHERE c.name = ${projection.name} AND e.position <= ${target!.max}
          AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
      ) OR NOT EXISTS (SELECT 1 FROM projection_checkpoints WHERE name = ${projection.name}) AS behind`;
    // Caught up includes settled: a batch that left its settling for later has had it.
    if (!row?.behind && !runner.settling.pending) return;
    if (Date.now() > deadline)
      throw new Error(
        `${projection.name} did not catch up within ${timeoutMs} ms${runner.lastError ? ` (last error: ${runner.lastError.message})` : ''}`,
      );
    wake(runner);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * Runs one projection: owns it through a session advisory lock (a second
 * runner waits as a standby), reads the log after its checkpoint with the
 * transaction-id fence, applies batches with the checkpoint in one transaction,
 * and wakes on NOTIFY. A batch that fails is retried with backoff, then
 * replayed event by event; an event that still fails parks its stream: it is
 * recorded in projection_parked_streams, the stream's later events are held
 * behind it (projection_parked_events), and every other stream goes on.
 * Outages (lost connections, a database shutting down) are waited out, never
 * parked.
 */
export const startProjection = (
  sql: Sql,
  projection: Projection,
  options: RunnerOptions = {},
): RunningProjection => {
  const runner = createRunner(sql, projection, options);
  const done = supervise(runner);
  return {
    name: projection.name,
    whenCaughtUp: (timeoutMs = 30_000) => whenCaughtUp(runner, timeoutMs),
    done,
    stop: async () => {
      runner.stopped = true;
      wake(runner);
      await done;
    },
  };
};
