import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { FetchSource, PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoDir, type GeoManifest } from '@rentals/core/geo/manifest';
import { ensureGeoData } from '@rentals/testing/infra';
import { silentLogger } from '@rentals/core/logger';
import type { BasemapInfo } from '@rentals/core/contract/basemap';
import { createMapFiles } from './mapFiles.ts';

let dataDir: string;
let manifest: GeoManifest;
let server: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-maps-'));
  manifest = await ensureGeoData(dataDir, silentLogger);
  const files = createMapFiles({ dataDir });
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: files });
  base = `http://127.0.0.1:${server.port}`;
}, 120_000);
afterAll(async () => {
  await server.stop(true);
  await rm(dataDir, { recursive: true, force: true });
});

const basemapInfo = async () =>
  (await (await fetch(`${base}/maps/basemap.json`)).json()) as BasemapInfo;

/** Tile coordinates of a point, as MapLibre requests them. */
const tileAt = (lat: number, lng: number, z: number): [number, number, number] => {
  const rad = (lat * Math.PI) / 180;
  return [
    z,
    Math.floor(((lng + 180) / 360) * 2 ** z),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z),
  ];
};

/** How many features of a layer a tile holds (0 when the tile or layer is missing). */
const featuresIn = async (archive: PMTiles, layer: string, at: [number, number, number]) => {
  const tile = await archive.getZxy(...at);
  if (!tile) return 0;
  return new VectorTile(new PbfReader(new Uint8Array(tile.data))).layers[layer]?.length ?? 0;
};

const namesIn = async (archive: PMTiles, layer: string, at: [number, number, number]) => {
  const tile = await archive.getZxy(...at);
  if (!tile) return [];
  const decoded = new VectorTile(new PbfReader(new Uint8Array(tile.data)));
  const l = decoded.layers[layer];
  if (!l) return [];
  return Array.from({ length: l.length }, (_, i) => String(l.feature(i).properties.name));
};

describe('the basemap build', () => {
  it('is cached: a second call reuses the build of the same version', async () => {
    const archive = join(geoDir(dataDir), manifest.version, manifest.basemap);
    const before = statSync(archive).mtimeMs;
    const again = await ensureGeoData(dataDir, silentLogger);
    expect(again).toEqual(manifest);
    expect(statSync(archive).mtimeMs).toBe(before);
  });

  it('holds India with its official boundary, states, cities and PIN localities, read through HTTP ranges', async () => {
    const info = await basemapInfo();
    const archive = new PMTiles(new FetchSource(`${base}${info.pmtiles}`));
    const header = await archive.getHeader();
    expect(header).toMatchObject({ specVersion: 3, tileType: 1, minZoom: 0, maxZoom: 10 });
    const metadata = (await archive.getMetadata()) as {
      vector_layers: { id: string }[];
      attribution: string;
    };
    expect(metadata.vector_layers.map((l) => l.id).sort()).toEqual([
      'country',
      'localities',
      'neighbours',
      'places',
      'sea',
      'state_labels',
      'states',
    ]);
    expect(metadata.attribution).toContain('GeoNames');

    // Bengaluru at zoom 8: Karnataka among the states, Bengaluru among the places.
    expect(await namesIn(archive, 'states', tileAt(12.97, 77.59, 8))).toContain('Karnataka');
    expect(await namesIn(archive, 'places', tileAt(12.97, 77.59, 8))).toContain('Bengaluru');
    // Each state is labelled once, inside it (Karnataka's centre is near Davangere).
    expect(await namesIn(archive, 'state_labels', tileAt(14.7, 76.2, 5))).toContain('Karnataka');
    // A city zoom shows neighbourhoods from the PIN data.
    expect(await namesIn(archive, 'localities', tileAt(12.926, 77.622, 10))).toContain(
      'Koramangala',
    );
    expect(await namesIn(archive, 'localities', tileAt(28.6327, 77.2196, 10))).toContain(
      'Connaught Place',
    );
    // India's official boundary includes all of Ladakh: the Karakoram Pass area (35.5 N, 77.8 E) and Aksai Chin are India.
    expect(await namesIn(archive, 'country', tileAt(35.3, 79.2, 7))).toContain('India');
    expect(await namesIn(archive, 'states', tileAt(35.3, 79.2, 7))).toContain('Ladakh');
    // No tile below zoom 9 carries localities: low zooms stay light.
    expect(await namesIn(archive, 'localities', tileAt(12.926, 77.622, 8))).toEqual([]);
  });

  it('brings the sea in its tiles, so the style can paint land while they load (issue 16)', async () => {
    const archive = new PMTiles(new FetchSource(`${base}${(await basemapInfo()).pmtiles}`));
    // Open sea (the Bay of Bengal), a coast (Mumbai), inland (Nagpur) at the deepest zoom: the sea is beneath all.
    for (const [lat, lng] of [
      [15, 88],
      [19.07, 72.87],
      [21.15, 79.09],
    ] as const)
      expect(await featuresIn(archive, 'sea', tileAt(lat, lng, 10)), `${lat}, ${lng}`).toBe(1);
    // And one tile beyond the bounds (67.5° E) at country zoom, where a view of India reaches;
    // the archive's bounds include it, or MapLibre would never ask for it.
    expect(await featuresIn(archive, 'sea', tileAt(15, 60, 4))).toBe(1);
    const header = await archive.getHeader();
    expect(header.minLon).toBeLessThanOrEqual(45);
    expect(header.maxLon).toBeGreaterThanOrEqual(112.5);
  });
});

