/**
 * The service worker (docs/APP.md), written by Workbox's generateSW after the site is built
 * (astro.config.ts): dist/sw.js, one file with Workbox's runtime inlined. The policy:
 * - Precached on install: the offline page in each language and what it loads (the frame's
 *   scripts and styles, which every page shares), the manifest and the icons. Not the pages
 *   themselves, so no page is ever served older than the network's when online.
 * - Pages: network first; the last copy seen is shown only when the network fails, and a page
 *   never seen gives the offline page in the path's language. No timeout: a slow network still
 *   answers from the server, so a let or deleted listing is never shown as available online.
 * - /_astro/ files: cache first (their names carry their content's hash).
 * - /api/: never cached, never touched (answers may be one user's).
 * - Photos (/media/): the network's; offline, the few the site kept (public/sw-offline.js).
 * Matchers are written out in full: Workbox copies each function's source into sw.js.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { generateSW, type GenerateSWOptions, type RuntimeCaching } from 'workbox-build';
import { pageWeight, staticImports } from './pageWeight.ts';

type Match = { url: URL; request: Request; sameOrigin: boolean };

/** A navigation to one of our pages in Hindi. */
export const isHindiPage = ({ url, request, sameOrigin }: Match) =>
  sameOrigin && request.mode === 'navigate' && /^\/hi(\/|$)/.test(url.pathname);

/** A navigation to one of our pages in Kannada. */
export const isKannadaPage = ({ url, request, sameOrigin }: Match) =>
  sameOrigin && request.mode === 'navigate' && /^\/kn(\/|$)/.test(url.pathname);

/** A navigation to one of our pages in English (any page that is not under /hi, /kn or /api). */
export const isEnglishPage = ({ url, request, sameOrigin }: Match) =>
  sameOrigin && request.mode === 'navigate' && !/^\/(hi|kn|api)(\/|$)/.test(url.pathname);

/** A built asset: content-hashed, so a cached copy is never stale. */
export const isBuiltAsset = ({ url, request, sameOrigin }: Match) =>
  sameOrigin && request.method === 'GET' && url.pathname.startsWith('/_astro/');

const WEEK = 7 * 24 * 60 * 60;
/** Only whole, successful answers: never a redirect (the first visit's language) or an error. */
const onlyOk = { statuses: [200] };

const pages = (urlPattern: RuntimeCaching['urlPattern'], fallbackURL: string): RuntimeCaching => ({
  urlPattern,
  handler: 'NetworkFirst',
  options: {
    cacheName: 'pages',
    cacheableResponse: onlyOk,
    expiration: { maxEntries: 60, maxAgeSeconds: WEEK },
    precacheFallback: { fallbackURL },
  },
});

export const OFFLINE_PAGES = [
  'offline/index.html',
  'hi/offline/index.html',
  'kn/offline/index.html',
];

export const runtimeCaching: RuntimeCaching[] = [
  pages(isHindiPage, '/hi/offline/index.html'),
  pages(isKannadaPage, '/kn/offline/index.html'),
  pages(isEnglishPage, '/offline/index.html'),
  {
    urlPattern: isBuiltAsset,
    handler: 'CacheFirst',
    options: {
      cacheName: 'assets',
      cacheableResponse: onlyOk,
      expiration: { maxEntries: 200, maxAgeSeconds: 4 * WEEK },
    },
  },
];

const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

/** Specifiers a module loads later with `import('…')` (the frame's offline banner, its bell). */
export const dynamicImports = (code: string): string[] =>
  [...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[1] ?? '').filter(Boolean);

/**
 * The files precached: the offline pages and everything they load, at once or later (the
 * frame's own dynamic imports: the banner must show offline on a page loaded from the cache).
 */
export const shellFiles = (distDir: string): string[] => {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    if (!url.endsWith('.js')) return;
    const code = readFileSync(join(distDir, url), 'utf8');
    for (const spec of [...staticImports(code), ...dynamicImports(code)])
      if (spec.startsWith('.')) visit(posix.join(dirname(url), spec));
  };
  for (const page of OFFLINE_PAGES) for (const url of pageWeight(distDir, page).files) visit(url);
  return [...OFFLINE_PAGES, ...[...seen].map((url) => url.replace(/^\//, ''))].sort();
};

export const serviceWorkerOptions = (distDir: string): GenerateSWOptions => ({
  swDest: `${distDir}/sw.js`,
  globDirectory: distDir,
  globPatterns: [...shellFiles(distDir), 'manifest.webmanifest', 'favicon.svg', 'icons/*.png'],
  // '/offline/' is not asked for by anyone; the fallback reads '/offline/index.html' itself.
  directoryIndex: undefined,
  runtimeCaching,
  inlineWorkboxRuntime: true,
  // Web Push: the notification and its tap (site/public/sw-push.js, docs/PUSH.md); the photos
  // kept for reading offline (site/public/sw-offline.js, docs/APP.md).
  importScripts: ['/sw-push.js', '/sw-offline.js'],
  mode: 'production',
  sourcemap: false,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
});

/** After the build: writes dist/sw.js (not for the pseudo build). */
export const writeServiceWorker = async (distDir: string): Promise<void> => {
  const { count, size, warnings } = await generateSW(serviceWorkerOptions(distDir));
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  console.log(`service worker: ${count} files precached (${(size / 1024).toFixed(1)} KB)`);
};
