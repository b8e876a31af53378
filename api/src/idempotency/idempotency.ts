import { randomUUID } from 'node:crypto';
import { Elysia } from 'elysia';
import { AppError } from '@rentals/core/errors';
import {
  WriteCancelledError,
  writeFence,
  type WriteFence,
} from '@rentals/core/eventStore/writeFence';
import type { AppDeps } from '../deps.ts';
import { RetryLaterError } from '../shared/retryLater.ts';
import { fingerprintOf } from './fingerprint.ts';
import {
  ATTEMPT_LEASE_SECONDS,
  ATTEMPT_RENEW_MS,
  IDEMPOTENCY_KEY_HEADER,
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  KEY_TTL_HOURS,
  MESSAGES,
  readIdempotencyKey,
  REPLAYED_HEADER,
  WRITE_PENDING_MESSAGE,
  WRITE_SAVED_MESSAGE,
  writeAnswer,
} from './model.ts';
import { keyStore, type Claim, type Outcome, type Settled } from './store.ts';

/** What a write handler's context must offer (every Elysia route context with a signed-in user does). */
type WriteContext = {
  request: Request;
  user: { id: string };
  body?: unknown;
  set: { status?: number | string; headers: Record<string, unknown> };
};

/** How a request deadline stops a write (web/requestDeadline.ts). */
export type WriteAttempt = {
  /**
   * 'cancelled': nothing was appended and nothing will be; 'done': the work
   * took effect (or does not append at all, see `fenced`).
   */
  cancel: () => Promise<Settled>;
  /** False for a write that changes tables directly: cancelling cannot stop it. */
  fenced: boolean;
};

const attempts = new WeakMap<Request, WriteAttempt>();

/** The write attempt a request runs as, if it is a signed-in write. */
export const attemptOf = (request: Request): WriteAttempt | undefined => attempts.get(request);

/** Keys without a client's key exist only while their attempt may append. */
const OWN_KEY_TTL_SECONDS = 3600;
const SWEEP_EVERY_MS = 10 * 60_000;
/** Response headers a replay repeats. */
const KEPT_HEADERS = ['location', 'etag'];

