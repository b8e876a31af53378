import type { PropertyType } from '@rentals/core/listings/listing';
import type { BoundingBox } from './criteria.ts';

/**
 * One listing on the map: where it is drawn and its type (the marker's colour).
 * `rent` only for signed-in users; a visitor's position is the visitor model's
 * (3–6 km off, migration 0027), never the exact one.
 */
export type MapPoint = {
  id: string;
  lat: number;
  lng: number;
  type: PropertyType;
  rent?: number;
};

/** Listings in one grid cell: drawn at their average position with their count. */
export type MapCluster = { lat: number; lng: number; count: number };

/** A map search's answer: every match as a point, or, above MAP_POINT_LIMIT matches, clusters that sum to `total`. */
export type MapResult =
  | { total: number; clustered: false; points: MapPoint[] }
  | { total: number; clustered: true; cellDegrees: number; clusters: MapCluster[] };

/**
 * Up to this many matches in the viewport come as points (the client clusters
 * them itself, as MapLibre does); more come as server-side clusters. 3,000
 * points with rent are ~310 KB of JSON, ~100 KB gzip (a random listing id
 * alone is ~16 bytes of entropy), inside the 150 KB bar.
 */
export const MAP_POINT_LIMIT = 3000;

/** A cluster covers about this many screen pixels across (MapLibre tiles are 512 px wide). */
const CELL_PX = 64;
/** However the zoom is given, a viewport is cut into at most this many cells across its longer side. */
const MAX_CELLS_ACROSS = 48;

/**
 * The side of a grid cell in degrees for a viewport: ~64 px at the map's zoom,
 * but never so small that the viewport holds more than 48 × 48 cells (a zoom
 * that does not fit the box cannot make the answer large). A power of two
 * times 45°, so cells of nearby zooms nest and clusters do not jitter when
 * panning: every cell edge is a multiple of the cell size.
 */
export const cellDegrees = (zoom: number, bbox: BoundingBox): number => {
  const byZoom = (360 * CELL_PX) / (512 * 2 ** Math.floor(zoom));
  const span = Math.max(bbox.east - bbox.west, bbox.north - bbox.south);
  let cell = byZoom;
  while (span / cell > MAX_CELLS_ACROSS) cell *= 2;
  return cell;
};

/**
 * The cluster grid in memory, for positions an engine returned one by one.
 * The same cells and averages as the Postgres aggregation (mapInPostgres.ts):
 * a position belongs to the cell floor(lat / cell), floor(lng / cell).
 */
export const clusterPoints = (
  points: readonly { lat: number; lng: number }[],
  cell: number,
): MapCluster[] => {
  const cells = new Map<string, { lat: number; lng: number; count: number }>();
  for (const p of points) {
    const key = `${Math.floor(p.lat / cell)}:${Math.floor(p.lng / cell)}`;
    const c = cells.get(key);
    if (c) {
      c.lat += p.lat;
      c.lng += p.lng;
      c.count++;
    } else cells.set(key, { lat: p.lat, lng: p.lng, count: 1 });
  }
  return [...cells.values()].map((c) => ({
    lat: roundDegrees(c.lat / c.count),
    lng: roundDegrees(c.lng / c.count),
    count: c.count,
  }));
};

/** Six decimals (~10 cm) say all a marker needs and keep the answer small. */
export const roundDegrees = (value: number) => Math.round(value * 1e6) / 1e6;
