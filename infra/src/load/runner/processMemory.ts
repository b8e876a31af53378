import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The processes whose memory a soak watches (names as the dev runner records them). */
export const WATCHED = ['web', 'projections'] as const;

/**
 * The pids the dev runner (and the cluster runner) records in
 * DATA_DIR/dev.pids.json, by service name; re-read at every sample, since the
 * supervisor restarts a process that dies under a new pid.
 */
export const runnerPids = (dataDir: string): Record<string, number> | undefined => {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'dev.pids.json'), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return undefined;
  }
};

/** Resident set size in MB from /proc (Linux), undefined when the process is gone. */
export const rssMb = (pid: number): number | undefined => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
};

export type MemorySample = { at: number; name: string; pid: number; mb: number };

/** One sample of each watched process that is running. */
export const sampleMemory = (dataDir: string): MemorySample[] => {
  const pids = runnerPids(dataDir) ?? {};
  return WATCHED.flatMap((name) => {
    const pid = pids[name];
    const mb = pid === undefined ? undefined : rssMb(pid);
    return pid === undefined || mb === undefined ? [] : [{ at: Date.now(), name, pid, mb }];
  });
};
