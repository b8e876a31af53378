import { INTERNAL_ERROR_MESSAGE } from '../shared/errorHandler.ts';
import type { Logger } from '@rentals/core/logger';
import { BASE_SECURITY_HEADERS } from './securityHeaders.ts';
import { requestIdOf } from './requestId.ts';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Internal server error</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Internal server error</h1><p>Something went wrong on our side. Please try again.</p>
<p><a href="/">Home</a></p></main></body></html>`;

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * The answer to a failure no route handled: `{message: 'Internal server
 * error'}` under /api, a plain page elsewhere; never a stack, source or path.
 * The detail goes to the log.
 */
export const internalErrorResponse = (log: Logger, error: unknown, request?: Request): Response => {
  let pathname = '';
  try {
    pathname = request ? new URL(request.url).pathname : '';
  } catch {
    // an address we cannot even parse: answer as a page
  }
  log.error('unhandled error', {
    ...(request ? { requestId: requestIdOf(request) } : {}),
    method: request?.method,
    path: pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  const headers = { ...BASE_SECURITY_HEADERS, 'cache-control': 'no-store' };
  return isApi(pathname)
    ? Response.json({ message: INTERNAL_ERROR_MESSAGE }, { status: 500, headers })
    : new Response(PAGE, {
        status: 500,
        headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
      });
};
