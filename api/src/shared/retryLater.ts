import { AppError } from '@rentals/core/errors';

/** A refusal to retry later: 409 (still in progress), 429 or 503, answered with Retry-After (seconds) by the error handler. */
export class RetryLaterError extends AppError {
  constructor(
    status: 409 | 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, message);
  }
}
