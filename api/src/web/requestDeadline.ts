import { WRITE_CANCELLED_MESSAGE } from '@rentals/core/eventStore/writeFence';
import type { WriteAttempt } from '../idempotency/idempotency.ts';
import {
  WRITE_PENDING_MESSAGE,
  WRITE_SAVED_MESSAGE,
  writeAnswer as answer,
} from '../idempotency/model.ts';

/**
 * How long an API request may take before its caller is told to retry: under
 * the proxy's 9 s server timeout and the site's 10 s client timeout, so a
 * client always gets an answer it can act on rather than a cut connection.
 */
export const REQUEST_DEADLINE_MS = 8_000;

export const DEADLINE_MESSAGE =
  'The service is taking too long to answer; please try again in a few seconds';

/** How long the deadline waits to cancel a write before it answers that the write is pending. */
const CANCEL_BUDGET_MS = 500;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Live streams stay open by design. */
const exempt = (pathname: string) => pathname.endsWith('/stream');

/** How often a request still receiving its body is looked at again once past the deadline. */
const RECHECK_MS = 1000;

/**
 * What a request past its deadline is told. Never "please try again" for
 * work that may still commit: a read is 503 (it commits nothing; the GET one-click links of
 * emails, confirm and unsubscribe, change nothing when repeated); a write is
 * first cancelled through its attempt's fence (api/src/idempotency/), and
 * only a write certainly cancelled (nothing appended, nothing ever will be)
 * is 503 with "not saved, try again". A write that took effect is 202 "saved";
 * one whose cancel does not answer in time (the database is unreachable) or
 * that writes tables the fence cannot stop is 202 "still being saved", and its
 * retry with the same Idempotency-Key answers its outcome.
 */
const deadlineAnswer = async (method: string, attempt: WriteAttempt | undefined) => {
  if (READS.has(method)) return answer(503, DEADLINE_MESSAGE);
  if (!attempt?.fenced) return answer(202, WRITE_PENDING_MESSAGE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    attempt.cancel().catch(() => 'unknown' as const),
    new Promise<'unknown'>(
      (resolve) => (timer = setTimeout(() => resolve('unknown'), CANCEL_BUDGET_MS)),
    ),
  ]);
  clearTimeout(timer);
  if (settled === 'cancelled') return answer(503, WRITE_CANCELLED_MESSAGE);
  return answer(202, settled === 'done' ? WRITE_SAVED_MESSAGE : WRITE_PENDING_MESSAGE);
};

/**
 * Answers `deadlineAnswer` when `work` has not answered by the deadline.
 * Why: after a database connection is cut, a query can wait on the dead
 * socket far longer than any statement timeout (the server never sees it); a
 * late answer is no answer for the client. The work itself goes on (a
 * cancelled write fails at its append), and its outcome is logged by `onLate`.
 */
export const withDeadline = async (
  request: { method: string; pathname: string },
  work: Promise<Response>,
  options: {
    receiving: () => boolean;
    /** The write attempt the request runs as, once its handler has started (signed-in writes). */
    attempt?: () => WriteAttempt | undefined;
    /** Told once when the client is answered while the work goes on, then with its outcome. */
    onLate: (outcome: string) => void;
    ms?: number;
  },
): Promise<Response> => {
  const { onLate, ms = REQUEST_DEADLINE_MS } = options;
  if (exempt(request.pathname)) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A body still arriving (a phone sending ten photos on a slow network) is the client's time,
  // not ours: the deadline waits while bytes keep coming, and applies as soon as they stop.
  const late = new Promise<'late'>((resolve) => {
    const check = () => {
      if (options.receiving()) timer = setTimeout(check, RECHECK_MS);
      else resolve('late');
    };
    timer = setTimeout(check, ms);
  });
  const first = await Promise.race([work, late]);
  clearTimeout(timer);
  if (first !== 'late') return first;
  const response = await deadlineAnswer(request.method, options.attempt?.());
  onLate(`answered ${response.status}, still running`);
  work.then(
    (done) => onLate(`answered ${done.status} after the deadline`),
    (error: unknown) => onLate(`failed after the deadline: ${String(error)}`),
  );
  return response;
};
