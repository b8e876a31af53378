import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf } from '@rentals/core/contentTypes';
import { DEFAULT_LOCALE, LOCALES, pathLocale } from '@rentals/core/i18n/locales';
import type { S3Bucket } from '@rentals/core/s3Bucket';
import { fileResponse } from './files.ts';
import { holdPhotos, wantsDataSaver } from './heldPhotos.ts';
import { firstVisitCandidate, firstVisitRedirect } from './languages.ts';
import {
  cacheControlOfPage,
  PAGE_STATUS_BYTES,
  statusOfPage,
} from '@rentals/projections/queries/publicPageFiles';

/**
 * The generated pages run one script, their header island from our own origin
 * (browse/_assets), and nothing inline (JSON-LD blocks are data); images may be
 * data: placeholders.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; object-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** The other languages' prefixes: their pages (/hi/browse/cities/pune, /hi/browse/{id}) and sitemaps. */
const LANGUAGE = `(?:(?:${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')})\\/)?`;
/** Only these paths belong to the generated site; everything else falls through to the app's site. */
const OWNED = new RegExp(
  `^\\/(?:${LANGUAGE}browse\\/.+|sitemap\\.xml|sitemaps\\/${LANGUAGE}[a-z0-9-]+\\.xml|robots\\.txt|${LANGUAGE}data\\/rents|data\\/rents\\.(?:csv|json|schema\\.json))$`,
);
/** A listing's own page in any language, whose status may be 404 (delisted) or 410 (deleted). */
const LISTING_PAGE = new RegExp(`^${LANGUAGE}browse\\/[^/]+\\.html$`);
/** Letters, digits, dots, dashes, underscores and slashes; no `..` (checked below). */
const SAFE_PATH = /^[A-Za-z0-9/_.-]+$/;

/** The file for a request path: assets and feeds as they are, pages as `<path>.html`. */
const fileFor = (pathname: string): string | undefined => {
  const path = pathname.replace(/\/+$/, '');
  if (!SAFE_PATH.test(path) || path.includes('..')) return undefined;
  return /\.(xml|txt|css|js|webp|png|svg|csv|json)$/.test(path)
    ? path.slice(1)
    : `${path.slice(1)}.html`;
};

/** One generated file as a source holds it; `head` reads its first bytes (a listing page's status). */
type PageFile = {
  size: number;
  etag: string;
  head: (bytes: number) => Promise<string>;
  body: () => Blob | ReadableStream<Uint8Array>;
};
type PageSource = (relative: string) => Promise<PageFile | undefined>;

/** DATA_DIR/public-site, where the projections process writes the pages. */
const diskPages =
  (dir: string): PageSource =>
  async (relative) => {
    const file = join(dir, relative);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      size: info.size,
      etag: `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      head: (bytes) => Bun.file(file).slice(0, bytes).text(),
      body: () => Bun.file(file),
    };
  };

/** The pages' bucket (PAGES_S3_*), which the regenerator keeps in step with the disk. */
const bucketPages =
  (bucket: S3Bucket): PageSource =>
  async (relative) => {
    const found = await bucket.stat(relative);
    if (!found) return undefined;
    const object = bucket.client.file(bucket.key(relative));
    return {
      size: found.size,
      etag: found.etag.startsWith('"') ? found.etag : `"${found.etag}"`,
      head: (bytes) => object.slice(0, bytes).text(),
      // A stream: Bun cannot wrap an S3 file itself in a Response with headers.
      body: () => object.stream(),
    };
  };

/**
 * Serves the generated public site from `from`: the directory the projections
 * process writes (DATA_DIR/public-site), or the bucket it publishes to. HTML,
 * sitemaps and robots.txt are revalidated on every visit (`no-cache` with an
 * ETag, answered 304 when unchanged); the content-hashed stylesheet is
 * immutable. Returns undefined for paths it does not have, so the caller
 * falls back to the Astro site (e.g. its /browse screen and id shells).
 */
export const publicSiteHandler = (from: string | S3Bucket) => {
  const source = typeof from === 'string' ? diskPages(from) : bucketPages(from);
  return async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (!OWNED.test(pathname) || (request.method !== 'GET' && request.method !== 'HEAD'))
      return undefined;
    const relative = fileFor(pathname);
    if (!relative) return undefined;
    // A first visit in Hindi or Kannada goes to the page in its language, where there is one.
    const other = firstVisitCandidate(new URL(request.url), request.headers);
    const otherFile = other && fileFor(other);
    if (other && otherFile && (await source(otherFile)))
      return firstVisitRedirect(`${other}${new URL(request.url).search}`, SECURITY_HEADERS);
    const file = await source(relative);
    if (!file) return undefined;
    const status = LISTING_PAGE.test(relative)
      ? statusOfPage(await file.head(PAGE_STATUS_BYTES))
      : 200;
    const html = relative.endsWith('.html');
    const page = {
      status,
      contentType: contentTypeOf(relative),
      cacheControl: cacheControlOfPage(relative),
      // A page differs with the data saver (below); its files never do.
      headers: html ? { ...SECURITY_HEADERS, vary: 'Save-Data, Cookie' } : SECURITY_HEADERS,
    };
    if (html && wantsDataSaver(request.headers)) {
      // Photos held (heldPhotos.ts): its own validator, so a copy kept with photos never answers 304.
      const held = new TextEncoder().encode(
        holdPhotos(await new Response(file.body()).text(), pathLocale(pathname).locale),
      );
      return fileResponse(request, {
        ...page,
        body: held,
        size: held.byteLength,
        etag: file.etag.replace(/"$/, '-held"'),
      });
    }
    return fileResponse(request, { ...page, body: file.body(), size: file.size, etag: file.etag });
  };
};
