// Security checklist: transport and headers. What a hostile page in another tab, a
// framing page, or a client sending odd methods gets from the real web server: no CORS
// grant on the API (and none with credentials anywhere), the security headers on every
// family of response (site pages, pre-rendered public pages, the API, its errors), and
// methods outside GET/HEAD refused where they mean nothing. (Malformed encoding, body
// limits and the docs' policy: transport.int.test.ts; path traversal:
// pathTraversal.int.test.ts.)
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingStreamId } from '@rentals/core/listings/events';
import { call, createListing } from './testing/attacker.ts';
import { listingForm } from '@rentals/testing/listingForm';
import { MAP_VERSION, rawRequest, testWebServerWithUsers } from './testing/webServer.ts';

const s = testWebServerWithUsers({ owner: 'homeowner' });
let listingId: string;

beforeAll(async () => {
  listingId = await createListing(s.web.base, s.owner.token);
});

const EVIL = 'https://evil.example';

/** One path of every family the origin serves, with a method that reads it. */
const FAMILIES = () => [
  ['the API (public)', '/api/properties/public'],
  ['the API (signed in)', '/api/auth/me'],
  ['the API (an error)', '/api/properties/no-such-id'],
  ['the OpenAPI document', '/api/openapi.json'],
  ['a site page', '/'],
  ['a site shell', `/properties/${listingId}`],
  ['the site’s 404', '/no-such-page'],
  ['a public page', '/browse/cities/pune'],
  ['the basemap', '/maps/basemap.json'],
  ['a photo that is not there', '/media/listings/x/y.webp'],
];

