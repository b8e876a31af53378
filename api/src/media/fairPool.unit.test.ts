import { describe, expect, it } from 'vitest';
import { createFairPool, PoolBusyError, type PoolTask } from './fairPool.ts';

const options = {
  slots: 2,
  maxQueuedCost: 10,
  maxQueuedCostPerKey: 5,
  retryAfterSeconds: 7,
  busyMessage: 'busy',
};

/** Tasks that run until the test opens their gate, recording the order they started in. */
const gated = (started: string[]) => {
  const gates = new Map<string, ReturnType<typeof Promise.withResolvers<string>>>();
  const task = (name: string, cost = 1): PoolTask<string> => ({
    cost,
    run: () => {
      started.push(name);
      const gate = Promise.withResolvers<string>();
      gates.set(name, gate);
      return gate.promise;
    },
  });
  const open = (name: string) => gates.get(name)!.resolve(name);
  const fail = (name: string) => gates.get(name)!.reject(new Error(`${name} is corrupt`));
  return { task, open, fail };
};

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('createFairPool', () => {
  it('runs at most `slots` tasks at once and returns each job’s results in order', async () => {
    const pool = createFairPool(options);
    const started: string[] = [];
    const { task, open } = gated(started);
    const job = pool.run('a', [task('a1'), task('a2'), task('a3')]);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    expect(pool.stats()).toEqual({ running: 2, queuedCost: 1 });
    open('a2');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    open('a1');
    open('a3');
    expect(await job).toEqual(['a1', 'a2', 'a3']);
    expect(pool.stats()).toEqual({ running: 0, queuedCost: 0 });
  });

  it('gives the next free slot to the next caller in turn, not to the oldest task', async () => {
    const pool = createFairPool({ ...options, slots: 1 });
    const started: string[] = [];
    const { task, open } = gated(started);
    const big = pool.run('a', [task('a1'), task('a2'), task('a3'), task('a4')]);
    await settle();
    const small = pool.run('b', [task('b1')]);
    for (const name of ['a1', 'b1', 'a2', 'a3']) {
      await settle();
      open(name);
    }
    await settle();
    open('a4');
    expect(await small).toEqual(['b1']);
    await big;
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('refuses a job that would queue beyond the bound with 503 and Retry-After', async () => {
    const pool = createFairPool(options);
    const started: string[] = [];
    const { task, open } = gated(started);
    // Two running, then 3 + 5 waiting from two callers: the queue holds 8 of its 10.
    const a = pool.run('a', [task('a1'), task('a2'), task('a3', 3)]);
    const b = pool.run('b', [task('b1', 5)]);
    const c = pool.run('c', [task('c1', 3)]);
    await expect(c).rejects.toBeInstanceOf(PoolBusyError);
    await expect(c).rejects.toMatchObject({ status: 503, retryAfterSeconds: 7, message: 'busy' });
    // A job that fits is still admitted.
    const d = pool.run('d', [task('d1', 2)]);
    for (let opened = 0; opened < 5; opened++) {
      await settle();
      open(started[opened]!);
    }
    await Promise.all([a, b, d]);
    // The newcomers b and d go before a's waiting task.
    expect(started).toEqual(['a1', 'a2', 'b1', 'd1', 'a3']);
  });

  it('lets one caller have only its share waiting', async () => {
    const pool = createFairPool(options);
    const { task, open } = gated([]);
    // a1 and a2 run; a3 waits (3 of a's 5).
    const first = pool.run('a', [task('a1'), task('a2'), task('a3', 3)]);
    await expect(pool.run('a', [task('a4', 3)])).rejects.toBeInstanceOf(PoolBusyError);
    await expect(pool.run('a', [task('a5', 6)])).rejects.toBeInstanceOf(PoolBusyError);
    const other = pool.run('b', [task('b1', 5)]);
    for (const name of ['a1', 'a2', 'a3', 'b1']) {
      await settle();
      open(name);
    }
    await Promise.all([first, other]);
  });

  it('drops a failed job’s waiting tasks and frees its slot', async () => {
    const pool = createFairPool({ ...options, slots: 1 });
    const started: string[] = [];
    const { task, open, fail } = gated(started);
    const bad = pool.run('a', [task('a1'), task('a2'), task('a3')]);
    const good = pool.run('b', [task('b1')]);
    await settle();
    fail('a1');
    await expect(bad).rejects.toThrow('a1 is corrupt');
    expect(pool.stats().queuedCost).toBe(0);
    await settle();
    open('b1');
    expect(await good).toEqual(['b1']);
    expect(started).toEqual(['a1', 'b1']);
    expect(pool.stats()).toEqual({ running: 0, queuedCost: 0 });
  });
});
