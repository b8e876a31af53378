import type { ChildProcess } from 'node:child_process';

/** A data server we run as a child process (Postgres, Meilisearch): where it answers and how to stop it. */
export type ChildServer = {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
};

export type ChildServerOptions = {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
  /** Own process group, so a terminal's Ctrl-C reaches only our runner, which stops servers in order. */
  detached?: boolean;
};

/** Hands each non-blank line the child writes (stdout and stderr) to `onLog`. */
export const forwardLines = (child: ChildProcess, onLog?: (line: string) => void) => {
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) onLog?.(line);
    });
};

/** Sends a signal and waits for the process to exit; SIGINT is Postgres' "fast shutdown". */
export const stopChild = (child: ChildProcess, signal: NodeJS.Signals, graceMs = 15_000) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
