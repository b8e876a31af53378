import { isPortFree } from '../services/ports.ts';

type Say = (line: string) => void;

/**
 * The start and end of a runner (`npm run dev`, `npm run cluster`): what to
 * stop on the way out (newest first), one shutdown on SIGINT/SIGTERM or
 * failure, and the port checks before anything listens. `say` is read at each
 * use because a runner relabels its lines once its logs are set up.
 */
export const runnerLifecycle = (command: string, say: () => Say) => {
  const cleanups: { name: string; stop: () => Promise<unknown> }[] = [];
  let shuttingDown = false;

  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say()('stopping…');
    for (const { name, stop } of cleanups.reverse()) {
      await stop().catch((e: Error) => say()(`could not stop ${name} cleanly: ${e.message}`));
    }
    say()('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const fail = (message: string, code = 1): never => {
    say()(`error: ${message}`);
    void shutdown(code);
    // shutdown() exits; this keeps the type checker and readers honest.
    throw new Error(message);
  };

  const portCheck = async (port: number, variable: string, what: string) => {
    if (!(await isPortFree(port)))
      fail(
        `port ${port} (${what}) is already in use; set ${variable} to a free port, e.g. ${variable}=${port + 1} ${command}`,
        2,
      );
  };

  return { cleanups, fail, portCheck, stopping: () => shuttingDown };
};
