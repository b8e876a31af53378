import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The processes whose memory a soak watches: the dev runner's (names as it
 * records them) and the web process's photo worker (api/src/media/photoWorker.ts),
 * found as the web process's children.
 */
export const WATCHED = ['web', 'projections', 'photo worker'] as const;

/**
 * Processes replaced by design, whose pid changes without a crash: the photo
 * worker starts a fresh process every 1,000 jobs and exits when idle.
 */
export const REPLACED_BY_DESIGN: ReadonlySet<string> = new Set(['photo worker']);

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

/** The pids of a process's children, from every thread's /proc children list (Linux). */
const childPids = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter((p) => p.trim() !== '')
        .map(Number),
    );
  } catch {
    return [];
  }
};

export type MemorySample = { at: number; name: string; pid: number; mb: number };

/**
 * One sample of each watched process that is running. The photo worker's is the
 * sum over the web process's children: while one worker hands over to the
 * next, both hold memory.
 */
export const sampleMemory = (dataDir: string): MemorySample[] => {
  const pids = runnerPids(dataDir) ?? {};
  const at = Date.now();
  const web = pids.web;
  const workers = web === undefined ? [] : childPids(web);
  const workerMbs = workers.map(rssMb).filter((mb): mb is number => mb !== undefined);
  return WATCHED.flatMap((name): MemorySample[] => {
    if (name === 'photo worker')
      return workerMbs.length === 0
        ? []
        : [{ at, name, pid: workers[0]!, mb: workerMbs.reduce((a, b) => a + b, 0) }];
    const pid = pids[name];
    const mb = pid === undefined ? undefined : rssMb(pid);
    return pid === undefined || mb === undefined ? [] : [{ at, name, pid, mb }];
  });
};
