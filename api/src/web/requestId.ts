import { randomUUID } from 'node:crypto';

/** The header a request id arrives in (from a proxy or a client) and is returned in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is short and made of safe characters,
 * so it can go into a log line, a header and the event log as is (no
 * newlines, quotes or spaces to forge a log entry with).
 */
const SANE = /^[A-Za-z0-9._:-]{1,64}$/;

const ids = new WeakMap<Request, string>();

/**
 * The request's id: the incoming X-Request-Id when sane, otherwise a new
 * UUID; the same id for the same request object every time it is asked.
 */
export const requestIdOf = (request: Request): string => {
  let id = ids.get(request);
  if (id === undefined) {
    const incoming = request.headers.get(REQUEST_ID_HEADER);
    id = incoming !== null && SANE.test(incoming) ? incoming : randomUUID();
    ids.set(request, id);
  }
  return id;
};

/** Gives a copy of a request (the body-counting one the API sees) the original's id. */
export const shareRequestId = (original: Request, copy: Request) => {
  ids.set(copy, requestIdOf(original));
};
