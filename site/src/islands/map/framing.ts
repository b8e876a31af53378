import type { Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';

/** The deepest zoom a framing goes to: a few listings in one street are not framed at house level. */
export const FRAMING_MAX_ZOOM = 13;

/**
 * Padding that keeps framed markers clear of the legend in the map's
 * bottom-left corner: a marker framed under it could be neither seen nor
 * clicked. Capped at half the map's height, so a short map still frames.
 */
export const framingPadding = (
  map: MapLibreMap,
  legend: HTMLElement | null,
  margin: number,
): PaddingOptions => {
  const mapBox = map.getContainer().getBoundingClientRect();
  const clearance = legend ? mapBox.bottom - legend.getBoundingClientRect().top + margin / 2 : 0;
  const bottom = Math.min(Math.max(margin, clearance), mapBox.height / 2);
  return { top: margin, right: margin, bottom, left: margin };
};

/** How the map is framed on its matches (first, and again when its size changes before the user moves it). */
export const framing = (map: MapLibreMap, legend: HTMLElement | null) => ({
  padding: framingPadding(map, legend, 60),
  maxZoom: FRAMING_MAX_ZOOM,
});
