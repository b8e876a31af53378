import { ATTEMPT_LEASE_SECONDS, MESSAGES } from '@rentals/api/idempotency/model';
import { photoMessages } from '@rentals/api/media/photoRules';
import { isNoAnswer, type Outcome } from './load.ts';

/**
 * The bar every scenario is held to: a request may fail only when it
 * overlapped the outage (in flight at the fault, or sent before the stack had
 * recovered), and then only as a refused or cut connection or a 503 with
 * Retry-After. Never a 500 (or any other status), never a 503 without
 * Retry-After, never a request left without an answer past the client's
 * 10 s timeout, never a failure once the stack has recovered. The photo
 * pool's "busy" 503 with Retry-After is load shedding by design, allowed at
 * any time. A retry (same Idempotency-Key) sent within an attempt's lease of
 * the recovery may meet the attempt its earlier try left running in a process
 * the fault killed: a 409 "still being carried out" with Retry-After until that
 * lease ends, or a 409 "already carried out, answer lost" when it had appended.
 * That one is the earlier try's outcome, kept for a day: a retry learns it
 * whenever it comes (the load's retries wait out Retry-After, so on a loaded
 * machine past the lease). A first try may meet either when the proxy sent
 * it on to another web process.
 * The proxy's 502 and 504 (a web process died or stalled mid-request) are no
 * answer, like a cut connection: allowed when they overlap the outage.
 */
export type Failure = { kind: string; allowed: boolean };

export const judge = (o: Outcome, outage: { start: number; end: number }): Failure | null => {
  if (o.status !== null && o.status >= 200 && o.status < 300) return null;
  const overlaps = o.start <= outage.end && o.end >= outage.start;
  const inFlight = o.start <= outage.start && o.end >= outage.start;
  const when = inFlight
    ? 'in flight at the fault'
    : overlaps
      ? 'during the outage'
      : o.end < outage.start
        ? 'before the fault'
        : 'after recovery';
  if (o.status === 503 && o.retryAfter !== null && o.message === photoMessages.busy)
    return { kind: '503 + Retry-After (photo pool busy)', allowed: true };
  if (o.status === 503 && o.retryAfter !== null)
    return { kind: `503 + Retry-After (${when})`, allowed: overlaps };
  if (o.status === 503) return { kind: '503 without Retry-After', allowed: false };
  // A retry that finds its earlier attempt's work done (a 404 after a delete answered 503) says so.
  const retry = o.attempt !== undefined && o.attempt > 1 ? ' (a retry)' : '';
  const inLease = o.start <= outage.end + ATTEMPT_LEASE_SECONDS * 1000;
  if (isNoAnswer(o))
    return {
      kind: `no answer from a web process (proxy ${o.status})${retry} (${when})`,
      allowed: overlaps,
    };
  if (o.status === 409 && o.retryAfter !== null && o.message === MESSAGES.inProgress)
    return {
      kind: `409 + Retry-After, still being carried out${retry} (${when})`,
      allowed: overlaps || inLease,
    };
  if (o.status === 409 && o.message === MESSAGES.answerLost)
    return {
      kind: `409 already carried out, answer lost${retry} (${when})`,
      allowed: overlaps || inLease || retry !== '',
    };
  if (o.status !== null)
    return { kind: `${o.status} ${o.message ?? ''}`.trim().slice(0, 80) + retry, allowed: false };
  if (o.error === 'timeout') return { kind: 'no answer within 10 s', allowed: false };
  const what = o.error === 'refused' ? 'connection refused' : `connection ${o.error}`;
  return { kind: `${what} (${when})`, allowed: overlaps };
};