describe('the /maps/ file server', () => {
  it('describes the versioned basemap in a revalidated basemap.json', async () => {
    const response = await fetch(`${base}/maps/basemap.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      version: manifest.version,
      pmtiles: `/maps/${manifest.version}/india.pmtiles`,
      flavour: 'india',
      boundaries: `/maps/${manifest.version}/india.pmtiles`,
      glyphs: `/maps/${manifest.version}/fonts/{fontstack}/{range}.pbf`,
      attribution: manifest.attribution,
    });
  });

  it('answers byte ranges with 206, long caching and no transfer compression', async () => {
    const info = await basemapInfo();
    const response = await fetch(`${base}${info.pmtiles}`, {
      headers: { range: 'bytes=0-126', 'accept-encoding': 'gzip, br' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toMatch(/^bytes 0-126\/\d+$/);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(127);
    expect(new TextDecoder().decode(bytes.slice(0, 7))).toBe('PMTiles');

    const suffix = await fetch(`${base}${info.pmtiles}`, { headers: { range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect((await suffix.arrayBuffer()).byteLength).toBe(10);
    const beyond = await fetch(`${base}${info.pmtiles}`, {
      headers: { range: 'bytes=999999999-' },
    });
    expect(beyond.status).toBe(416);
  });

  it('serves glyph ranges, and empty ones for scripts the labels never use', async () => {
    const glyphs = (await basemapInfo()).glyphs.replace('{fontstack}', 'Noto%20Sans%20Regular');
    const latin = await fetch(`${base}${glyphs.replace('{range}', '0-255')}`);
    expect(latin.status).toBe(200);
    expect((await latin.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const devanagari = await fetch(`${base}${glyphs.replace('{range}', '2304-2559')}`);
    expect(devanagari.status).toBe(200);
    expect((await devanagari.arrayBuffer()).byteLength).toBe(0);
    expect(
      (
        await fetch(
          `${base}${glyphs.replace('Noto%20Sans%20Regular', 'Comic%20Sans').replace('{range}', '0-255')}`,
        )
      ).status,
    ).toBe(404);
  });

  it('refuses other versions and paths', async () => {
    expect((await fetch(`${base}/maps/000000000000/india.pmtiles`)).status).toBe(404);
    expect((await fetch(`${base}/maps/${manifest.version}/../current.json`)).status).toBe(404);
    expect((await fetch(`${base}/maps/${manifest.version}/places.ndjson`)).status).toBe(404);
  });

  it('points at an operator extract when BASEMAP_URL is set, keeping our boundaries', async () => {
    const files = createMapFiles({
      dataDir,
      basemapUrl: 'https://tiles.example.in/india-osm.pmtiles',
      routingUrl: 'https://osrm.example.in',
    });
    const info = (await files(new Request('http://x/maps/basemap.json')).json()) as BasemapInfo;
    expect(info).toMatchObject({
      pmtiles: 'https://tiles.example.in/india-osm.pmtiles',
      flavour: 'protomaps',
      boundaries: `/maps/${manifest.version}/india.pmtiles`,
      routingUrl: 'https://osrm.example.in',
    });
    expect(info.attribution).toContain('OpenStreetMap');
  });
});
