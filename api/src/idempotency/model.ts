import { ValidationError } from '@rentals/core/errors';
import { DATABASE_RETRY_AFTER_SECONDS } from '../shared/errorHandler.ts';

/** The header a client names one user action with; the same value on every retry of it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set on an answer that repeats a first outcome instead of doing the work again. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** A UUID fits; so does any other opaque token of safe characters (no spaces, commas or control characters). */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const KEY_RULE =
  'Idempotency-Key must be 8 to 128 letters, digits or the characters _ . : - (a UUID fits)';

/** How long a key's first outcome is kept (a retry after that does the work again). */
export const KEY_TTL_HOURS = 24;

/**
 * How long a running attempt is believed alive without renewing its lease:
 * past this, its process is taken to have died and a retry may take the key
 * over (the fence makes that safe even if the attempt still runs: it can no
 * longer append). Short, so a retry after a web process died is served within
 * a client's few tries; a live attempt renews it every ATTEMPT_RENEW_MS.
 */
export const ATTEMPT_LEASE_SECONDS = 5;
export const ATTEMPT_RENEW_MS = 1_500;

/** What a retry of a request still being carried out is told to wait (seconds). */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 3;

export const MESSAGES = {
  conflict:
    'This Idempotency-Key was already used for a different request; send a new key for a new action',
  inProgress:
    'This request is still being carried out; send it again with the same Idempotency-Key in a moment to get its outcome',
  answerLost:
    'This request was already carried out, but its answer was lost; reload to see the result',
} as const;

/** The header's key, or undefined when absent; 400 for a malformed one. */
export const readIdempotencyKey = (header: string | null): string | undefined => {
  if (header === null) return undefined;
  if (!KEY_PATTERN.test(header))
    throw new ValidationError([{ path: 'Idempotency-Key', msg: KEY_RULE }]);
  return header;
};

export const keyDoc =
  'Send `Idempotency-Key: <uuid>` (one per user action, the same on its retries): a retry returns the ' +
  `first outcome (header \`${REPLAYED_HEADER}: true\`) instead of doing the work again, for ${KEY_TTL_HOURS} hours; ` +
  'the same key with a different request is 422, and a retry while the first still runs is 409 with Retry-After.';

/** A write that has taken effect although its handler did not answer (the deadline passed, or its connection was cut after the append). */
export const WRITE_SAVED_MESSAGE = 'Your change was saved; it may take a moment to show everywhere';

/** A write that could be neither cancelled nor seen to take effect (the database did not answer). */
export const WRITE_PENDING_MESSAGE =
  'Your change is still being saved and may yet take effect. To learn its outcome, send the same ' +
  'request again with the same Idempotency-Key, or reload in a few seconds';

/** A write's answer that is not its handler's: 202 (saved or pending) or 503 (cancelled). */
export const writeAnswer = (status: 202 | 503, message: string) =>
  Response.json(
    { message },
    {
      status,
      headers: {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
        'cache-control': 'no-store',
      },
    },
  );
