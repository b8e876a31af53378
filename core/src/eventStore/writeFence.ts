import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors.ts';

/**
 * The write attempt a request's appends belong to (api/src/idempotency/). Set
 * around a write's handler; every append made inside it goes through
 * `append_events_fenced` (migration 0199), which refuses to append once the
 * attempt was cancelled (by the request deadline, or by a retry taking over
 * the attempt of a process that died) and records in the append's own
 * transaction that the attempt appended. An AsyncLocalStorage, so the fence
 * reaches every append of the request without being passed through each
 * feature's service.
 */
export const writeFence = new AsyncLocalStorage<WriteFence>();

/**
 * `active` is cleared once the handler has settled: a timer or listener the request happened
 * to start keeps this context, and must not append as a long-finished attempt.
 */
export type WriteFence = {
  attemptId: string;
  active: boolean;
  /** Set once an append has been sent: from then on a failure may hide a commit. */
  appendSent?: boolean;
};

/** SQLSTATE raised by append_events_fenced for a cancelled attempt. */
export const CANCELLED_ATTEMPT_SQLSTATE = 'RIK01';

export const WRITE_CANCELLED_MESSAGE =
  'This change was not saved because the service took too long; please try again';

/** The attempt was cancelled before its append: nothing was written. */
export class WriteCancelledError extends AppError {
  constructor() {
    super(503, WRITE_CANCELLED_MESSAGE);
  }
}
