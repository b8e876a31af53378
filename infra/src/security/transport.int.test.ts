import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT } from '@rentals/api/shared/bodyLimit';
import { DOCS_CONTENT_SECURITY_POLICY } from '@rentals/api/docs/index';
import {
  leaksInternals,
  MAP_VERSION,
  rawGet,
  rawRequest,
  startTestWebServer,
  testWebServerWithUsers,
} from './testing/webServer.ts';

/**
 * Transport and headers, against the real web server (Bun.serve as the web
 * entry starts it): what reaches the server layer before any route runs.
 */
const s = testWebServerWithUsers({ owner: 'homeowner' });

const BAD = '%E0%A4%A'; // a cut-off UTF-8 sequence: decodeURIComponent throws on it

describe('malformed percent-encoding', () => {
  it.each([
    ['photos', `/media/listings/${BAD}`, 404],
    ['photos (top level)', `/media/${BAD}`, 404],
    ['basemap files', `/maps/${MAP_VERSION}/${BAD}`, 404],
    ['basemap glyphs', `/maps/${MAP_VERSION}/fonts/${BAD}/0-255.pbf`, 404],
    ['public pages', `/browse/cities/${BAD}`, 404],
    ['public listing pages', `/browse/${BAD}`, 404],
    ['site files', `/${BAD}`, 404],
    ['site shells', `/properties/${BAD}`, 404],
    ['site with a lone %', '/%', 404],
    ['API paths', `/api/${BAD}`, 404],
    ['API ids', `/api/properties/${BAD}`, 404],
    ['API ids of writes', `/api/properties/${BAD}/toggle-availability`, 404],
    ['API query strings', `/api/properties/public?city=${BAD}`, 400],
    ['API query keys', `/api/properties/public?${BAD}=1`, 400],
    ['API lone %', '/api/properties/public?city=%', 400],
    ['geo queries', `/api/geo/search?q=${BAD}`, 400],
    ['health', `/api/health?x=${BAD}`, 400],
  ])('%s: %s answers %i, never a development error page', async (_family, path, status) => {
    const res = await rawGet(s.web.port, path);
    expect(res.status).toBe(status);
    expect(leaksInternals(res.body)).toBe(false);
    if (path.startsWith('/api/')) expect(JSON.parse(res.body)).toHaveProperty('message');
  });

  it('gives the site’s own 404 page for site paths', async () => {
    const res = await rawGet(s.web.port, `/properties/${BAD}`);
    expect(res.body).toContain('Page not found');
  });
});

describe('failures on our side', () => {
  it('answer a bare 500 page outside the API and log the detail', async () => {
    // A basemap manifest broken on disk: the maps handler throws while reading it.
    const manifest = join(s.web.dataDir, 'geo', 'current.json');
    writeFileSync(manifest, '{ not json');
    const res = await rawGet(s.web.port, '/maps/basemap.json');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Internal server error');
    expect(leaksInternals(res.body)).toBe(false);
    expect(
      s.web.logged.some((l) => l.level === 'error' && /JSON/.test(JSON.stringify(l.fields))),
    ).toBe(true);
  });

  it('answer {message: Internal server error} under /api and log the detail', async () => {
    // The same server whose queries fail with an error nobody expects (an outage would be a 503).
    const failing = new Proxy(s.web.t.db.sql, {
      apply: () => {
        throw new Error('relation "secret_internal_table" is broken');
      },
    });
    const other = await startTestWebServer({ deps: { sql: failing } });
    try {
      const res = await rawGet(other.port, '/api/properties/public');
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toEqual({ message: 'Internal server error' });
      expect(other.logged.some((l) => l.level === 'error' && l.message === 'unhandled error')).toBe(
        true,
      );
    } finally {
      await other.stop();
    }
  });
});