describe('CORS', () => {
  it.each(FAMILIES())(
    '%s (%s): a foreign Origin gets no credentialed grant, and the API no grant at all',
    async (_, path) => {
      const res = await fetch(`${s.web.base}${path}`, {
        headers: { origin: EVIL, authorization: `Bearer ${s.owner.token}`, cookie: 'a=b' },
      });
      await res.arrayBuffer();
      const allowOrigin = res.headers.get('access-control-allow-origin');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(allowOrigin).not.toBe(EVIL);
      if (path.startsWith('/api/')) expect(allowOrigin).toBeNull();
      // The basemap is public data read by MapLibre: a wildcard, never with credentials.
      if (allowOrigin !== null) expect(allowOrigin).toBe('*');
    },
  );

  it.each([
    ['GET', '/api/auth/me'],
    ['PUT', '/api/properties/:id'],
    ['DELETE', '/api/properties/:id'],
    ['POST', '/api/auth/change-password'],
  ])('a preflight for %s %s from a foreign Origin grants nothing', async (method, template) => {
    const res = await fetch(`${s.web.base}${template.replace(':id', listingId)}`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    await res.arrayBuffer();
    expect(res.status).not.toBeLessThan(400);
    for (const header of [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-allow-credentials',
    ])
      expect(res.headers.get(header), header).toBeNull();
  });

  it('a cross-site form post (no preflight) changes nothing: forms cannot send the bearer token, and a cookie is not one', async () => {
    const version = async () =>
      Number(
        (
          await s.web.t.db.sql<{ version: string }[]>`
            SELECT version FROM streams WHERE stream_id = ${listingStreamId(listingId)}`
        )[0]!.version,
      );
    const before = await version();
    const attempts = [
      call(s.web.base, 'POST', '/api/properties', {
        form: listingForm(),
        headers: { origin: EVIL, cookie: `token=${s.owner.token}` },
      }),
      call(s.web.base, 'PUT', `/api/properties/${listingId}`, {
        body: 'title=Changed+from+another+site',
        headers: {
          origin: EVIL,
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `token=${s.owner.token}`,
        },
      }),
      call(s.web.base, 'POST', '/api/auth/change-password', {
        body: JSON.stringify({
          currentPassword: s.owner.password,
          newPassword: 'changed-elsewhere',
        }),
        headers: { origin: EVIL, 'content-type': 'text/plain', cookie: `token=${s.owner.token}` },
      }),
    ];
    // The auth routes refuse a body that is not JSON before anything else (415).
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([401, 401, 415]);
    // JSON sent as text/plain (the one JSON a form can send) is refused by the auth routes as such.
    const login = await call(s.web.base, 'POST', '/api/auth/login', {
      body: JSON.stringify({ email: s.owner.email, password: s.owner.password }),
      headers: { origin: EVIL, 'content-type': 'text/plain' },
    });
    expect(login.status).toBe(415);
    expect(await version()).toBe(before);
  });
});

describe('security headers', () => {
  const headersOf = async (path: string, token?: string) => {
    const res = await fetch(`${s.web.base}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    await res.arrayBuffer();
    return res.headers;
  };

  const expectNotFramedNotSniffed = (h: Headers, path: string) => {
    expect(h.get('x-content-type-options'), path).toBe('nosniff');
    const framing =
      h.get('x-frame-options') === 'DENY' ||
      /frame-ancestors 'none'/.test(h.get('content-security-policy') ?? '');
    expect(framing, `${path} may be framed`).toBe(true);
    expect(h.get('referrer-policy'), path).toMatch(
      /^(no-referrer|strict-origin-when-cross-origin)$/,
    );
  };

  it.each(['/', `/properties/${listingId}`, '/no-such-page'])(
    'site page %s: a CSP that runs only our scripts (no inline, no eval), no plugins, no framing, no foreign base',
    async (path) => {
      const h = await headersOf(path);
      expectNotFramedNotSniffed(h, path);
      expect(h.get('x-frame-options')).toBe('DENY');
      const csp = h.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*|https?:|data:|blob:)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
    },
  );

  it('public pages: a CSP that runs only our own script files (nothing inline), no framing', async () => {
    const h = await headersOf('/browse/cities/pune');
    expectNotFramedNotSniffed(h, '/browse/cities/pune');
    expect(h.get('content-security-policy')).toContain("script-src 'self';");
    expect(h.get('content-security-policy')).toContain("object-src 'none'");
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a public search', '/api/properties/public', undefined],
    ['the signed-in user', '/api/auth/me', 'owner'],
    ['a listing', `/api/properties/:id`, 'owner'],
    ['a 404', '/api/properties/no-such-id', undefined],
    ['a 401', '/api/auth/me', undefined],
    ['a 400', '/api/properties/public?limit=0', undefined],
    ['an unknown API path', '/api/nothing-here', undefined],
    ['the OpenAPI document', '/api/openapi.json', undefined],
    ['health', '/api/health', undefined],
  ])(
    'API, %s: nosniff, not framable, a referrer policy, and a CSP that allows nothing',
    async (_, template, who) => {
      const path = template.replace(':id', listingId);
      const h = await headersOf(path, who ? s.owner.token : undefined);
      expectNotFramedNotSniffed(h, path);
      expect(h.get('content-security-policy')).toContain("default-src 'none'");
      expect(h.get('content-type')).toMatch(/^application\/json/);
    },
  );

  it("the one-click pages of emails: the site's look by one hashed style, nothing else may load or run", async () => {
    const res = await fetch(`${s.web.base}/api/listing-confirmations/not-a-real-token`);
    const html = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectNotFramedNotSniffed(res.headers, 'the confirm page');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline|\*/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
  });

  it('API, a 413 answered before the route: the same headers', async () => {
    const res = await fetch(`${s.web.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(300 * 1024),
    });
    await res.arrayBuffer();
    expect(res.status).toBe(413);
    expectNotFramedNotSniffed(res.headers, '413');
  });
});

