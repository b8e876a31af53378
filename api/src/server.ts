import type { S3Bucket } from '@rentals/core/s3Bucket';
import { withListingStatus } from './web/listingStatus.ts';
import { publicSiteHandler } from './web/publicPages.ts';
import { clientIpFrom } from './access/clientIp.ts';
import { buildApp } from './app.ts';
import { LIVE_STREAM_PATH } from './conversations/routes.ts';
import { HEARTBEAT_MS } from './conversations/liveStream.ts';
import { propertyServices } from './properties/services.ts';
import type { AppDeps } from './deps.ts';
import { createMapFiles, MAPS_PREFIX } from './geo/mapFiles.ts';
import type { MediaStore } from './media/mediaStore.ts';
import { serveMedia } from './media/serveMedia.ts';
import { BodyTooLargeError, countingBody, MULTIPART_BODY_LIMIT } from './shared/bodyLimit.ts';
import { BASE_SECURITY_HEADERS, withApiSecurityHeaders } from './web/securityHeaders.ts';
import { internalErrorResponse } from './web/serverErrors.ts';
import { staticSite } from './web/staticSite.ts';
import { askApiVia, withFirstPhotos } from './web/firstPhotos.ts';
import { REQUEST_ID_HEADER, requestIdOf, shareRequestId } from './web/requestId.ts';
import { withDeadline } from './web/requestDeadline.ts';
import { attemptOf } from './idempotency/idempotency.ts';

export type WebServerOptions = {
  /** The API's dependencies; the client address comes from the server's sockets. */
  deps: Omit<AppDeps, 'clientIp' | 'media'>;
  media: MediaStore;
  port: number;
  hostname: string;
  /** How many reverse proxies' X-Forwarded-For entries to trust (TRUST_PROXY_HOPS). */
  trustProxyHops: number;
  /** The built Astro site (site/dist). */
  siteDir: string;
  /** Where the generated public pages are read: their directory, or the bucket they are published to. */
  publicSite: string | S3Bucket;
  /** Where the basemap build lives (DATA_DIR). */
  dataDir: string;
  basemapUrl?: string;
  routingUrl?: string;
};

/** The response with a header set; a response whose headers are immutable (a proxied fetch) is copied first. */
const withHeader = (response: Response, name: string, value: string): Response => {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
};

const tooLarge = (error: BodyTooLargeError) =>
  Response.json(
    { message: error.message },
    // The rest of the body is not wanted: close rather than read it to the end.
    { status: 413, headers: { connection: 'close' } },
  );

/**
 * The one origin: the API under /api, photos under /media, the basemap under
 * /maps, the pre-rendered public pages and the site at /. Every request body
 * is counted as it is read (413 past its limit, chunked or not); no failure
 * ever reaches Bun's development error page. The web entry (main.ts) and the
 * transport tests start the server through here.
 */
export const createWebServer = (options: WebServerOptions) => {
  const { log } = options.deps;
  // The API sees a copy of each request (with a counting body); the socket belongs to the original.
  const originals = new WeakMap<Request, Request>();
  // A request the server made for one it received (a page's first photos) is that one's.
  const originalOf = (request: Request): Request => {
    const original = originals.get(request);
    // A request without a body is counted as it is (countingBody): its own original.
    return original && original !== request ? originalOf(original) : request;
  };
  const appDeps = {
    ...options.deps,
    media: options.media,
    clientIp: clientIpFrom({
      socketAddress: (request: Request) => server.requestIP(originalOf(request))?.address ?? null,
      trustedProxyHops: options.trustProxyHops,
    }),
  };
  const app = buildApp(appDeps);
  // /browse/{id} without a generated page answers its shell with 404 or 410 when the listing is gone.
  const site = withListingStatus(options.deps.eventStore, staticSite(options.siteDir));
  // /properties and /properties/{id} paint their first photos from the HTML (core/src/ui/firstPhotos.ts).
  const searchPage = withFirstPhotos(
    site,
    askApiVia(
      (request) => api(request),
      (asked, original) => originals.set(asked, original),
    ),
  );
  const publicPages = publicSiteHandler(options.publicSite);
  const mediaFiles = serveMedia(options.media);
  const mapFiles = createMapFiles({
    dataDir: options.dataDir,
    basemapUrl: options.basemapUrl,
    routingUrl: options.routingUrl,
  });

  const api = async (request: Request) => {
    // A live stream is quiet between heartbeats: longer than Bun's 10 s idle timeout allows.
    if (new URL(request.url).pathname === LIVE_STREAM_PATH)
      server.timeout(request, (2 * HEARTBEAT_MS) / 1000);
    const counted = countingBody(request);
    originals.set(counted.request, request);
    // Commands read the id from the copy they see, to record it in their events' metadata.
    shareRequestId(request, counted.request);
    const { pathname } = new URL(request.url);
    const work = Promise.resolve(app.handle(counted.request));
    const response = await withDeadline({ method: request.method, pathname }, work, {
      receiving: counted.receiving,
      attempt: () => attemptOf(counted.request),
      // `grep <request id>` shows the cut and then the outcome; `npm run drill` waits for every
      // cut request's outcome before it compares the stores.
      onLate: (outcome) =>
        log.warn(`request past its deadline: ${outcome}`, {
          requestId: requestIdOf(request),
          method: request.method,
          path: pathname,
        }),
    });
    // Whatever the route made of the failed read (a parse error, a form error), the answer is 413.
    return withApiSecurityHeaders(
      counted.exceeded() ? tooLarge(new BodyTooLargeError(counted.limit)) : response,
    );
  };

  const route = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return api(request);
    if (pathname.startsWith('/media/')) return mediaFiles(request);
    if (pathname.startsWith(MAPS_PREFIX)) return mapFiles(request);
    return (await publicPages(request)) ?? searchPage(request);
  };

  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    // Never Bun's development error page (stack, source lines, working directory).
    development: false,
    // The largest body any route takes; each route's own limit is enforced while reading.
    maxRequestBodySize: MULTIPART_BODY_LIMIT,
    // Every response carries the request's id (X-Request-Id: the caller's when sane, else a new
    // one), and every request is logged with it: grep the id to follow a request to its events and
    // their projections (docs/OPERATIONS.md, "Logs").
    fetch: async (request) => {
      // An HTTP/1.0 request without a Host header (a bare health check) arrives with a relative URL
      // that nothing downstream can parse: a client error, not a 500.
      if (!URL.canParse(request.url))
        return Response.json(
          { message: 'A Host header is required' },
          { status: 400, headers: { ...BASE_SECURITY_HEADERS, 'cache-control': 'no-store' } },
        );
      const started = performance.now();
      const requestId = requestIdOf(request);
      let response: Response;
      try {
        response = await route(request);
      } catch (error) {
        response = internalErrorResponse(log, error, request);
      }
      const { pathname } = new URL(request.url);
      log.info(`${request.method} ${pathname} ${response.status}`, {
        requestId,
        method: request.method,
        path: pathname,
        status: response.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
      return withHeader(response, REQUEST_ID_HEADER, requestId);
    },
    error: (error) => internalErrorResponse(log, error),
  });
  return Object.assign(server, {
    /**
     * Graceful stop (SIGTERM): no new connections, requests in flight finish,
     * then the buffered view counts are written. A SIGKILL loses at most the
     * views of the last flush interval (docs/OPERATIONS.md).
     */
    close: async () => {
      await server.stop();
      await propertyServices(appDeps).views.stop();
    },
  });
};

export type WebServer = ReturnType<typeof createWebServer>;
