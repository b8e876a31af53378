import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf, fileResponse, IMMUTABLE } from './files.ts';
import {
  ASSETS_DIR,
  PAGE_STATUS_BYTES,
  statusOfPage,
} from '@rentals/projections/queries/publicPageFiles';

/**
 * The generated pages run no script at all (JSON-LD blocks are data), so the
 * policy can forbid every script; images may be data: placeholders.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** Only these paths belong to the generated site; everything else falls through to the app's site. */
const OWNED = /^\/(?:browse\/.+|sitemap\.xml|sitemaps\/[a-z0-9-]+\.xml|robots\.txt)$/;
/** A listing's own page, whose status may be 404 (delisted) or 410 (deleted). */
const LISTING_PAGE = /^browse\/[^/]+\.html$/;
/** Letters, digits, dots, dashes, underscores and slashes; no `..` (checked below). */
const SAFE_PATH = /^[A-Za-z0-9/_.-]+$/;

/** The file for a request path: assets and feeds as they are, pages as `<path>.html`. */
const fileFor = (pathname: string): string | undefined => {
  const path = pathname.replace(/\/+$/, '');
  if (!SAFE_PATH.test(path) || path.includes('..')) return undefined;
  return /\.(xml|txt|css|webp|png|svg)$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`;
};

/**
 * Serves the generated public site from `dir` (DATA_DIR/public-site):
 * HTML, sitemaps and robots.txt are revalidated on every visit (`no-cache`
 * with an ETag, answered 304 when unchanged); the content-hashed stylesheet
 * is immutable. Returns undefined for paths it does not have, so the caller
 * falls back to the Astro site (e.g. its /browse screen and id shells).
 */
export const publicSiteHandler = (dir: string) => async (request: Request) => {
  const { pathname } = new URL(request.url);
  if (!OWNED.test(pathname) || (request.method !== 'GET' && request.method !== 'HEAD'))
    return undefined;
  const relative = fileFor(pathname);
  if (!relative) return undefined;
  const file = join(dir, relative);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const status = LISTING_PAGE.test(relative)
    ? statusOfPage(await Bun.file(file).slice(0, PAGE_STATUS_BYTES).text())
    : 200;
  return fileResponse(request, {
    body: Bun.file(file),
    size: info.size,
    status,
    contentType: contentTypeOf(relative),
    cacheControl: relative.startsWith(`${ASSETS_DIR}/`) ? IMMUTABLE : 'no-cache',
    etag,
    headers: SECURITY_HEADERS,
  });
};
