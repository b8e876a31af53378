import { Elysia } from 'elysia';
import { AppError } from '@rentals/core/errors';

export const JSON_BODY_LIMIT = 256 * 1024;
/** Ten 5 MB photos plus the form fields. */
export const MULTIPART_BODY_LIMIT = 10 * 5 * 1024 * 1024 + 1024 * 1024;

export const tooLargeMessage = (limit: number) =>
  `Request body too large; the limit is ${Math.round(limit / 1024)} KB`;

export class BodyTooLargeError extends AppError {
  constructor(readonly limit: number) {
    super(413, tooLargeMessage(limit));
  }
}

/** The routes that take photos: the listing create and edit forms (SPEC §7). */
const isUploadRoute = (method: string, pathname: string) =>
  (method === 'POST' && pathname === '/api/properties') ||
  (method === 'PUT' && /^\/api\/properties\/[^/]+$/.test(pathname));

/**
 * How many bytes a request's body may have: the multipart limit for photo
 * uploads to the listing forms, the JSON limit for everything else (a form
 * sent to any other route gets no more room than JSON would).
 */
export const bodyLimitFor = (request: Request): number => {
  const multipart = (request.headers.get('content-type') ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data');
  return multipart && isUploadRoute(request.method, new URL(request.url).pathname)
    ? MULTIPART_BODY_LIMIT
    : JSON_BODY_LIMIT;
};

const RECEIVING_WINDOW_MS = 1000;

/**
 * The request with a body that counts its bytes as they are read, whoever
 * reads them (the framework's parser or a route reading the form itself), and
 * fails the read with BodyTooLargeError once it passes the limit, so nothing
 * past the limit is ever buffered. A declared Content-Length says nothing
 * about a chunked body: only counting does. `exceeded()` tells the server to
 * answer 413 whatever the route made of the failed read; `receiving()` says
 * whether the body is still arriving (a chunk within the last second).
 */
export const countingBody = (
  request: Request,
  limit = bodyLimitFor(request),
): { request: Request; limit: number; exceeded: () => boolean; receiving: () => boolean } => {
  if (request.body === null || request.method === 'GET' || request.method === 'HEAD')
    return { request, limit, exceeded: () => false, receiving: () => false };
  let seen = 0;
  let over = false;
  let done = false;
  let lastChunkAt = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        lastChunkAt = Date.now();
        if (seen > limit) {
          over = true;
          done = true;
          controller.error(new BodyTooLargeError(limit));
          return;
        }
        controller.enqueue(chunk);
      },
      flush() {
        done = true;
      },
    }),
  );
  const wrapped = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    duplex: 'half',
  });
  return {
    request: wrapped,
    limit,
    exceeded: () => over,
    receiving: () => !done && Date.now() - lastChunkAt < RECEIVING_WINDOW_MS,
  };
};

/**
 * Refuses bodies whose declared length is over the limit before they are
 * read: 413 with a clear message. Bodies without a declared length are
 * counted as they are read (`countingBody`, applied by the web server).
 */
export const bodyLimit = new Elysia({ name: 'bodyLimit' }).onRequest(({ request, set }) => {
  const length = Number(request.headers.get('content-length') ?? 0);
  const limit = bodyLimitFor(request);
  if (length > limit) {
    set.status = 413;
    return { message: tooLargeMessage(limit) };
  }
  return undefined;
});
