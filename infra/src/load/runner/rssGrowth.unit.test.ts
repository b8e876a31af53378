import { describe, expect, it } from 'vitest';
import type { MemorySample } from './processMemory.ts';
import { rssGrowth } from './rssGrowth.ts';

const started = 1_000_000;

/** One sample every 10 s from the start, with the given MB. */
const series = (mbs: number[], pid = 7): MemorySample[] =>
  mbs.map((mb, i) => ({ at: started + i * 10_000, name: 'web', pid, mb }));

/** Ten minutes: 61 samples, the last at the end. */
const tenMinutes = (mbAt: (i: number) => number) =>
  series(Array.from({ length: 61 }, (_, i) => mbAt(i)));
const ended = started + 600_000;

describe('rssGrowth', () => {
  it('reads a level, so one sample caught in a spike at the end is not growth', () => {
    const samples = tenMinutes((i) => (i === 60 ? 240 : i % 3 === 0 ? 215 : 200));
    const g = rssGrowth(samples, started, ended)!;
    expect(g).toMatchObject({ warm: 200, end: 200, growth: 0, restarted: false });
  });

  it('shows a rising level as growth', () => {
    const samples = tenMinutes((i) => 200 + i);
    const g = rssGrowth(samples, started, ended)!;
    // Minute 2 holds samples 6–11 (median 208), the last minute samples 54–60 (median 257).
    expect(g.warm).toBe(208);
    expect(g.end).toBe(257);
    expect(g.growth).toBeCloseTo(49 / 208);
  });

  it('flags a restart (a new pid) and compares first and last samples in a run too short for two minutes', () => {
    const samples = [
      ...series([100, 110]),
      ...series([90], 8).map((s) => ({ ...s, at: s.at + 20_000 })),
    ];
    const g = rssGrowth(samples, started, started + 30_000)!;
    expect(g).toMatchObject({ warm: 100, end: 90, restarted: true });
    expect(rssGrowth([], started, ended)).toBeUndefined();
  });
});
