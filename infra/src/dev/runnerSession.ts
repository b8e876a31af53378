import { relative, resolve } from 'node:path';
import { AlreadyRunningError, acquireInstanceLock, recordChildren } from './instanceLock.ts';
import { keeper } from './keepService.ts';
import type { runnerLifecycle } from './runnerLifecycle.ts';
import { loadOrCreateSecrets } from './secrets.ts';
import { serviceLogs } from './serviceLogs.ts';

type Say = (line: string) => void;
type Lifecycle = ReturnType<typeof runnerLifecycle>;

/** Short when the path is under the working directory, absolute otherwise. */
export const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

/**
 * What `npm run dev` and `npm run cluster` hold before any service starts: the
 * one-runner-per-data-directory lock (both would start a Postgres on the same
 * files), the per-service logs, the dev secrets, and the `keep` that starts
 * and supervises a service and records its pid for the next runner's lock check.
 */
export const openRunnerSession = async (options: {
  dataDir: string;
  verbose: boolean;
  lifecycle: Lifecycle;
  say: Say;
}) => {
  const { dataDir, lifecycle } = options;
  const { cleanups, fail, stopping } = lifecycle;
  const pidsFile = resolve(dataDir, 'dev.pids.json');
  try {
    const lock = await acquireInstanceLock(resolve(dataDir, 'dev.lock'), pidsFile, options.say);
    cleanups.push({ name: 'lock', stop: lock.release });
  } catch (error) {
    if (error instanceof AlreadyRunningError) return fail(error.message, 2);
    throw error;
  }
  const logs = serviceLogs(dataDir, options.verbose);
  cleanups.push({ name: 'logs', stop: logs.close });
  const logFile = (name: string) => shown(logs.file(name));
  const secrets = await loadOrCreateSecrets(resolve(dataDir, 'secrets.json'));
  const pids: Record<string, number> = {};
  const keep = keeper({
    logs,
    logFile,
    onStart: (name, pid) => {
      pids[name] = pid;
      void recordChildren(pidsFile, pids);
    },
    cleanups,
    stopping,
  });
  return { logs, logFile, secrets, keep };
};

export type RunnerSession = Awaited<ReturnType<typeof openRunnerSession>>;
