/**
 * An area drawn on the search page's map, as the URL and the API write it:
 * `polygon=lng,lat;lng,lat;…`, closed implicitly. A saved search with a
 * drawn area opens the search page with `view=map&polygon=…`
 * (lib/savedSearches.ts).
 */

/** Corners as [longitude, latitude] in degrees (GeoJSON order). */
export type DrawnArea = [number, number][];

/** The API's MAX_POLYGON_VERTICES (core/geo/polygon.ts; drawnArea.unit.test.ts checks they agree). */
export const MAX_CORNERS = 100;

/** Five decimals (about a metre) keep a 100-corner area's URL near 2 KB. */
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** The `polygon` parameter's text. */
export const polygonParam = (area: DrawnArea): string =>
  area.map(([lng, lat]) => `${round(lng)},${round(lat)}`).join(';');

/** The drawn area in a page's query string, if it has a sound one (3 to MAX_CORNERS corners on the globe). */
export const drawnAreaOf = (search: string): DrawnArea | null => {
  const raw = new URLSearchParams(search).get('polygon');
  if (!raw) return null;
  const corners = raw.split(';').map((p) => p.split(',').map(Number));
  const sound =
    corners.length >= 3 &&
    corners.length <= MAX_CORNERS &&
    corners.every(
      ([lng, lat, ...rest]) =>
        rest.length === 0 &&
        lng !== undefined &&
        lat !== undefined &&
        Number.isFinite(lng) &&
        Number.isFinite(lat) &&
        Math.abs(lng) <= 180 &&
        Math.abs(lat) <= 90,
    );
  return sound ? (corners as DrawnArea) : null;
};

/** west, south, east, north: what the map is fitted to. */
export const areaBounds = (area: DrawnArea): [number, number, number, number] => {
  const lngs = area.map((p) => p[0]);
  const lats = area.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
};

/** Whether another corner may be added while drawing. */
export const canAddPoint = (area: DrawnArea) => area.length < MAX_CORNERS;
