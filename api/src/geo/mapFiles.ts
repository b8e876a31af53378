import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FONT_STACKS, geoDir, readManifest } from '@rentals/core/geo/manifest';
import type { BasemapInfo } from './basemapInfo.ts';

export const MAPS_PREFIX = '/maps/';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const VERSIONED = /^\/maps\/([0-9a-f]{12})\/(.+)$/;
const GLYPH_RANGE = /^fonts\/([^/]+)\/(\d{1,5})-(\d{1,5})\.pbf$/;

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'cache-control': 'no-cache' } });

/** Parses a single `bytes=` range; PMTiles readers send exactly one. */
const parseRange = (header: string, size: number): { start: number; end: number } | 'invalid' => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? 'invalid' : { start: size - suffix, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
};

/**
 * Serves one file with byte ranges (206) and long-lived caching. Never
 * compressed in transit: the archive's tiles are gzipped inside it, and a
 * Content-Encoding would make byte offsets meaningless.
 */
const serveFile = (request: Request, path: string, contentType: string, etag: string): Response => {
  const file = Bun.file(path);
  const size = file.size;
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': IMMUTABLE,
    'accept-ranges': 'bytes',
    etag,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'content-range, etag, content-length',
  };
  const range = request.headers.get('range');
  if (range === null)
    return new Response(request.method === 'HEAD' ? null : file, {
      headers: { ...headers, 'content-length': String(size) },
    });
  const parsed = parseRange(range, size);
  if (parsed === 'invalid')
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${size}` },
    });
  const { start, end } = parsed;
  return new Response(request.method === 'HEAD' ? null : file.slice(start, end + 1), {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': String(end - start + 1),
    },
  });
};

/**
 * The basemap's file server under /maps/: `basemap.json` (revalidated), and
 * the versioned archive and glyphs of the current build (cached for a year).
 */
export const createMapFiles = (options: {
  dataDir: string;
  basemapUrl?: string;
  routingUrl?: string;
}) => {
  const root = geoDir(options.dataDir);
  return (request: Request): Response => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const { pathname } = new URL(request.url);
    const manifest = readManifest(options.dataDir);
    if (!manifest)
      return new Response('The basemap has not been built: run npm run geo:build', { status: 503 });

    if (pathname === '/maps/basemap.json') {
      const ours = `/maps/${manifest.version}/${manifest.basemap}`;
      const info: BasemapInfo = {
        version: manifest.version,
        pmtiles: options.basemapUrl ?? ours,
        flavour: options.basemapUrl ? 'protomaps' : 'india',
        boundaries: ours,
        glyphs: `/maps/${manifest.version}/${manifest.glyphs}/{fontstack}/{range}.pbf`,
        attribution: options.basemapUrl
          ? `© OpenStreetMap contributors · ${manifest.attribution}`
          : manifest.attribution,
        ...(options.routingUrl ? { routingUrl: options.routingUrl } : {}),
      };
      return Response.json(info, { headers: { 'cache-control': 'no-cache' } });
    }

    const versioned = VERSIONED.exec(pathname);
    if (!versioned || versioned[1] !== manifest.version) return notFound();
    let file: string;
    try {
      file = decodeURIComponent(versioned[2] ?? '');
    } catch {
      return notFound(); // not valid percent-encoding: no such file
    }
    const etag = `"${manifest.version}"`;
    if (file === manifest.basemap)
      return serveFile(
        request,
        join(root, manifest.version, manifest.basemap),
        'application/vnd.pmtiles',
        etag,
      );

    const glyph = GLYPH_RANGE.exec(file);
    if (
      glyph &&
      glyph[1]! in FONT_STACKS &&
      Number(glyph[3]) - Number(glyph[2]) === 255 &&
      Number(glyph[2]) % 256 === 0
    ) {
      const path = join(
        root,
        manifest.version,
        manifest.glyphs,
        glyph[1]!,
        `${glyph[2]}-${glyph[3]}.pbf`,
      );
      if (existsSync(path)) return serveFile(request, path, 'application/x-protobuf', etag);
      // Ranges we do not build (scripts our labels never use) are empty, not errors, so MapLibre draws on.
      return new Response(new Uint8Array(0), {
        headers: { 'content-type': 'application/x-protobuf', 'cache-control': IMMUTABLE },
      });
    }
    return notFound();
  };
};
