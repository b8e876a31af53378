import type { Sql } from 'postgres';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { batchMemoryKeeper } from './batchMemory.ts';
import type { Projection } from './projection.ts';
import type { RecentRate } from './recentRate.ts';
import { wakeUp, type Waker } from './waker.ts';

export type RunnerLog = (
  line: string,
  fields?: Record<string, unknown>,
  level?: 'info' | 'warn' | 'error',
) => void;

/** RunnerOptions with their defaults filled in (runner.ts says what each is). */
export type RunnerConfig = {
  batchSize: number;
  maxBatchSize: number;
  pollIntervalMs: number;
  maxRetries: number;
  backoffMs: number;
  heartbeatMs: number;
  pipelineDepth: number;
  logApplied: boolean;
};

/** One ownership of the projection: the connection that holds its lock, and whether it is lost. */
export type SessionState = {
  client?: Sql;
  /** Set when the session's connection is gone (cut, or replaced by a new backend): start over. */
  lost?: Error;
  /** The backend that took the lock: only it may write the heartbeat. */
  lockPid?: number;
  heartbeatWaker: Waker;
};

/**
 * Settling (SqlProjection.settle): when it last ran, and whether a batch since
 * has left it to do. A runner that starts on a backlog settles at its head (or
 * after atMostEveryMs), not on its first batch.
 */
export type Settling = { at: number; pending: boolean };

/** A running projection: what it works with, and the state its parts share. */
export type Runner = {
  readonly sql: Sql;
  readonly projection: Projection;
  readonly store: EventStore;
  /** The event types the projection handles (projection.canHandle). */
  readonly handles: ReadonlySet<string>;
  readonly config: RunnerConfig;
  readonly log: RunnerLog;
  /** host:pid, written with the heartbeat. */
  readonly owner: string;
  /** Wakes the loop: a NOTIFY of an append, a lost session, `stop()`. */
  readonly waker: Waker;
  /** This runner's memory of a projection that keeps one (SqlProjection.inMemory). */
  readonly memory: ReturnType<typeof batchMemoryKeeper> | undefined;
  readonly settling: Settling;
  readonly session: SessionState;
  stopped: boolean;
  lastError: Error | undefined;
  /** Events applied per second, written with each heartbeat; anew for each session. */
  rate: RecentRate;
};

export const wake = (runner: Runner) => wakeUp(runner.waker);

/** Ends the session's work when its connection is gone (checked after awaits, where a callback may have set it). */
export const throwIfLost = (session: SessionState) => {
  if (session.lost) throw session.lost;
};

export const loseSession = (runner: Runner, reason: string) => {
  runner.session.lost ??= Object.assign(new Error(reason), { code: 'CONNECTION_CLOSED' });
  wakeUp(runner.session.heartbeatWaker);
  wake(runner);
};

/** The next batch's limit: doubles while batches come back full (a backlog), else back to `batchSize`. */
export const nextLimit = (config: RunnerConfig, limit: number, got: number) =>
  got === limit ? Math.min(limit * 2, config.maxBatchSize) : config.batchSize;

/** The wait before attempt `attempt + 1`: doubling from `backoffMs`, at most 5 s. */
export const backoffDelay = (config: RunnerConfig, attempt: number) =>
  Math.min(config.backoffMs * 2 ** (Math.min(attempt, 16) - 1), 5000);

/** The events of `events` the projection handles. */
export const relevantOf = (runner: Runner, events: readonly RecordedEvent[]) =>
  events.filter((e) => runner.handles.has(e.type));
