import {
  addProtocol,
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import maplibreCssUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
import { basemapStyle, basemapZooms } from '../../map/style.ts';
import { pageLocale, text } from '../../lib/i18n.ts';
import type { BasemapInfo } from '@rentals/core/contract/basemap';
import { MAP_MARKS } from '../../map/constants.ts';
import type { MapView } from '../../map/types.ts';
// Our own map styles (pins, popups, controls), linked with MapLibre's for the same reason.
import mapCssUrl from './map.css?url';

let info: Promise<BasemapInfo> | undefined;
let maplibreCss: Promise<void> | undefined;

/**
 * MapLibre's stylesheet (72 KB) and ours, linked when the first map is made. Imported,
 * the bundler would put it in the head of every page with a map island and
 * block the first paint for a map that may never be shown (below the fold,
 * behind the data saver's "Show map"). A failed load still lets the map draw.
 * The maps wait for it: a map drawn before its styles has misplaced markers.
 */
const linkStylesheet = (href: string, before: Node | null): Promise<void> =>
  new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.insertBefore(link, before);
  });

const loadMaplibreCss = (): Promise<void> =>
  (maplibreCss ??= (() => {
    // Before the page's own styles, as when they were bundled; map.css after MapLibre's, which it overrides.
    const pageStyles = document.head.querySelector('link[rel="stylesheet"], style');
    return Promise.all([
      linkStylesheet(maplibreCssUrl, pageStyles),
      linkStylesheet(mapCssUrl, pageStyles),
    ]).then(() => undefined);
  })());
let protocolAdded = false;

/** GET /maps/basemap.json once per page: the versioned archive, glyphs and optional routing service. */
export const loadBasemap = (): Promise<BasemapInfo> => {
  info ??= fetch('/maps/basemap.json', { signal: AbortSignal.timeout(10_000) }).then(
    async (response) => {
      if (!response.ok) throw new Error(`basemap.json answered ${response.status}`);
      return (await response.json()) as BasemapInfo;
    },
  );
  // A failed load is tried again by the next map, not cached.
  info.catch(() => {
    info = undefined;
  });
  return info;
};

/** A map's first view, or how to find it once the basemap is known (it may ask a server too). */
export type OpeningView = MapView | ((basemap: BasemapInfo) => MapView | Promise<MapView>);

/** The camera as attributes of the map's element, so a page (and the e2e tests) can read where it looks. */
const reportCamera = (map: MapLibreMap, element: HTMLElement) => {
  const report = () => {
    const { lat, lng } = map.getCenter();
    element.dataset.center = `${lat.toFixed(5)},${lng.toFixed(5)}`;
    element.dataset.zoom = map.getZoom().toFixed(2);
  };
  report();
  map.on('moveend', report);
};

/**
 * A MapLibre map on our own basemap. The `pmtiles://` protocol reads tiles
 * straight out of the archive with HTTP range requests; the worker script is
 * emitted by the bundler beside this chunk, since MapLibre cannot find it
 * inside a bundle on its own.
 */
export const createMap = async (
  container: HTMLElement,
  opening: OpeningView,
): Promise<MapLibreMap> => {
  const [basemap] = await Promise.all([loadBasemap(), loadMaplibreCss()]);
  const view = typeof opening === 'function' ? await opening(basemap) : opening;
  if (!protocolAdded) {
    setWorkerUrl(workerUrl);
    addProtocol('pmtiles', new Protocol().tile);
    protocolAdded = true;
  }
  const map = new MapLibreMap({
    container,
    style: basemapStyle(basemap, window.location.origin, text('location.noStreets'), pageLocale()),
    center: [view.center.longitude, view.center.latitude],
    zoom: view.zoom,
    attributionControl: false,
    // Ours ends at the localities (its tiles at zoom 10, over-zoomed); an operator's OSM extract goes to the streets.
    maxZoom: basemapZooms(basemap).max,
    // Labels appear at once: a fade redraws the whole map for 300 ms after each placement,
    // frames a budget phone spends on its main thread while the page starts (TBT).
    fadeDuration: 0,
  });
  reportCamera(map, container);
  // Where a map's time to its first pin starts (useFirstPinMark).
  map.once('style.load', () =>
    performance.mark(MAP_MARKS.styleLoaded, { detail: container.dataset.testid }),
  );
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
  // Start with the attribution folded behind its (i) button: expanded, it covers a small map's bottom third.
  map.once('load', () =>
    container.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show'),
  );
  return map;
};

export const routingUrlOf = async (): Promise<string | undefined> =>
  (await loadBasemap().catch(() => undefined))?.routingUrl;

/**
 * Resolves once the style itself is parsed ('style.load'), so sources and
 * layers can be added. Not `isStyleLoaded()` or 'load': both also wait for
 * every basemap tile in view, which under load took seconds, and 'load' fires
 * once only, so a wait begun while later tiles loaded never ended.
 */
export const whenStyleLoaded = (map: MapLibreMap): Promise<void> =>
  map.style._loaded
    ? Promise.resolve()
    : new Promise((resolve) => map.once('style.load', () => resolve()));
