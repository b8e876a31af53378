import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FONT_STACKS, geoDir, readManifest } from '@rentals/core/geo/manifest';
import { contentTypeOf, IMMUTABLE } from '@rentals/core/contentTypes';
import { fileResponse, readOnly } from '../web/files.ts';
import type { BasemapInfo } from '@rentals/core/contract/basemap';

export const MAPS_PREFIX = '/maps/';

const VERSIONED = /^\/maps\/([0-9a-f]{12})\/(.+)$/;
const GLYPH_RANGE = /^fonts\/([^/]+)\/(\d{1,5})-(\d{1,5})\.pbf$/;

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'cache-control': 'no-cache' } });

/**
 * One file with byte ranges (206) and long-lived caching. Never compressed in
 * transit: the archive's tiles are gzipped inside it, and a Content-Encoding
 * would make byte offsets meaningless.
 */
const serveFile = (request: Request, path: string, etag: string): Response => {
  const file = Bun.file(path);
  return fileResponse(request, {
    body: file,
    size: file.size,
    contentType: contentTypeOf(path),
    cacheControl: IMMUTABLE,
    ranges: true,
    headers: {
      etag,
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-range, etag, content-length',
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
    const refused = readOnly(request);
    if (refused) return refused;
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
      return serveFile(request, join(root, manifest.version, manifest.basemap), etag);

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
      if (existsSync(path)) return serveFile(request, path, etag);
      // Ranges we do not build (scripts our labels never use) are empty, not errors, so MapLibre draws on.
      return new Response(new Uint8Array(0), {
        headers: { 'content-type': 'application/x-protobuf', 'cache-control': IMMUTABLE },
      });
    }
    return notFound();
  };
};
