/**
 * Errors that carry their HTTP meaning. The domain throws them; one handler in
 * the app maps them to `{message}` (or `{message, errors}` for validation).
 */
export type FieldError = { path: string; msg: string };

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(readonly errors: FieldError[]) {
    super(400, 'Validation failed');
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

/** A command that makes no sense in the aggregate's current state (e.g. relisting a listed listing). */
export class IllegalStateError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class ConcurrencyError extends AppError {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(409, 'This item was changed by someone else in the meantime; reload it and try again');
  }
}
