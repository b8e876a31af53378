import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './securityHeaders.ts';
import { staticSite } from './staticSite.ts';

let dir: string;
let site: (request: Request) => Promise<Response>;
const INLINE = 'console.log("island")';

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'x'.repeat(600)}<script>${INLINE}</script><script type="module" src="/_astro/a.js"></script></body></html>`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('index.html', page('home'));
  write('404.html', page('missing'));
  write('properties/index.html', page('list'));
  write('properties/view/index.html', page('detail shell'));
  write('edit-property/index.html', page('edit shell'));
  write('browse/pune/index.html', page('pune'));
  write('_astro/a.js', `export const a = 1;${' '.repeat(1000)}`);
  write('favicon.svg', '<svg/>');
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  write('manifest.webmanifest', '{"name":"Rentals"}');
  write('login/index.html', page('login'));
  write('hi/login/index.html', page('hi login'));
  write('hi/properties/view/index.html', page('hi detail shell'));
  write('hi/404/index.html', page('hi missing'));
  site = staticSite(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) =>
  site(new Request(`http://localhost${path}`, { headers }));

describe('static site server', () => {
  it.each([
    ['/', 'home'],
    ['/properties', 'list'],
    ['/properties/', 'list'],
    ['/properties/3f2a-99', 'detail shell'],
    ['/browse/abc123', 'detail shell'],
    ['/browse/pune', 'pune'],
    ['/edit-property/3f2a-99', 'edit shell'],
  ])('%s serves %s', async (path, title) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<title>${title}</title>`);
  });

  it.each(['/nope', '/properties/a/b', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd'])(
    '%s is a 404 with the 404 page',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<title>missing</title>');
    },
  );

  it.each(['/hi/nope', '/hi/properties/a/b'])(
    '%s is a 404 with the Hindi 404 page',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<title>hi missing</title>');
    },
  );

  it('gives HTML a strict CSP naming its inline scripts by hash, and revalidation', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('caches hashed assets for a year and gzips text when asked', async () => {
    const res = await get('/_astro/a.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).toContain(
      'export const a = 1;',
    );
    const plain = await get('/_astro/a.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('revalidates the service worker on every visit (a new build replaces it at once)', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('serves the web app manifest as one', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    expect(await res.json()).toEqual({ name: 'Rentals' });
  });

  it('refuses other methods', async () => {
    const res = await site(new Request('http://localhost/', { method: 'POST' }));
    expect(res.status).toBe(405);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script type="module">b()</script>`;
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });
});

describe("the first visit in the browser's language", () => {
  const hindi = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
  it.each([
    ['/login', hindi, '/hi/login'],
    ['/login?redirect=%2Fdashboard', hindi, '/hi/login?redirect=%2Fdashboard'],
    ['/properties/3f2a-99', hindi, '/hi/properties/3f2a-99'],
    // Hindi chosen on the switch, on an English browser: an email's link opens in Hindi.
    ['/login', { 'accept-language': 'en-IN', cookie: 'lang=hi' }, '/hi/login'],
  ])('%s goes to the page in that language', async (path, headers, location) => {
    const res = await get(path, headers);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
    expect(res.headers.get('vary')).toBe('accept-language, cookie');
  });

  it.each([
    [
      'a language chosen on the switch, English too',
      '/login',
      { ...hindi, cookie: 'x=1; lang=en' },
    ],
    ['a language the page is not built in', '/login', { 'accept-language': 'kn-IN,kn' }],
    ['a page not built in the language', '/properties', hindi],
    ['a file', '/favicon.svg', hindi],
    ['a page already in a language', '/hi/login', hindi],
  ])('%s: served as asked', async (_, path, headers) => {
    expect((await get(path, headers)).status).toBe(200);
  });

  it('serves a shell in a language', async () => {
    const res = await get('/hi/properties/3f2a-99');
    expect(await res.text()).toContain('<title>hi detail shell</title>');
  });
});
