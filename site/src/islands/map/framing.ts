import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * How the map is framed on its matches or on a drawn area: `margin` pixels
 * around them, and at the bottom clear of the legend in the map's bottom-left
 * corner (a marker framed under it could be neither seen nor clicked), capped
 * at half the map's height so a short map still frames; never deeper than
 * zoom 13 (a few listings in one street are not framed at house level).
 */
export const framing = (map: MapLibreMap, legend: HTMLElement | null, margin = 60) => {
  const mapBox = map.getContainer().getBoundingClientRect();
  const clearance = legend ? mapBox.bottom - legend.getBoundingClientRect().top + margin / 2 : 0;
  const bottom = Math.min(Math.max(margin, clearance), mapBox.height / 2);
  return { padding: { top: margin, right: margin, bottom, left: margin }, maxZoom: 13 };
};
