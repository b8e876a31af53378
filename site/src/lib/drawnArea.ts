/**
 * An area drawn on the search page's map, as the URL and the API write it:
 * `polygon=lng,lat;lng,lat;…`, closed implicitly. A saved search with a
 * drawn area opens the search page with `view=map&polygon=…`
 * (lib/savedSearches.ts). Loaded with the search page, so it holds only what
 * the page needs before the map (islands/map/areaCorners.ts has the rest).
 */

/** Corners as [longitude, latitude] in degrees (GeoJSON order). */
export type DrawnArea = [number, number][];

/** The API's MAX_POLYGON_VERTICES (core/geo/polygon.ts; drawnArea.unit.test.ts checks they agree). */
export const MAX_CORNERS = 100;

/** The `polygon` parameter's text, to five decimals (about a metre: a 100-corner URL near 2 KB). */
export const polygonParam = (area: DrawnArea): string =>
  area.map((corner) => corner.map((v) => Math.round(v * 1e5) / 1e5).join(',')).join(';');

/** The drawn area in a page's query string, if it has a sound one (3 to MAX_CORNERS corners on the globe). */
export const drawnAreaOf = (search: string): DrawnArea | null => {
  const corners =
    new URLSearchParams(search)
      .get('polygon')
      ?.split(';')
      .map((corner) => corner.split(',').map(Number)) ?? [];
  // NaN and ±Infinity fail the comparisons too.
  const sound =
    corners.length >= 3 &&
    corners.length <= MAX_CORNERS &&
    corners.every((c) => c.length === 2 && Math.abs(c[0]!) <= 180 && Math.abs(c[1]!) <= 90);
  return sound ? (corners as DrawnArea) : null;
};
