import { describe, expect, it } from 'vitest';
import {
  allocatorFigures,
  jitFigures,
  logMemoryDetail,
  memoryFigures,
  startMemoryLog,
  topObjectTypes,
} from './memoryLog.ts';

const MB = 1024 * 1024;

const collectingLog = () => {
  const lines: [string, Record<string, unknown> | undefined][] = [];
  const log = {
    info: (m: string, f?: Record<string, unknown>) => lines.push([m, f]),
    warn: () => {},
    error: () => {},
  };
  return { lines, log };
};

describe('the memory log', () => {
  it('reports each figure in whole megabytes', () => {
    expect(
      memoryFigures({
        rss: 200 * MB + 1,
        heapUsed: 40.6 * MB,
        heapTotal: 64 * MB,
        external: 3 * MB,
        arrayBuffers: 0.4 * MB,
      }),
    ).toEqual({ rssMb: 200, heapUsedMb: 41, heapTotalMb: 64, externalMb: 3, arrayBuffersMb: 0 });
  });

  it("reports the allocator's live bytes, threads and abandoned pages", () => {
    expect(
      allocatorFigures({
        malloc_normal: { current: 20 * MB },
        malloc_huge: { current: 9.6 * MB },
        pages_abandoned: { current: 35 },
        threads: { current: 9 },
      }),
    ).toEqual({
      mallocLiveMb: 30,
      mallocThreads: 9,
      mallocAbandonedPages: 35,
    });
  });

  it('reports the time spent compiling JavaScript only when JavaScriptCore records it', () => {
    expect(jitFigures(1234.6)).toEqual({ jitCompileMs: 1235 });
    // Without BUN_JSC_reportTotalCompileTimes=1 JavaScriptCore reports 0: no field, not a false zero.
    expect(jitFigures(0)).toEqual({});
  });

  it('lists the most numerous kinds of object first', () => {
    expect(topObjectTypes({ Function: 5, string: 9, Array: 1, Promise: 7 }, 3)).toEqual({
      string: 9,
      Promise: 7,
      Function: 5,
    });
    expect(Object.keys(topObjectTypes({ Function: 5, string: 9, Array: 1 }, 3))).toEqual([
      'string',
      'Function',
      'Array',
    ]);
  });

  it("logs this process's figures on each tick until stopped", async () => {
    const { lines, log } = collectingLog();
    const memory = startMemoryLog(log, { everyMs: 5 });
    while (lines.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    memory.stop();
    const seen = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(lines.length).toBe(seen);
    expect(lines[0]![0]).toBe('memory');
    expect(lines[0]![1]!.rssMb).toBeGreaterThan(lines[0]![1]!.heapUsedMb as number);
  });

  it('makes a census of the heap and the allocator after a full collection', () => {
    const { lines, log } = collectingLog();
    logMemoryDetail(log);
    const [message, fields] = lines[0]!;
    expect(message).toBe('memory detail');
    expect(fields!.rssBeforeGcMb).toBeGreaterThan(0);
    expect(fields!.mallocLiveMb).toBeGreaterThan(0);
    expect(fields!.mallocThreads).toBeGreaterThan(0);
    expect(fields!.objects).toBeGreaterThan(1000);
    const types = fields!.objectTypes as Record<string, number>;
    expect(Object.keys(types)).toHaveLength(12);
    expect(types.Function).toBeGreaterThan(0);
    expect(fields!.held).toBeUndefined();
    expect(fields!.jitCompileMs).toBeUndefined();
  });

  it("adds what the process's caches hold, as they report it at the census", () => {
    const { lines, log } = collectingLog();
    let cached = 0;
    const held = () => ({ documentsCached: ++cached });
    logMemoryDetail(log, held);
    logMemoryDetail(log, held);
    expect(lines.map(([, fields]) => fields!.held)).toEqual([
      { documentsCached: 1 },
      { documentsCached: 2 },
    ]);
  });
});
