/** The most vertices a drawn area may have (a saved search's, a search's). */
export const MAX_POLYGON_VERTICES = 100;

/** A vertex of an area drawn on the map: [longitude, latitude] in degrees (GeoJSON order). */
export type LngLat = [number, number];

/**
 * Postgres's polygon literal for a drawn area (x = longitude, y = latitude,
 * closed implicitly), read with `::polygon`. Search and the alert matcher
 * both test a listing with `polygon @> point(longitude, latitude)`, so a
 * listing on the area's edge is in both or in neither.
 */
export const polygonLiteral = (points: readonly LngLat[]): string =>
  `(${points.map(([x, y]) => `(${x},${y})`).join(',')})`;

/** The drawn area's bounding box: what an index can narrow to before the exact test. */
export const polygonBounds = (points: readonly LngLat[]) => {
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return {
    west: Math.min(...lngs),
    south: Math.min(...lats),
    east: Math.max(...lngs),
    north: Math.max(...lats),
  };
};

/**
 * A drawn area as the search URL writes it, `lng,lat;lng,lat;…` → its
 * points, or null unless it has 3 to MAX_POLYGON_VERTICES points of finite
 * degrees on the globe. The API checks the text's shape with its schema
 * first (for its message), then the ranges with this. (The site, which
 * imports no server code, reads its URLs with its own lib/drawnArea.ts.)
 */
export const parsePolygonParam = (raw: string | null | undefined): LngLat[] | null => {
  if (!raw) return null;
  const points = raw.split(';').map((p) => p.split(',').map(Number));
  const sound =
    points.length >= 3 &&
    points.length <= MAX_POLYGON_VERTICES &&
    points.every(
      (p) =>
        p.length === 2 &&
        p.every((v) => Number.isFinite(v)) &&
        Math.abs(p[0]!) <= 180 &&
        Math.abs(p[1]!) <= 90,
    );
  return sound ? (points as LngLat[]) : null;
};

/** A drawn area → its URL text (the inverse of parsePolygonParam). */
export const polygonParamOf = (points: readonly LngLat[]): string =>
  points.map((p) => p.join(',')).join(';');
