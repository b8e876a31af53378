// CPU time a process has used (user + system, every thread), read from /proc, so a benchmark can
// report what each request cost each process: the web process, Meilisearch and the load generator.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc/<pid>/stat's times (100 on every Linux we run on, asked anyway). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Parses /proc/<pid>/stat's text: utime and stime are fields 14 and 15, counted after the command's ')'. */
export const cpuMsFromStat = (stat: string, ticks = ticksPerSecond): number => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error('unexpected /proc/<pid>/stat format');
  return ((utime + stime) * 1000) / ticks;
};

/** The process's CPU milliseconds so far. */
export const cpuMsOf = (pid: number): number =>
  cpuMsFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** This process's own CPU milliseconds (the load generator). */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export type CpuSample = Record<string, number>;

/** CPU used by each named process between `start()` and the returned `stop()`, in ms. */
export const cpuMeter = (pids: Record<string, number>) => {
  const read = (): CpuSample => ({
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOf(pid)])),
    'load generator': ownCpuMs(),
  });
  return () => {
    const before = read();
    return (): CpuSample => {
      const after = read();
      return Object.fromEntries(
        Object.keys(after).map((name) => [name, after[name]! - before[name]!]),
      );
    };
  };
};
