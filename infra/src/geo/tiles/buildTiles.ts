import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { buildArchive, type Tile } from '../pmtiles/writer.ts';
import { BASEMAP_LAYERS, type LayerSource } from './layers.ts';

export const BASEMAP_MAX_ZOOM = 10;

const lngToX = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};
/** The west edge of tile column x, and the north edge of tile row y. */
const xToLng = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const yToLat = (y: number, z: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/**
 * Cuts every layer into vector tiles for zooms 0..maxZoom over the bounds and
 * packs them into one PMTiles archive. MapLibre over-zooms the last level, so
 * there is no point in building deeper tiles without street data.
 *
 * Each zoom also gets a ring of one tile around the bounds: a view of India's
 * edge reaches past the bounds, and where there is no tile the map shows its
 * background (land), so the sea there must come in a tile. The sea layer fills
 * every tile; tiles without any layer are left out. The archive's bounds are
 * the area its tiles cover, ring included: MapLibre asks for no tile outside
 * them.
 */
export const buildBasemap = (
  layers: LayerSource[],
  options: { bounds: [number, number, number, number]; maxZoom?: number; attribution: string },
): { archive: Uint8Array; tiles: number } => {
  const maxZoom = options.maxZoom ?? BASEMAP_MAX_ZOOM;
  const indexes = layers.map((layer) => ({
    layer,
    index: new GeoJSONVT(layer.data, {
      maxZoom,
      indexMaxZoom: 5,
      tolerance: 3,
      extent: 4096,
      buffer: 64,
    }),
  }));
  const [west, south, east, north] = options.bounds;
  const tiles: Tile[] = [];
  const covered: [number, number, number, number] = [180, 90, -180, -90];
  for (let z = 0; z <= maxZoom; z++) {
    const last = 2 ** z - 1;
    const [xMin, xMax] = [Math.max(0, lngToX(west, z) - 1), Math.min(last, lngToX(east, z) + 1)];
    const [yMin, yMax] = [Math.max(0, latToY(north, z) - 1), Math.min(last, latToY(south, z) + 1)];
    covered[0] = Math.min(covered[0], xToLng(xMin, z));
    covered[1] = Math.min(covered[1], yToLat(yMax + 1, z));
    covered[2] = Math.max(covered[2], xToLng(xMax + 1, z));
    covered[3] = Math.max(covered[3], yToLat(yMin, z));
    for (let x = xMin; x <= xMax; x++) {
      for (let y = yMin; y <= yMax; y++) {
        const content: Parameters<typeof fromGeojsonVt>[0] = {};
        for (const { layer, index } of indexes) {
          if (z < layer.minZoom) continue;
          const tile = index.getTile(z, x, y);
          if (!tile || tile.features.length === 0) continue;
          // Several sources may feed one layer (places by rank): their features share the tile layer.
          const existing = content[layer.name];
          content[layer.name] = existing
            ? { ...existing, features: [...existing.features, ...tile.features] }
            : tile;
        }
        if (Object.keys(content).length === 0) continue;
        tiles.push({ z, x, y, data: fromGeojsonVt(content, { version: 2, extent: 4096 }) });
      }
    }
  }
  const archive = buildArchive(tiles, {
    tileType: 'mvt',
    gzipTiles: true,
    minZoom: 0,
    maxZoom,
    bounds: covered,
    center: { zoom: 4, lon: 78.9629, lat: 20.5937 },
    metadata: {
      name: 'India basemap',
      attribution: options.attribution,
      vector_layers: [...new Set(layers.map((l) => l.name))].map((id) => ({
        id,
        fields: BASEMAP_LAYERS[id].fields,
        minzoom: Math.min(...layers.filter((l) => l.name === id).map((l) => l.minZoom)),
        maxzoom: maxZoom,
      })),
    },
  });
  return { archive, tiles: tiles.length };
};
