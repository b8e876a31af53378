import { Elysia } from 'elysia';
import { BodyTooLargeError } from './bodyLimit.ts';
import { AppError, ValidationError, type FieldError } from '@rentals/core/errors';
import { RetryLaterError } from './retryLater.ts';
import { WriteCancelledError } from '@rentals/core/eventStore/writeFence';
import type { Logger } from '@rentals/core/logger';
import { isTimedOut, isTransient } from '@rentals/core/dbErrors';
import { requestIdOf } from '../web/requestId.ts';

/** The whole answer to a failure on our side: the detail goes to the log, never to the client. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export const MALFORMED_QUERY_MESSAGE =
  'The query string is not valid percent-encoding (e.g. a lone % or a cut-off UTF-8 sequence)';

const decodes = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * A path or query that is not valid percent-encoding never reaches a route,
 * which would see it half-decoded (or as null): the path is a 404 like any
 * unknown address, the query a 400.
 */
export const malformedUrl = (url: string): { status: 400 | 404; message: string } | undefined => {
  const withoutHash = url.split('#', 1)[0] ?? '';
  const query = withoutHash.indexOf('?');
  const path = new URL(url).pathname;
  if (!decodes(path)) return { status: 404, message: 'Not found' };
  if (query >= 0 && !decodes(withoutHash.slice(query + 1)))
    return { status: 400, message: MALFORMED_QUERY_MESSAGE };
  return undefined;
};

/** What a client is told while the database cannot answer (it is down, restarting, or too slow). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable; please try again in a few seconds';
/**
 * What the proxy says when a web process stopped, or took too long, before answering (502, 504):
 * a write may have been made, so a retry carries the same Idempotency-Key and is never made twice.
 */
export const NO_ANSWER_MESSAGE =
  'The server stopped before answering; please try again in a few seconds (a change is never made twice)';
/** Long enough for a restart or failover to finish, short enough that nobody gives up. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type SchemaIssue = { path?: string; message?: string; schema?: { error?: unknown } };

/** '/location/pinCode' → 'location.pinCode', the paths the forms map to fields. */
const toFieldPath = (pointer: string | undefined) =>
  (pointer ?? '').replace(/^\//, '').replaceAll('/', '.');

const issuesOf = (error: unknown): FieldError[] => {
  const all = (error as { all?: SchemaIssue[] }).all ?? [];
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const issue of all) {
    const path = toFieldPath(issue.path);
    const custom = issue.schema?.error;
    const msg = typeof custom === 'string' ? custom : (issue.message ?? 'Invalid value');
    const key = `${path}\u0000${msg}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ path, msg });
  }
  return fields;
};

/**
 * One place that turns every error into the wire contract: `{message}`, or
 * `{message: 'Validation failed', errors: [{path, msg}]}` for bad input.
 * Failures on our side (unknown errors, a response that breaks its own
 * schema, a 500 raised on purpose) are logged with their detail and answered
 * `{message: 'Internal server error'}` alone; a database that cannot answer
 * is a 503 with Retry-After.
 */
export type ErrorBody = { message: string; errors?: FieldError[] };
/** Puts an error body into the request's language (api/src/i18n/apiErrors.ts); English as is. */
export type Localise = (body: ErrorBody, request: Request) => ErrorBody;

export const errorHandler = (log: Logger, localise: Localise = (body) => body) => {
  const internal = (request: Request, error: unknown) => {
    log.error('unhandled error', {
      requestId: requestIdOf(request),
      method: request.method,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error),
    });
    return { message: INTERNAL_ERROR_MESSAGE };
  };
  // The answer for one failure; its status and headers go on `set`.
  const answer = (
    code: string | number,
    error: unknown,
    set: { status?: number | string; headers: Record<string, string | number> },
    request: Request,
  ): ErrorBody => {
    if (error instanceof ValidationError) {
      set.status = 400;
      return { message: error.message, errors: error.errors };
    }
    if (error instanceof AppError) {
      set.status = error.status;
      if (error instanceof RetryLaterError)
        set.headers['retry-after'] = String(error.retryAfterSeconds);
      // Cancelled before its append: nothing was written, so a retry is safe.
      if (error instanceof WriteCancelledError)
        set.headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
      return error.status === 500 ? internal(request, error) : { message: error.message };
    }
    if (isTransient(error) || isTimedOut(error)) {
      // An outage, not a bug: nothing was acknowledged, so the client may safely retry.
      log.warn('database unavailable', {
        requestId: requestIdOf(request),
        method: request.method,
        path: new URL(request.url).pathname,
        error: (error as Error).message,
      });
      set.status = 503;
      set.headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
      return { message: DATABASE_UNAVAILABLE_MESSAGE };
    }
    switch (code) {
      case 'VALIDATION':
        // A response that fails its own schema is our bug, not the caller's.
        if ((error as { type?: string }).type === 'response') {
          set.status = 500;
          return internal(request, error);
        }
        set.status = 400;
        return { message: 'Validation failed', errors: issuesOf(error) };
      case 'PARSE': {
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof BodyTooLargeError) {
          set.status = 413;
          return { message: cause.message };
        }
        set.status = 400;
        return {
          message: 'The request body could not be parsed; send valid JSON or multipart form data',
        };
      }
      case 'NOT_FOUND':
        set.status = 404;
        return { message: 'Not found' };
      default: {
        const status = (error as { status?: number }).status;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          set.status = status;
          return { message: (error as Error).message || 'Bad request' };
        }
        set.status = 500;
        return internal(request, error);
      }
    }
  };
  return new Elysia({ name: 'errorHandler' })
    .error({ AppError })
    .onRequest(({ request, set }) => {
      const malformed = malformedUrl(request.url);
      if (!malformed) return undefined;
      set.status = malformed.status;
      return { message: malformed.message };
    })
    .onError({ as: 'global' }, ({ code, error, set, request }) =>
      localise(answer(code, error, set, request), request),
    );
};
