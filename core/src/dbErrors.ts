/** Errors of the connection itself (postgres.js and Node socket codes). */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes that say the database cannot work right now, whatever the
 * event: connection exceptions (08), insufficient resources (53), operator
 * intervention such as a shutdown (57P01–57P03), serialization failures and
 * deadlocks (40001, 40P01).
 */
const OUTAGE_SQLSTATE = /^(08|53|57P0[1-3]|40001$|40P01$)/;

/**
 * An outage rather than an event the projection cannot apply: the runner
 * waits it out instead of parking a stream for it, and the web process
 * answers 503 with Retry-After instead of 500.
 */
export const isTransient = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (CONNECTION_CODES.has(code) || OUTAGE_SQLSTATE.test(code));
};

/** The statement ran out of time (statement_timeout): the database is too slow to answer now. */
export const isTimedOut = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '57014';
