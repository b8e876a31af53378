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
  /** How many times the first start is tried before it counts as failed (default 5). */
  startAttempts?: number;
};

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? signal : `exit code ${code}`;

/** The options with their defaults, and where the log is (for the restart lines). */
const settingsOf = (options: SupervisorOptions) => ({
  firstDelayMs: options.firstDelayMs ?? 1000,
  maxDelayMs: options.maxDelayMs ?? 30_000,
  stableMs: options.stableMs ?? 60_000,
  startAttempts: options.startAttempts ?? 5,
  where: options.logFile ? `; log: ${options.logFile}` : '',
});

/** A wait of `ms` that `stop` can cut short: it is handed the way to end it early. */
const pauseFor = (ms: number, onCancel: (cancel: () => void) => void) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    onCancel(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps one service running: when its process exits unexpectedly, it says so
 * in one line and starts it again after a delay that doubles with each failure
 * in a row (1 s, 2 s, 4 s … at most 30 s), so a service that cannot start does
 * not spin. The first start is retried the same way (a process killed during
 * start-up is no reason to stop the runner), but only `startAttempts` times,
 * so a service that can never start ends the start-up with its reason. `stop`
 * ends the supervision and the process, one still starting included.
 */
export const supervise = (service: Service, options: SupervisorOptions) => {
  const { firstDelayMs, maxDelayMs, stableMs, startAttempts, where } = settingsOf(options);
  let current: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let cancelWait: (() => void) | undefined;
  // The start under way, so that `stop` also stops a process that is still starting.
  let launching: Promise<unknown> = Promise.resolve();

  const pause = (ms: number) => pauseFor(ms, (cancel) => (cancelWait = cancel));

  const launchOnce = async () => {
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
      void keepTrying(`${service.name} exited (${describeExit(code, signal)})`).catch(() => {});
    });
    return child;
  };
  const launch = () => {
    const started = launchOnce();
    launching = started.catch(() => undefined);
    return started;
  };

  /** Waits (with backoff) and starts again until a start succeeds, or `attempts` have failed. */
  const keepTrying = async (why: string, attempts = Infinity) => {
    for (let attempt = 1; ; attempt++) {
      if (stopping) throw new Error(`${service.name}: stopped while starting`);
      const delay = Math.min(firstDelayMs * 2 ** failures, maxDelayMs);
      failures++;
      options.say(`${why}; restarting in ${delay / 1000} s${where}`);
      await pause(delay);
      if (stopping) throw new Error(`${service.name}: stopped while starting`);
      try {
        const child = await launch();
        if (!stopping) options.say(`${service.name} restarted (pid ${child.pid})`);
        return child;
      } catch (error) {
        if (attempt >= attempts) throw error;
        why = `${service.name} could not start: ${(error as Error).message.split('\n')[0]}`;
      }
    }
  };

  return {
    /** The first start, retried; rejects when every attempt failed (the runner then stops with the reason). */
    start: async () => {
      try {
        return await launch();
      } catch (error) {
        if (stopping || startAttempts <= 1) throw error;
        const why = `${service.name} could not start: ${(error as Error).message.split('\n')[0]}`;
        return keepTrying(why, startAttempts - 1);
      }
    },
    stop: async () => {
      stopping = true;
      cancelWait?.();
      await launching;
      if (current) await service.stop(current);
    },
  };
};
