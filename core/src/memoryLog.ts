import { heapStats, totalCompileTime } from 'bun:jsc';
import type { Logger } from './logger.ts';

const MB = 1024 * 1024;

/**
 * What the process holds, in whole megabytes: resident, the JavaScript heap
 * (used and reserved), and memory outside it.
 */
export const memoryFigures = (usage: NodeJS.MemoryUsage = process.memoryUsage()) => ({
  rssMb: Math.round(usage.rss / MB),
  heapUsedMb: Math.round(usage.heapUsed / MB),
  heapTotalMb: Math.round(usage.heapTotal / MB),
  externalMb: Math.round(usage.external / MB),
  arrayBuffersMb: Math.round(usage.arrayBuffers / MB),
});

type Counter = { current: number };
/** The part of mimalloc's statistics (`heapStats().mimalloc`) read here. */
export type AllocatorStats = {
  malloc_normal: Counter;
  malloc_huge: Counter;
  pages_abandoned: Counter;
  threads: Counter;
};

/**
 * Bun's allocator (mimalloc): its live bytes, its threads and abandoned
 * pages. Resident memory that grows with `mallocLiveMb` after a full
 * collection is memory kept alive (a leak); resident memory that grows
 * while it stays flat is memory the allocator keeps after it was freed.
 * (Its `committed` counter is left out: pages it returns to the system
 * stay counted there, so it reached gigabytes in a process of 130 MB.)
 */
export const allocatorFigures = (stats: AllocatorStats) => ({
  mallocLiveMb: Math.round((stats.malloc_normal.current + stats.malloc_huge.current) / MB),
  mallocThreads: stats.threads.current,
  mallocAbandonedPages: stats.pages_abandoned.current,
});

/** The `count` most numerous kinds of JavaScript object, most first. */
export const topObjectTypes = (counts: Record<string, number>, count = 12) =>
  Object.fromEntries(
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .slice(0, count),
  );

/**
 * The time spent compiling JavaScript so far, when JavaScriptCore records it
 * (BUN_JSC_reportTotalCompileTimes=1; otherwise it reports 0 and the field is
 * left out). Read at two censuses under steady load, a total that keeps
 * rising means hot code is being thrown away and compiled again, which makes
 * an ageing process slower per request (docs/PERFORMANCE.md).
 */
export const jitFigures = (compileMs: number) =>
  compileMs > 0 ? { jitCompileMs: Math.round(compileMs) } : {};

/**
 * A census of what the process keeps: a full garbage collection first (so
 * what is counted is alive, not garbage not yet collected), then the
 * figures, the allocator's live bytes and the most numerous objects. It
 * stops the process for tens of milliseconds, so it runs on request
 * (SIGUSR2), never on a timer. `held`: what the process's own caches hold
 * (counts, sizes), so that growth can be set against them.
 */
export const logMemoryDetail = (log: Logger, held?: () => Record<string, number>) => {
  const before = memoryFigures();
  Bun.gc(true);
  const stats = heapStats();
  const allocator = (stats as { mimalloc?: AllocatorStats }).mimalloc;
  log.info('memory detail', {
    rssBeforeGcMb: before.rssMb,
    ...memoryFigures(),
    ...(allocator && allocatorFigures(allocator)),
    objects: stats.objectCount,
    objectTypes: topObjectTypes(stats.objectTypeCounts),
    ...jitFigures(totalCompileTime()),
    ...(held && { held: held() }),
  });
};

/**
 * One `memory` log line a minute, and a `memory detail` line on SIGUSR2
 * (`kill -USR2 <pid>`). A process whose resident size grows over days shows
 * whether the growth is JavaScript objects (the heap) or native memory, and
 * the detail whether native memory is live or only kept by the allocator:
 * the first questions of any memory investigation, answerable from the logs.
 */
export const startMemoryLog = (
  log: Logger,
  options: { everyMs?: number; held?: () => Record<string, number> } = {},
) => {
  const timer = setInterval(() => log.info('memory', memoryFigures()), options.everyMs ?? 60_000);
  timer.unref();
  const detail = () => logMemoryDetail(log, options.held);
  process.on('SIGUSR2', detail);
  return {
    stop: () => {
      clearInterval(timer);
      process.off('SIGUSR2', detail);
    },
  };
};
