import { describe, expect, it } from 'vitest';
import { cpuMeter, cpuMsFromStat } from './processCpu.ts';

describe('processCpu', () => {
  it('reads utime and stime after the command name, which may hold spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const stat = '4242 (bun (web) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 9 0';
    expect(cpuMsFromStat(stat, 100)).toBe(3000);
  });

  it('measures CPU this process spends between start and stop', () => {
    const stop = cpuMeter({ self: process.pid })();
    let x = 0;
    const until = Date.now() + 120;
    while (Date.now() < until) x += Math.sqrt(x + 1);
    const used = stop();
    expect(x).toBeGreaterThan(0);
    expect(used['load generator']).toBeGreaterThan(50);
    expect(used.self).toBeGreaterThanOrEqual(0);
  });
});