/** A body sent with Transfer-Encoding: chunked (no Content-Length), in 64 KB pieces. */
const chunkedBody = (bytes: number, fill = 'x') => {
  let left = bytes;
  const piece = new TextEncoder().encode(fill.repeat(64 * 1024));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(piece.byteLength, left);
      left -= n;
      controller.enqueue(piece.subarray(0, n));
    },
  });
};

const post = async (path: string, init: RequestInit & { chunked?: number }) => {
  const { chunked, ...rest } = init;
  const res = await fetch(`${s.web.base}${path}`, {
    method: 'POST',
    ...rest,
    ...(chunked === undefined ? {} : { body: chunkedBody(chunked), duplex: 'half' }),
  });
  const text = await res.text();
  return { status: res.status, text };
};

describe('body limits', () => {
  const jsonMessage = `Request body too large; the limit is ${JSON_BODY_LIMIT / 1024} KB`;
  const multipartMessage = `Request body too large; the limit is ${Math.round(MULTIPART_BODY_LIMIT / 1024)} KB`;

  it('answers 413 to a chunked JSON body past the JSON limit, anonymous, without reading it all', async () => {
    const res = await post('/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      chunked: 45 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: jsonMessage });
  });

  it('answers 413 to a chunked body just past the JSON limit and accepts one just under it', async () => {
    const over = await post('/api/auth/register', {
      headers: { 'content-type': 'application/json' },
      chunked: JSON_BODY_LIMIT + 1,
    });
    expect(over.status).toBe(413);
    const under = await post('/api/auth/register', {
      headers: { 'content-type': 'application/json' },
      chunked: JSON_BODY_LIMIT,
    });
    // Read to the end and refused as JSON, not as too large.
    expect(under.status).toBe(400);
  });

  it('answers 413 to a declared oversized JSON body before reading it', async () => {
    const res = await post('/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(JSON_BODY_LIMIT + 10),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: jsonMessage });
  });

  it('gives a form sent to a route without uploads the JSON limit, chunked or declared', async () => {
    const headers = { 'content-type': 'multipart/form-data; boundary=x' };
    expect((await post('/api/auth/login', { headers, chunked: 2 * 1024 * 1024 })).status).toBe(413);
    expect(
      (await post('/api/auth/login', { headers, body: 'x'.repeat(2 * 1024 * 1024) })).status,
    ).toBe(413);
  });

  it('gives the listing form the multipart limit, and counts a chunked upload against it', async () => {
    const headers = {
      'content-type': 'multipart/form-data; boundary=x',
      authorization: `Bearer ${s.owner.token}`,
    };
    const under = await post('/api/properties', { headers, chunked: 2 * 1024 * 1024 });
    // Past the JSON limit but within the upload limit: read, and refused as a broken form.
    expect(under.status).toBe(400);
    const over = await post('/api/properties', { headers, chunked: MULTIPART_BODY_LIMIT + 1 });
    expect(over.status).toBe(413);
    // Bun's own ceiling answers the same status when it is reached first.
    if (over.text !== '') expect(JSON.parse(over.text)).toEqual({ message: multipartMessage });
  });

  it('answers 413 to a raw chunked request written by hand', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 8 }, () => `${(64 * 1024).toString(16)}\r\n${chunk}\r\n`);
    const res = await rawRequest(
      s.web.port,
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks.join('')}0\r\n\r\n`,
    );
    expect(res.status).toBe(413);
  });
});

describe('API docs', () => {
  it('serves Swagger UI with a policy that allows only what it needs, no framing and nosniff', async () => {
    const res = await fetch(`${s.web.base}/api/docs`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    // Every script comes from our origin: none inline, none from a CDN.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/assets\//);
      expect(body?.trim()).toBe('');
    }
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js']) {
      const file = await fetch(`${s.web.base}/api/docs/assets/${asset}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      await file.arrayBuffer();
    }
    const start = await (await fetch(`${s.web.base}/api/docs/assets/start.js`)).text();
    expect(start).toContain("url: '/api/openapi.json'");
    expect((await fetch(`${s.web.base}/api/openapi.json`)).status).toBe(200);
  });
});
