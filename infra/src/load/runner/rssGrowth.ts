import { percentile } from '../../bench/support/stats.ts';
import type { MemorySample } from './processMemory.ts';

const MINUTE = 60_000;

/** A process's RSS level over a window: the median of its samples there (undefined without one). */
const levelOf = (samples: readonly MemorySample[], from: number, to: number) => {
  const within = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mb);
  return within.length === 0 ? undefined : percentile(within, 50);
};

type RssGrowth = {
  /** The level in the second minute (warm: JIT, caches and pools filled in the first). */
  warm: number;
  /** The level in the last minute of the run. */
  end: number;
  growth: number;
  restarted: boolean;
};

/**
 * How much one process's resident memory grew over a soak, from its level in
 * the second minute to its level in the last minute, each the median of the
 * samples (every 10 s) in that minute. A level rather than one sample at each
 * end: under load RSS swings by tens of MB for a moment (a photo's pixels
 * decoded, a burst of responses buffered), and one sample caught in such a
 * moment read as growth (docs/PERFORMANCE.md). A leak raises the level.
 * Runs too short for two distinct minutes compare their first and last samples.
 */
export const rssGrowth = (
  samples: readonly MemorySample[],
  started: number,
  ended: number,
): RssGrowth | undefined => {
  if (samples.length === 0) return undefined;
  const restarted = new Set(samples.map((s) => s.pid)).size > 1;
  const lastFrom = Math.max(started + 2 * MINUTE, ended - MINUTE);
  const warm = levelOf(samples, started + MINUTE, started + 2 * MINUTE);
  const end = levelOf(samples, lastFrom, Infinity);
  const [first, last] = [samples[0]!.mb, samples.at(-1)!.mb];
  const [from, to] = warm !== undefined && end !== undefined ? [warm, end] : [first, last];
  return { warm: from, end: to, growth: (to - from) / from, restarted };
};
