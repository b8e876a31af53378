import { Elysia } from 'elysia';

export const JSON_BODY_LIMIT = 256 * 1024;
/** Ten 5 MB photos plus the form fields. */
export const MULTIPART_BODY_LIMIT = 10 * 5 * 1024 * 1024 + 1024 * 1024;

/**
 * Refuses oversized bodies before they are read: 413 with a clear message.
 * Bun enforces MULTIPART_BODY_LIMIT as its hard maximum for bodies without a
 * declared length.
 */
export const bodyLimit = new Elysia({ name: 'bodyLimit' }).onRequest(({ request, set }) => {
  const length = Number(request.headers.get('content-length') ?? 0);
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  const limit = multipart ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT;
  if (length > limit) {
    set.status = 413;
    return { message: `Request body too large; the limit is ${Math.round(limit / 1024)} KB` };
  }
  return undefined;
});