describe('methods', () => {
  it.each([
    ['a site page', '/'],
    ['a site shell', `/properties/x1`],
    ['a public page', '/browse/cities/pune'],
    ['a photo', '/media/listings/x/y.webp'],
    ['the basemap', `/maps/${MAP_VERSION}/india.pmtiles`],
  ])('%s: PUT, DELETE, POST and PATCH are 405 with Allow: GET, HEAD', async (_, path) => {
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      const res = await fetch(`${s.web.base}${path}`, { method, body: 'x' });
      await res.arrayBuffer();
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it.each([
    '/',
    '/api/health',
    '/api/auth/me',
    '/browse/cities/pune',
    '/media/x',
    '/maps/basemap.json',
  ])('TRACE %s never echoes the request (no cross-site tracing) and is not a 2xx', async (path) => {
    const res = await rawRequest(
      s.web.port,
      `TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.owner.token}\r\n` +
        'X-Secret: s3cr3t-value\r\nCookie: session=c00kie-value\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    for (const secret of [s.owner.token, 's3cr3t-value', 'c00kie-value'])
      expect(res.body).not.toContain(secret);
    expect(res.headers['content-type'] ?? '').not.toContain('message/http');
  });

  it('HEAD answers the headers of GET and no body, on the API, the site and public pages', async () => {
    for (const path of ['/api/properties/public', '/', '/browse/cities/pune']) {
      const get = await fetch(`${s.web.base}${path}`);
      await get.arrayBuffer();
      const head = await rawRequest(
        s.web.port,
        `HEAD ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(head.status, path).toBe(get.status);
      expect(head.body, path).toBe('');
      expect(head.headers['content-type']).toBe(get.headers.get('content-type'));
    }
  });

  it('a method-override header or parameter does not turn a request into another method', async () => {
    const attempts: { path: string; headers: Record<string, string> }[] = [
      { path: `/api/properties/${listingId}`, headers: { 'x-http-method-override': 'DELETE' } },
      { path: `/api/properties/${listingId}`, headers: { 'x-http-method': 'DELETE' } },
      { path: `/api/properties/${listingId}?_method=DELETE`, headers: {} },
    ];
    for (const init of attempts) {
      const res = await call(s.web.base, 'GET', init.path, {
        token: s.owner.token,
        headers: init.headers,
      });
      expect(res.status).not.toBe(500);
      const [row] = await s.web.t.db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM events WHERE stream_id = ${listingStreamId(listingId)}
          AND type = 'ListingDeleted'`;
      expect(row!.n).toBe(0);
    }
  });

  it('methods a route does not have are a 4xx JSON answer, never a 5xx', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/auth/me'],
      ['PUT', '/api/auth/login'],
      ['GET', '/api/auth/logout'],
      ['POST', '/api/properties/public'],
      ['PATCH', '/api/health'],
      ['DELETE', '/api/openapi.json'],
    ] as const) {
      const res = await call(s.web.base, method, path, { token: s.owner.token });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body, `${method} ${path}`).toHaveProperty('message');
    }
  });
});

// Accept-Language picks the language of the API's messages (api/src/i18n/apiErrors.ts): a header
// is input like any other. Whatever it holds, the answer keeps its status and shape, and a language
// the product does not speak (or garbage) is English, never an error or a reflected value.
describe('Accept-Language on the API', () => {
  const HOSTILE = [
    'x'.repeat(64 * 1024),
    Array.from({ length: 5000 }, (_, i) => `l${i};q=0.${i % 9}`).join(','),
    'hi;q=abc, kn;q=-1, *;q=NaN',
    "hi'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    'ta-IN,__proto__;q=1,constructor',
  ];

  it.each(HOSTILE.map((h) => [h.slice(0, 40), h]))(
    '%s…: a refused request is still refused in the specification’s English (too big: 431)',
    async (_, header) => {
      const res = await call<{ message: string; errors: { path: string; msg: string }[] }>(
        s.web.base,
        'POST',
        '/api/auth/login',
        { json: { email: '', password: '' }, headers: { 'accept-language': header } },
      );
      // Bun refuses headers over its limit before the app sees them; the rest reach the handler.
      if (header.length > 16 * 1024) expect(res.status).toBe(431);
      else {
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Validation failed');
      }
      expect(res.text).not.toContain('script');
      expect(res.text).not.toContain('DROP');
    },
  );

  it('a language we speak changes the words only: the same status and fields, in Hindi', async () => {
    const english = await call<{ errors: { path: string }[] }>(
      s.web.base,
      'POST',
      '/api/auth/login',
      {
        json: { email: '', password: '' },
      },
    );
    const hindi = await call<{ message: string; errors: { path: string }[] }>(
      s.web.base,
      'POST',
      '/api/auth/login',
      { json: { email: '', password: '' }, headers: { 'accept-language': 'hi-IN' } },
    );
    expect(hindi.status).toBe(english.status);
    expect(hindi.body.errors.map((e) => e.path)).toEqual(english.body.errors.map((e) => e.path));
    expect(hindi.body.message).toMatch(/\p{Script=Devanagari}/u);
  });

  it('the market of a listing that is not there is a 404 in every language, junk as English', async () => {
    const ask = (language: string) =>
      call<{ message: string }>(s.web.base, 'GET', '/api/properties/no-such-listing/market', {
        token: s.owner.token,
        headers: { 'accept-language': language },
      });
    const [en, kn, junk] = await Promise.all([ask('en'), ask('kn'), ask('x'.repeat(8_000))]);
    expect([en.status, kn.status, junk.status]).toEqual([404, 404, 404]);
    expect(kn.body.message).toMatch(/\p{Script=Kannada}/u);
    expect(junk.body).toEqual(en.body);
  });
});
