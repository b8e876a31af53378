/**
 * The map view's floor for `npm run bench:lighthouse` (infra/src/bench/lighthouse.ts):
 * MapLibre drawing our basemap, in the site's own style, at the camera and size the
 * map view ended on, and nothing else (no pins, list, header or React). Its total
 * blocking time is what drawing this map costs on the machine that measures it, so
 * the map view's figure can be read against it. Bundled by the benchmark with Bun,
 * never by the site; the page's element carries the camera and the worker's URL.
 */
import { addProtocol, Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import { Protocol } from 'pmtiles';
import type { BasemapInfo } from '@rentals/core/contract/basemap';
import { basemapStyle, basemapZooms } from '../src/map/style.ts';

const element = document.getElementById('map');
if (!element) throw new Error('the floor page has no #map element');
const { lng, lat, zoom, worker, noStreets } = element.dataset;

const start = async () => {
  const basemap = (await (await fetch('/maps/basemap.json')).json()) as BasemapInfo;
  setWorkerUrl(worker ?? '');
  addProtocol('pmtiles', new Protocol().tile);
  // The options the site's maps start with (site/src/islands/map/basemap.ts), controls aside.
  const map = new MapLibreMap({
    container: element,
    style: basemapStyle(basemap, window.location.origin, noStreets ?? '', 'en'),
    center: [Number(lng), Number(lat)],
    zoom: Number(zoom),
    attributionControl: false,
    maxZoom: basemapZooms(basemap).max,
    fadeDuration: 0,
  });
  // The benchmark checks the floor drew the map before it measures it.
  map.once('load', () => (element.dataset.loaded = 'true'));
};

void start();
