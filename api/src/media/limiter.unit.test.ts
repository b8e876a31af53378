import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

describe('createLimiter', () => {
  it('never runs more than its slots at once and runs every task in arrival order', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => Promise.withResolvers<void>());
    const results = gates.map((gate, i) =>
      limit(async () => {
        started.push(i);
        active += 1;
        peak = Math.max(peak, active);
        await gate.promise;
        active -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    expect(await limit(() => Promise.resolve('next'))).toBe('next');
  });
});
