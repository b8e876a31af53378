import { describe, expect, it } from 'vitest';
import { memoryFigures, startMemoryLog } from './memoryLog.ts';

describe('the memory log', () => {
  it('reports each figure in whole megabytes', () => {
    const MB = 1024 * 1024;
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

  it("logs this process's figures on each tick until stopped", async () => {
    const lines: [string, Record<string, unknown> | undefined][] = [];
    const log = {
      info: (m: string, f?: Record<string, unknown>) => lines.push([m, f]),
      warn: () => {},
      error: () => {},
    };
    const memory = startMemoryLog(log, 5);
    while (lines.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    memory.stop();
    const seen = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(lines.length).toBe(seen);
    expect(lines[0]![0]).toBe('memory');
    expect(lines[0]![1]!.rssMb).toBeGreaterThan(lines[0]![1]!.heapUsedMb as number);
  });
});
