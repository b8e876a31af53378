import { Elysia } from 'elysia';
import { openapi } from '@elysiajs/openapi';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BASE_SECURITY_HEADERS } from '../web/securityHeaders.ts';
import { keyDoc } from '../idempotency/model.ts';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const TITLE = 'Rentals API';
const DESCRIPTION =
  'Rental listings for India. Bearer JWT from /api/auth/login. Errors are {message} or ' +
  "{message: 'Validation failed', errors: [{path, msg}]}. Writes (POST, PUT, PATCH, DELETE) of a " +
  `signed-in user: ${keyDoc} At the request deadline (8 s) a write that was cancelled before it ` +
  'took effect is 503 with Retry-After; one that took effect, or may still, is 202. Messages a ' +
  'person reads (message, errors[].msg, the market card) are in the language Accept-Language asks ' +
  'for: en (the default), hi or kn.';

/**
 * Exactly what Swagger UI needs: its script, stylesheet and our start-up
 * script from this origin (no inline script at all), inline style attributes
 * (it sets them on its elements), data: images (its icons), and fetches of the
 * OpenAPI document and of the API itself ("Try it out"). Nothing may frame it.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const DOCS_HEADERS: Record<string, string> = {
  ...BASE_SECURITY_HEADERS,
  'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${TITLE}</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/start.js"></script>
</body>
</html>
`;

/** Swagger UI's start-up, as a file so that the policy needs no inline script. */
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const respond = (body: string | Blob, type: string, cacheControl: string) => () =>
  new Response(body, {
    headers: { ...DOCS_HEADERS, 'content-type': type, 'cache-control': cacheControl },
  });
const swaggerFile = (name: string, type: string) =>
  respond(Bun.file(join(swaggerDir, name)), type, 'public, max-age=86400');

/**
 * The OpenAPI document generated from the route schemas at /api/openapi.json,
 * and Swagger UI at /api/docs served from our own copy (no CDN is reachable),
 * under a policy that allows only what it needs.
 */
export const apiDocs = new Elysia({ name: 'docs' })
  .use(
    openapi({
      path: '/api/docs',
      specPath: '/api/openapi.json',
      // Our own page below: the plugin's has inline script and style.
      provider: null,
      documentation: {
        info: { title: TITLE, version: '1.0.0', description: DESCRIPTION },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    }),
  )
  .get('/api/docs', respond(PAGE, 'text/html; charset=utf-8', 'no-cache'), {
    detail: { hide: true },
  })
  .get('/api/docs/assets/start.js', respond(START, 'text/javascript; charset=utf-8', 'no-cache'), {
    detail: { hide: true },
  })
  .get(
    '/api/docs/assets/swagger-ui.css',
    swaggerFile('swagger-ui.css', 'text/css; charset=utf-8'),
    {
      detail: { hide: true },
    },
  )
  .get(
    '/api/docs/assets/swagger-ui-bundle.js',
    swaggerFile('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
    { detail: { hide: true } },
  );
