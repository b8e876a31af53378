/**
 * The map view's floor for `bench:lighthouse`: a page with MapLibre drawing our basemap in the
 * site's style (site/scripts/benchMapFloor.ts), at the camera and size the map view ends on,
 * and nothing else. Served by the same web process from the generated site's directory, in
 * the same run, so `map view TBT ÷ floor TBT` is what the app adds to drawing the map.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '@rentals/testing/browser';
import { ROOT } from '@rentals/testing/product';
import { chromiumPath } from '@rentals/infra/services/systemPrograms';

export type MapCamera = { lng: number; lat: number; zoom: number; height: number };

/** Lighthouse's mobile screen (its default `screenEmulation`): the floor is drawn at the same size. */
const LIGHTHOUSE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };

/**
 * Where the map view's camera settles: the page opened as Lighthouse's phone, signed in,
 * until the listings map's reported centre has stayed put for a second after its first pin.
 */
export const mapViewCamera = async (url: string, token: string): Promise<MapCamera> => {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: LIGHTHOUSE_SCREEN.width, height: LIGHTHOUSE_SCREEN.height },
      deviceScaleFactor: LIGHTHOUSE_SCREEN.deviceScaleFactor,
      isMobile: true,
    });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto(url);
    const map = page.getByTestId('listings-map');
    await map.locator('.maplibregl-canvas').waitFor({ timeout: 60_000 });
    let last = '';
    for (let stable = 0; stable < 4;) {
      await page.waitForTimeout(250);
      const now = `${await map.getAttribute('data-center')} ${await map.getAttribute('data-zoom')}`;
      stable = now === last ? stable + 1 : 0;
      last = now;
    }
    const [lat, lng] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
    const zoom = Number(await map.getAttribute('data-zoom'));
    const box = await map.boundingBox();
    if (lat === undefined || lng === undefined || !box || Number.isNaN(zoom))
      throw new Error('the map view reported no camera');
    return { lat, lng, zoom, height: Math.round(box.height) };
  } finally {
    await browser.close();
  }
};

/** Throws unless the floor page draws its map (MapLibre's 'load': the style and the tiles in view). */
export const checkMapFloor = async (url: string) => {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const errors: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.locator('#map[data-loaded]').waitFor({ timeout: 30_000 });
  } catch (error) {
    throw new AggregateError([error, ...errors], `the map floor ${url} did not draw`, {
      cause: error,
    });
  } finally {
    await browser.close();
  }
};

/**
 * Writes the floor page into `dir` (the generated site's `browse/bench`): the entry bundled
 * as the site's build would (minified, production), MapLibre's worker and stylesheet beside it,
 * and a line of text above the map, Lighthouse's first contentful paint (a WebGL canvas alone
 * is not one here). Returns the page's path under `/browse/bench`.
 */
export const writeMapFloor = async (dir: string, camera: MapCamera): Promise<string> => {
  mkdirSync(dir, { recursive: true });
  const result = await Bun.build({
    entrypoints: [join(ROOT, 'site', 'scripts', 'benchMapFloor.ts')],
    target: 'browser',
    format: 'esm',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const [output] = result.outputs;
  if (!result.success || !output)
    throw new AggregateError(result.logs, 'site/scripts/benchMapFloor.ts did not build');
  writeFileSync(join(dir, 'map-floor.js'), await output.text());
  const maplibre = join(ROOT, 'node_modules', 'maplibre-gl', 'dist');
  copyFileSync(join(maplibre, 'maplibre-gl-worker.mjs'), join(dir, 'maplibre-worker.js'));
  copyFileSync(join(maplibre, 'maplibre-gl.css'), join(dir, 'maplibre.css'));
  writeFileSync(
    join(dir, 'map-floor.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Map floor</title><link rel="stylesheet" href="/browse/bench/maplibre.css"><style>body{margin:0}#map{height:${camera.height}px}</style></head><body><p>MapLibre and the basemap only.</p><div id="map" data-lng="${camera.lng}" data-lat="${camera.lat}" data-zoom="${camera.zoom}" data-worker="/browse/bench/maplibre-worker.js" data-no-streets="No streets"></div><script type="module" src="/browse/bench/map-floor.js"></script></body></html>`,
  );
  return '/browse/bench/map-floor';
};
