import { Elysia } from 'elysia';
import { AppError, RetryLaterError, ValidationError, type FieldError } from './errors.ts';
import type { Logger } from './logger.ts';

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
 * Unknown errors are logged with the request and answered without details.
 */
export const errorHandler = (log: Logger) =>
  new Elysia({ name: 'errorHandler' })
    .error({ AppError })
    .onError({ as: 'global' }, ({ code, error, set, request }) => {
      if (error instanceof ValidationError) {
        set.status = 400;
        return { message: error.message, errors: error.errors };
      }
      if (error instanceof AppError) {
        set.status = error.status;
        if (error instanceof RetryLaterError)
          set.headers['retry-after'] = String(error.retryAfterSeconds);
        return { message: error.message };
      }
      switch (code) {
        case 'VALIDATION':
          set.status = 400;
          return { message: 'Validation failed', errors: issuesOf(error) };
        case 'PARSE':
          set.status = 400;
          return {
            message: 'The request body could not be parsed; send valid JSON or multipart form data',
          };
        case 'NOT_FOUND':
          set.status = 404;
          return { message: 'Not found' };
        default: {
          const status = (error as { status?: number }).status;
          if (typeof status === 'number' && status >= 400 && status < 500) {
            set.status = status;
            return { message: (error as Error).message || 'Bad request' };
          }
          log.error('unhandled error', {
            method: request.method,
            path: new URL(request.url).pathname,
            error: error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error),
          });
          set.status = 500;
          return { message: 'Something went wrong on our side; please try again' };
        }
      }
    });
