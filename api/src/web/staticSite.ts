import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { contentTypeOf, IMMUTABLE } from '@rentals/core/contentTypes';
import { readOnly } from './files.ts';
import { BASE_SECURITY_HEADERS, contentSecurityPolicy } from './securityHeaders.ts';
import { DEFAULT_LOCALE, pathLocale } from '@rentals/core/i18n/locales';
import { firstVisitRedirect, firstVisitTarget } from './languages.ts';
import { DEFAULT_SHELLS, shellFor, type Shell } from './shells.ts';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rentals</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Rentals</h1><p>The API is running under <a href="/api/docs">/api/docs</a>.
The site has not been built yet (npm run build -w site).</p></main></body></html>`;

/** Text is gzipped once per file version; binary data (tiles, images) never is. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
]);

type Prepared = { mtimeMs: number; body: Uint8Array; gzip?: Uint8Array; csp?: string };

/** The site being served: its directory, its shell pages, and each file as prepared. */
type Site = { root: string; shells: Shell[]; cache: Map<string, Prepared> };

const fileAt = ({ root }: Site, relative: string): string | undefined => {
  const full = resolve(root, `.${sep}${relative}`);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  return existsSync(full) && statSync(full).isFile() ? full : undefined;
};

const find = (site: Site, pathname: string): string | undefined => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidates = [decoded, join(decoded, 'index.html'), `${decoded.replace(/\/$/, '')}.html`];
  for (const candidate of candidates) {
    const file = fileAt(site, candidate);
    if (file) return file;
  }
  // A shell serves its path in every language the site is built in (/hi/properties/{id}).
  const { locale, path } = pathLocale(decoded);
  const shell = shellFor(path, site.shells);
  return shell ? fileAt(site, locale === 'en' ? shell : `${locale}/${shell}`) : undefined;
};

/** Only pages: files (with an extension) and the site's assets are never another language's. */
const isPage = (pathname: string) =>
  !pathname.startsWith('/_astro/') && !/\.[a-z0-9]+$/i.test(pathname);

const prepare = async ({ cache }: Site, file: string): Promise<Prepared> => {
  const { mtimeMs } = statSync(file);
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit;
  const body = new Uint8Array(await Bun.file(file).arrayBuffer());
  const ext = extname(file);
  const prepared: Prepared = {
    mtimeMs,
    body,
    gzip: COMPRESSIBLE.has(ext) && body.byteLength > 512 ? gzipSync(body, { level: 9 }) : undefined,
    csp: ext === '.html' ? contentSecurityPolicy(new TextDecoder().decode(body)) : undefined,
  };
  cache.set(file, prepared);
  return prepared;
};

const respond = async (
  site: Site,
  request: Request,
  file: string,
  status: number,
  cacheControl: string,
) => {
  const prepared = await prepare(site, file);
  const headers = new Headers(BASE_SECURITY_HEADERS);
  headers.set('content-type', contentTypeOf(file));
  headers.set('cache-control', cacheControl);
  if (prepared.csp) headers.set('content-security-policy', prepared.csp);
  let body = prepared.body;
  if (prepared.gzip) {
    headers.set('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      body = prepared.gzip;
      headers.set('content-encoding', 'gzip');
    }
  }
  headers.set('content-length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
};

/**
 * Hashed assets for a year; pages, and the service worker (docs/APP.md), revalidated on every
 * visit, so a new build's worker replaces the old one at the next visit; other files for an hour.
 */
const cacheControlOf = (pathname: string, file: string) => {
  if (pathname.startsWith('/_astro/')) return IMMUTABLE;
  return file.endsWith('.html') || pathname === '/sw.js' ? 'no-cache' : 'public, max-age=3600';
};

/**
 * Serves the built Astro site. HTML is revalidated on every visit and carries
 * a strict CSP with the hashes of its own inline scripts; files under /_astro/
 * have content-hashed names and are cached for a year. Paths with an id map to
 * their shell page (see shells.ts).
 */
export const staticSite = (siteDir: string, shells: Shell[] = DEFAULT_SHELLS) => {
  const site: Site = { root: resolve(siteDir), shells, cache: new Map() };
  return async (request: Request): Promise<Response> => {
    const refused = readOnly(request, BASE_SECURITY_HEADERS);
    if (refused) return refused;
    const { pathname } = new URL(request.url);
    if (!existsSync(site.root))
      return new Response(PLACEHOLDER, {
        headers: { 'content-type': 'text/html; charset=utf-8', ...BASE_SECURITY_HEADERS },
      });
    const url = new URL(request.url);
    const target = isPage(pathname)
      ? firstVisitTarget(url, request.headers, (path) => find(site, path) !== undefined)
      : null;
    if (target) return firstVisitRedirect(target, BASE_SECURITY_HEADERS);
    const file = find(site, pathname);
    if (file) return respond(site, request, file, 200, cacheControlOf(pathname, file));
    // Not found in the path's language (dist/hi/404/index.html), else English's.
    const { locale } = pathLocale(pathname);
    const notFound =
      (locale === DEFAULT_LOCALE ? undefined : fileAt(site, `${locale}/404/index.html`)) ??
      fileAt(site, '404.html');
    if (notFound) return respond(site, request, notFound, 404, 'no-cache');
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...BASE_SECURITY_HEADERS },
    });
  };
};
