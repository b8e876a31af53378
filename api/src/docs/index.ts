import { Elysia } from 'elysia';
import { openapi } from '@elysiajs/openapi';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const asset = (name: string, type: string) => () =>
  new Response(Bun.file(join(swaggerDir, name)), {
    headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' },
  });

/**
 * The OpenAPI document generated from the route schemas at /api/openapi.json,
 * and Swagger UI at /api/docs served from our own copy (no CDN is reachable).
 */
export const apiDocs = new Elysia({ name: 'docs' })
  .use(
    openapi({
      path: '/api/docs',
      specPath: '/api/openapi.json',
      provider: 'swagger-ui',
      swagger: {
        theme: '/api/docs/assets/swagger-ui.css',
        cdn: '/api/docs/assets/swagger-ui-bundle.js',
      },
      documentation: {
        info: {
          title: 'Rentals API',
          version: '1.0.0',
          description:
            'Rental listings for India. Bearer JWT from /api/auth/login. Errors are {message} or ' +
            "{message: 'Validation failed', errors: [{path, msg}]}.",
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    }),
  )
  .get('/api/docs/assets/swagger-ui.css', asset('swagger-ui.css', 'text/css'), {
    detail: { hide: true },
  })
  .get('/api/docs/assets/swagger-ui-bundle.js', asset('swagger-ui-bundle.js', 'text/javascript'), {
    detail: { hide: true },
  });
