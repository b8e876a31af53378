import type { ChildProcess } from 'node:child_process';

export type Service = {
  name: string;
  /** Starts the service; resolves with its process once it is ready to serve. */
  start: () => Promise<ChildProcess>;
  stop: (child: ChildProcess) => Promise<void>;
};

export type SupervisorOptions = {
  /** One line for the terminal. */
  say: (line: string) => void;
  /** Called with every process that starts (the first and each restart), e.g. to record its pid. */
  onStart?: (child: ChildProcess) => void;
  /** Where its full output goes, named in the line that reports a crash. */
  logFile?: string;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long before it exited starts the backoff again from the first delay. */
  stableMs?: number;
};

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? signal : `exit code ${code}`;

/**
 * Keeps one service running: when its process exits unexpectedly, it says so
 * in one line and starts it again after a delay that doubles with each failure
 * in a row (1 s, 2 s, 4 s … at most 30 s), so a service that cannot start does
 * not spin. `stop` ends the supervision and the process.
 */
export const supervise = (service: Service, options: SupervisorOptions) => {
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  const where = options.logFile ? `; log: ${options.logFile}` : '';
  let current: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let cancelWait: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const launch = async () => {
    const child = await service.start();
    if (stopping) {
      await service.stop(child);
      return child;
    }
    current = child;
    options.onStart?.(child);
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableMs) failures = 0;
      void restart(`${service.name} exited (${describeExit(code, signal)})`);
    });
    return child;
  };

  const restart = async (why: string) => {
    for (;;) {
      const delay = Math.min(firstDelayMs * 2 ** failures, maxDelayMs);
      failures++;
      options.say(`${why}; restarting in ${delay / 1000} s${where}`);
      await pause(delay);
      if (stopping) return;
      try {
        const child = await launch();
        if (!stopping) options.say(`${service.name} restarted (pid ${child.pid})`);
        return;
      } catch (error) {
        why = `${service.name} could not start: ${(error as Error).message.split('\n')[0]}`;
      }
    }
  };

  return {
    /** The first start; rejects when it fails (the runner then stops with the reason). */
    start: launch,
    stop: async () => {
      stopping = true;
      cancelWait?.();
      if (current) await service.stop(current);
    },
  };
};
