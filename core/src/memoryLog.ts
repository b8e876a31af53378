import type { Logger } from './logger.ts';

const MB = 1024 * 1024;

/** What the process holds, in whole megabytes: resident, the JavaScript heap (used and reserved), and memory outside it. */
export const memoryFigures = (usage: NodeJS.MemoryUsage = process.memoryUsage()) => ({
  rssMb: Math.round(usage.rss / MB),
  heapUsedMb: Math.round(usage.heapUsed / MB),
  heapTotalMb: Math.round(usage.heapTotal / MB),
  externalMb: Math.round(usage.external / MB),
  arrayBuffersMb: Math.round(usage.arrayBuffers / MB),
});

/**
 * One `memory` log line a minute. A process whose resident size grows over
 * days shows whether the growth is JavaScript objects (the heap) or native
 * memory (resident minus heap: the allocator, photo decoding): the first
 * question of any memory investigation, answerable from the logs alone.
 */
export const startMemoryLog = (log: Logger, everyMs = 60_000) => {
  const timer = setInterval(() => log.info('memory', memoryFigures()), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
