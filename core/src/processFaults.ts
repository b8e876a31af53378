import { isTransient } from './dbErrors.ts';
import type { Logger } from './logger.ts';

/** The first frame of a stack, where the error was thrown. */
const thrownAt = (error: unknown) =>
  error instanceof Error
    ? (error.stack ?? '').split('\n').find((l) => /^\s+at /.test(l))
    : undefined;

/**
 * Whether the process may go on after an error nothing caught: a database
 * outage (a query nobody awaited failed because the connection went away),
 * or an error thrown inside the database client's own code (postgres.js), as
 * its socket and timer callbacks run outside any promise of ours. Either way
 * no state of ours was half changed: the query has failed, the client opens a
 * new connection for the next one, and health and readiness say what requests
 * meet meanwhile. Anything else may have left our own state half done.
 */
const survivable = (error: unknown): boolean =>
  isTransient(error) || /[\\/]node_modules[\\/]postgres[\\/]/.test(thrownAt(error) ?? '');

/**
 * Process-wide handlers for errors nothing caught (uncaughtException,
 * unhandledRejection). A survivable one is logged and the process goes on;
 * any other is logged and the process exits with 1, for its supervisor to
 * start it again (what the runtime would have done, with our log line).
 */
export const handleProcessFaults = (log: Logger) => {
  const onFault = (kind: string) => (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    if (survivable(error)) {
      log.error(`${kind} from the database client; continuing (it reconnects)`, { error: detail });
      return;
    }
    log.error(`${kind}; exiting`, { error: detail });
    process.exit(1);
  };
  process.on('uncaughtException', onFault('uncaught exception'));
  process.on('unhandledRejection', onFault('unhandled rejection'));
};