const outcomeOf = async (
  result: unknown,
  set: WriteContext['set'],
): Promise<Outcome & { response: unknown }> => {
  if (result instanceof Response) {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', ...KEPT_HEADERS]) {
      const value = result.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    return { status: result.status, body: await result.clone().text(), headers, response: result };
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of KEPT_HEADERS) {
    const value = set.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const status = typeof set.status === 'number' ? set.status : 200;
  return { status, body: JSON.stringify(result ?? null), headers, response: result };
};

const replay = ({ status, body, headers }: Outcome) =>
  new Response(body, {
    status,
    headers: { ...headers, [REPLAYED_HEADER]: 'true', 'cache-control': 'no-store' },
  });

const refusal = (claim: Exclude<Claim['kind'], 'claimed' | 'replay'>) => {
  if (claim === 'conflict') return new AppError(422, MESSAGES.conflict);
  if (claim === 'answerLost') return new AppError(409, MESSAGES.answerLost);
  return new RetryLaterError(409, MESSAGES.inProgress, IN_PROGRESS_RETRY_AFTER_SECONDS);
};

/**
 * Makes a signed-in write handler idempotent and cancellable; the one
 * implementation every write route wraps its handler in:
 *
 *   .post('/x', (context) => write(context, async ({ user, body }) => …), { requireUser: true })
 *
 * The request runs as an attempt on a row of idempotency_keys, under the
 * caller's `Idempotency-Key` (or a key of its own): a retry of a finished
 * request answers its first outcome; one still running answers 409 with
 * Retry-After; the same key with another request answers 422. The handler's
 * appends are fenced by the attempt (core/src/eventStore/writeFence.ts), so
 * the request deadline can cancel it for certain (`attemptOf`).
 * `fenced: false` marks a handler that writes tables directly.
 */
export const idempotentWrites = (deps: Pick<AppDeps, 'sql' | 'log'>) => {
  const store = keyStore(deps.sql);
  let sweptAt = Date.now();
  const sweepNowAndThen = () => {
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    store
      .sweep()
      .catch((error: unknown) =>
        deps.log.warn('could not remove expired idempotency keys', { error: String(error) }),
      );
  };

  /**
   * A failed attempt frees its key when it appended nothing. One that appended and then failed
   * (its connection cut after the commit) keeps it: its retries are told the work was done.
   */
  const settleFailure = async (attemptId: string): Promise<Settled> => {
    if ((await store.cancel(attemptId)) === 'cancelled') return 'cancelled';
    await store.complete(attemptId, {
      status: 409,
      body: JSON.stringify({ message: MESSAGES.answerLost }),
      headers: { 'content-type': 'application/json' },
    });
    return 'done';
  };

  /**
   * What a failed handler answers. Before any append was sent, its own error (a 503 "try
   * again" is then true). After one, the failure may hide a commit (the connection cut between
   * COMMIT and its reply): the handler's error is answered only when the attempt is certainly
   * cancelled; one that appended is 202 "saved", and one the database cannot tell about is 202
   * "still being saved", so no write that lands was ever answered as failed.
   */
  const failedAnswer = async (fence: WriteFence, error: unknown): Promise<Response> => {
    const settled = await settleFailure(fence.attemptId).catch((failure: unknown) => {
      deps.log.warn('could not record a failed write attempt', { error: String(failure) });
      settleLater(fence.attemptId);
      return 'unknown' as const;
    });
    if (settled === 'cancelled' || !fence.appendSent) throw error;
    deps.log.warn('a write failed after its append was sent', {
      error: String(error),
      outcome: settled,
    });
    return writeAnswer(202, settled === 'done' ? WRITE_SAVED_MESSAGE : WRITE_PENDING_MESSAGE);
  };

  /**
   * A failed attempt the database could not be told about (it was down) is settled once it
   * answers again, so its key is free (or says "done") for a retry at once rather than when
   * its lease ends. Tried every second for as long as the lease would have held it.
   */
  const settleLater = (attemptId: string) => {
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      settleFailure(attemptId).then(
        () => clearInterval(timer),
        () => tries >= ATTEMPT_LEASE_SECONDS && clearInterval(timer),
      );
    }, 1000);
  };

  /** Renews the attempt's lease while its handler runs (a dead process stops renewing). */
  const keepAlive = (attemptId: string, server: string) => {
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      store
        .renew(attemptId, server)
        .catch(() => undefined)
        .finally(() => (renewing = false));
    }, ATTEMPT_RENEW_MS);
    return () => clearInterval(timer);
  };

  return async <C extends WriteContext, R>(
    context: C,
    handler: (context: C) => R | Promise<R>,
    options: { fenced?: boolean } = {},
  ): Promise<R> => {
    const { request, user, set } = context;
    const clientKey = readIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    const attemptId = randomUUID();
    // Cancelled before its key was even claimed (the database too slow): the handler never runs.
    const progress: { abandoned: boolean; claimed?: Promise<Claim> } = { abandoned: false };
    attempts.set(request, {
      fenced: options.fenced ?? true,
      cancel: async () => {
        if (!progress.claimed) progress.abandoned = true;
        else await progress.claimed.catch(() => {});
        return progress.abandoned ? 'cancelled' : store.cancel(attemptId);
      },
    });
    const fingerprint = await fingerprintOf(request, context.body);
    sweepNowAndThen();
    progress.claimed = store.claim(
      user.id,
      clientKey ?? `~${attemptId}`,
      fingerprint,
      attemptId,
      clientKey ? KEY_TTL_HOURS * 3600 : OWN_KEY_TTL_SECONDS,
    );
    const claim = await progress.claimed;
    // A Response passes through Elysia as it is, whatever the route's declared answer.
    if (claim.kind === 'replay') return replay(claim.outcome) as R;
    if (claim.kind !== 'claimed') throw refusal(claim.kind);
    if (progress.abandoned) {
      await store.cancel(attemptId);
      throw new WriteCancelledError();
    }
    let outcome: Awaited<ReturnType<typeof outcomeOf>>;
    const fence: WriteFence = { attemptId, active: true };
    const stopRenewing = keepAlive(attemptId, claim.server);
    try {
      outcome = await outcomeOf(await writeFence.run(fence, () => handler(context)), set);
    } catch (error) {
      fence.active = false;
      return (await failedAnswer(fence, error)) as R;
    } finally {
      stopRenewing();
    }
    fence.active = false;
    // Recorded before answering, so a retry after this answer finds it. When it cannot be
    // recorded, the work stands (its appends are marked): a retry is told so, never redone.
    await store
      .complete(attemptId, outcome)
      .catch((error: unknown) =>
        deps.log.warn('could not record a write outcome', { error: String(error) }),
      );
    return outcome.response as R;
  };
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The Idempotency-Key header read against its schema at the edge, on every
 * write (public ones too), before access and body checks: a malformed key is
 * 400 whatever the route, and never reaches a log line or the database.
 */
export const idempotencyKeyHeader = new Elysia({ name: 'idempotencyKeyHeader' }).onTransform(
  { as: 'global' },
  ({ request }) => {
    if (WRITES.has(request.method)) readIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
  },
);
