/**
 * The one way the web process answers with a file, whatever serves it (the
 * built site, the public pages, photos, the basemap): content types, GET and
 * HEAD only, validators (ETag → 304) and byte ranges (206/416) where asked.
 */

/** Files are read only: anything but GET and HEAD is a 405. */
export const readOnly = (request: Request, headers: Record<string, string> = {}) =>
  request.method === 'GET' || request.method === 'HEAD'
    ? undefined
    : new Response('Method not allowed', {
        status: 405,
        headers: { allow: 'GET, HEAD', ...headers },
      });

/** Parses a single `bytes=` range; PMTiles readers send exactly one. */
const parseRange = (header: string, size: number): { start: number; end: number } | 'invalid' => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? 'invalid' : { start: size - suffix, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
};

export type FileAnswer = {
  body: Blob | ReadableStream<Uint8Array> | Uint8Array;
  size: number;
  contentType: string;
  cacheControl: string;
  status?: number;
  /** Answers 304 to a matching If-None-Match (200 responses only). */
  etag?: string;
  /** Serves `Range` requests (the body must be a Blob). */
  ranges?: boolean;
  headers?: Record<string, string>;
};

/** The response for a file: HEAD without a body, 304 for a current validator, 206/416 for ranges. */
export const fileResponse = (request: Request, file: FileAnswer): Response => {
  const status = file.status ?? 200;
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'cache-control': file.cacheControl,
    ...(file.etag ? { etag: file.etag } : {}),
    ...(file.ranges ? { 'accept-ranges': 'bytes' } : {}),
    ...file.headers,
  };
  const head = request.method === 'HEAD';
  if (status === 200 && file.etag && request.headers.get('if-none-match') === file.etag)
    return new Response(null, { status: 304, headers });
  const range = file.ranges ? request.headers.get('range') : null;
  if (range === null || !(file.body instanceof Blob))
    return new Response(head ? null : file.body, {
      status,
      headers: { ...headers, 'content-length': String(file.size) },
    });
  const parsed = parseRange(range, file.size);
  if (parsed === 'invalid')
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${file.size}` },
    });
  const { start, end } = parsed;
  return new Response(head ? null : file.body.slice(start, end + 1), {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${start}-${end}/${file.size}`,
      'content-length': String(end - start + 1),
    },
  });
};
