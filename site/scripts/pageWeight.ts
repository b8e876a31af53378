/**
 * What a page costs to load before any user action: its HTML, stylesheets,
 * the scripts it references (including island components and renderers) and
 * everything those import statically. Dynamic import() chunks — the map — are
 * left out on purpose: they load only when asked for.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const ATTRIBUTE_URLS = /\b(?:src|href|component-url|renderer-url)\s*=\s*"([^"]+)"/g;
const STATIC_IMPORT = /(?:^|[^.\w$])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
const EXPORT_FROM = /(?:^|[^.\w$])export\s*[\w$*{}\s,]*?\s*from\s*["']([^"']+)["']/g;

/** Local script and stylesheet URLs a page references. */
export const pageAssets = (html: string): string[] => {
  const urls = new Set<string>();
  for (const match of html.matchAll(ATTRIBUTE_URLS)) {
    const url = match[1] ?? '';
    if (/^\/_astro\/.+\.(?:js|css)$/.test(url)) urls.add(url);
  }
  return [...urls];
};

/** Specifiers a module imports statically (not `import()`). */
export const staticImports = (code: string): string[] => {
  const found = new Set<string>();
  for (const pattern of [STATIC_IMPORT, EXPORT_FROM])
    for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  return [...found];
};

export type PageWeight = {
  page: string;
  html: number;
  css: number;
  js: number;
  total: number;
  /** Fonts the page preloads (a Hindi or Kannada page's script font), already compressed (woff2). */
  fonts: number;
  files: string[];
};

const PRELOADED_FONT = /<link rel="preload" href="(\/_astro\/[^"]+\.woff2)"/g;

const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;

export const pageWeight = (distDir: string, htmlFile: string): PageWeight => {
  const html = readFileSync(join(distDir, htmlFile));
  const seen = new Set<string>();
  let css = 0;
  let js = 0;
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const bytes = readFileSync(join(distDir, url));
    if (url.endsWith('.css')) {
      css += gzipSize(bytes);
      return;
    }
    js += gzipSize(bytes);
    for (const spec of staticImports(bytes.toString('utf8')))
      if (spec.startsWith('.') || spec.startsWith('/'))
        visit(spec.startsWith('/') ? spec : posix.join(dirname(url), spec));
  };
  for (const asset of pageAssets(html.toString('utf8'))) visit(asset);
  const htmlSize = gzipSize(html);
  let fonts = 0;
  for (const match of html.toString('utf8').matchAll(PRELOADED_FONT))
    fonts += readFileSync(join(distDir, match[1] ?? '')).byteLength;
  const page = `/${htmlFile
    .replace(/index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\/$/, '')}`;
  return {
    page: page === '/' ? '/' : page,
    html: htmlSize,
    css,
    js,
    total: htmlSize + css + js,
    fonts,
    files: [...seen],
  };
};
