import { isPortFree } from '../services/ports.ts';

type Say = (line: string) => void;

/** A reason to stop a runner, with the exit code it stops with (2: the user's settings). */
class RunnerStop extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * The start and end of a runner (`npm run dev`, `npm run cluster`): what to
 * stop on the way out (newest first), one shutdown on SIGINT/SIGTERM or
 * failure, and the port checks before anything listens. `say` is read at each
 * use because a runner relabels its lines once its logs are set up.
 *
 * Whatever ends the start-up (a step that throws, `fail`, an error no one
 * caught) goes through `abort`: one `error:` line, then every service started
 * so far is stopped and awaited before the process exits, so a failed start
 * leaves nothing running.
 */
export const runnerLifecycle = (command: string, say: () => Say) => {
  const cleanups: { name: string; stop: () => Promise<unknown> }[] = [];
  let shuttingDown = false;

  /** A line that cannot stop the shutdown: the terminal may be gone (EPIPE, EIO). */
  const tell = (line: string) => {
    try {
      say()(line);
    } catch {
      // stop the services anyway
    }
  };
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    tell('stopping…');
    for (const { name, stop } of cleanups.reverse()) {
      await stop().catch((e: Error) => tell(`could not stop ${name} cleanly: ${e.message}`));
    }
    tell('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  /** Ends the run with the error's reason: one line, then everything started is stopped. */
  const abort = (error: unknown) => {
    if (shuttingDown) return;
    const message = error instanceof Error ? error.message : String(error);
    tell(`error: ${message}`);
    void shutdown(error instanceof RunnerStop ? error.exitCode : 1);
  };
  // Bun exits at once on an unhandled error; stop the services first.
  process.on('uncaughtException', abort);
  process.on('unhandledRejection', abort);

  /** Stops the start-up here; the runner's `run` turns it into `abort`. */
  const fail = (message: string, code = 1): never => {
    throw new RunnerStop(message, code);
  };

  const portCheck = async (port: number, variable: string, what: string) => {
    if (!(await isPortFree(port)))
      fail(
        `port ${port} (${what}) is already in use; set ${variable} to a free port, e.g. ${variable}=${port + 1} ${command}`,
        2,
      );
  };

  /** Runs the start-up; any failure ends in `abort`. */
  const run = (main: () => Promise<unknown>) => void main().catch(abort);

  return { cleanups, fail, portCheck, run, stopping: () => shuttingDown };
};
