import { RetryLaterError } from '../shared/retryLater.ts';

/** One unit of work and what it costs the pool while it waits (photos: megapixels). */
export type PoolTask<T> = { cost: number; run: () => Promise<T> };

export type FairPoolOptions = {
  /** Tasks running at once, across every caller. */
  slots: number;
  /** The most cost that may wait in the queue, all callers together. */
  maxQueuedCost: number;
  /** The most cost one caller may have waiting (at least one request's worth). */
  maxQueuedCostPerKey: number;
  /** What a refused caller is told to wait. */
  retryAfterSeconds: number;
  busyMessage: string;
};

/** 503: the pool's queue is full; try again after Retry-After. */
export class PoolBusyError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, retryAfterSeconds);
  }
}

type Job = { key: string };
type Queued = { cost: number; start: () => void; job: Job };

/** The pool's slots and queues: what every step below reads and updates. */
type PoolState = {
  options: FairPoolOptions;
  running: number;
  queuedCost: number;
  turns: number;
  /** Waiting tasks per key, in arrival order. */
  queues: Map<string, Queued[]>;
  runningOf: Map<string, number>;
  lastTurnOf: Map<string, number>;
};

const queuedCostOf = ({ queues }: PoolState, key: string) =>
  (queues.get(key) ?? []).reduce((sum, task) => sum + task.cost, 0);

/** The least busy waiting key, and of those the one served longest ago (a newcomer first). */
const nextKey = ({ queues, runningOf, lastTurnOf }: PoolState): string | undefined => {
  let best: string | undefined;
  for (const key of queues.keys()) {
    if (best === undefined) {
      best = key;
      continue;
    }
    const [r, b] = [runningOf.get(key) ?? 0, runningOf.get(best) ?? 0];
    if (r < b || (r === b && (lastTurnOf.get(key) ?? -1) < (lastTurnOf.get(best) ?? -1)))
      best = key;
  }
  return best;
};

const dequeue = (pool: PoolState): Queued | undefined => {
  const key = nextKey(pool);
  if (key === undefined) return undefined;
  const queue = pool.queues.get(key)!;
  const next = queue.shift()!;
  if (queue.length === 0) pool.queues.delete(key);
  pool.queuedCost -= next.cost;
  pool.lastTurnOf.set(key, pool.turns++);
  return next;
};

/** Takes a failed job's waiting tasks out of the queue: its request is answered already. */
const drop = (pool: PoolState, job: Job) => {
  const queue = pool.queues.get(job.key);
  if (!queue) return;
  const kept = queue.filter((task) => task.job !== job);
  for (const task of queue) if (task.job === job) pool.queuedCost -= task.cost;
  if (kept.length > 0) pool.queues.set(job.key, kept);
  else pool.queues.delete(job.key);
};

const pump = (pool: PoolState) => {
  while (pool.running < pool.options.slots) {
    const next = dequeue(pool);
    if (!next) return;
    pool.running += 1;
    pool.runningOf.set(next.job.key, (pool.runningOf.get(next.job.key) ?? 0) + 1);
    next.start();
  }
};

const finished = (pool: PoolState, key: string) => {
  pool.running -= 1;
  const left = (pool.runningOf.get(key) ?? 1) - 1;
  if (left > 0) pool.runningOf.set(key, left);
  else pool.runningOf.delete(key);
  // A key with nothing running or waiting starts afresh next time.
  if (left === 0 && !pool.queues.has(key)) pool.lastTurnOf.delete(key);
  pump(pool);
};

/** Queues one task of a job; settles with its result once it ran in its turn. */
const enqueue = <T>(pool: PoolState, job: Job, task: PoolTask<T>) =>
  new Promise<T>((resolve, reject) => {
    const queue = pool.queues.get(job.key) ?? [];
    pool.queues.set(job.key, queue);
    pool.queuedCost += task.cost;
    queue.push({
      cost: task.cost,
      job,
      start: () => {
        Promise.resolve()
          .then(task.run)
          .then(resolve, (error: Error) => {
            drop(pool, job);
            reject(error);
          })
          .finally(() => finished(pool, job.key));
      },
    });
  });

/**
 * A bounded pool shared by every request: at most `slots` tasks run at once,
 * and waiting work is bounded, so a request that would queue beyond the bound
 * is refused at once (503 + Retry-After) instead of waiting for ever.
 *
 * Fair between callers (keys, e.g. users): the next free slot goes to the
 * next key in turn, not to the oldest task, so one caller's ten big photos
 * delay another caller's photo by at most one photo per slot. A key may only
 * have `maxQueuedCostPerKey` waiting, so one caller cannot fill the queue.
 * A job's remaining tasks are dropped when one of them fails.
 */
export const createFairPool = (options: FairPoolOptions) => {
  const pool: PoolState = {
    options,
    running: 0,
    queuedCost: 0,
    turns: 0,
    queues: new Map(),
    runningOf: new Map(),
    lastTurnOf: new Map(),
  };
  return {
    /** Runs one caller's tasks (in its turn) and resolves with their results in order. */
    run: async <T>(key: string, tasks: PoolTask<T>[]): Promise<T[]> => {
      const cost = tasks.reduce((sum, task) => sum + task.cost, 0);
      if (
        pool.queuedCost + cost > options.maxQueuedCost ||
        queuedCostOf(pool, key) + cost > options.maxQueuedCostPerKey
      )
        throw new PoolBusyError(options.busyMessage, options.retryAfterSeconds);
      const job: Job = { key };
      const results = tasks.map((task) => enqueue(pool, job, task));
      pump(pool);
      return Promise.all(results);
    },

    /** For health checks and tests. */
    stats: () => ({ running: pool.running, queuedCost: pool.queuedCost }),
  };
};
