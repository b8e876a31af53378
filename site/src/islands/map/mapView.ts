import type { Map as MapLibreMap } from 'maplibre-gl';
import type { RefObject } from 'react';
import type { DrawnArea } from '../../lib/drawnArea.ts';
import type { Filters } from '../../lib/filters.ts';
import type { Viewport } from '../../stores/mapSearch.ts';

export type Bbox = [number, number, number, number];

/**
 * What the listings map's hooks share about its view: whether it was framed yet
 * (the first answer frames it, once), the matches' bounds it was framed on
 * until the user moves it, the legend (kept clear when framing), and the
 * search it follows (`keyed` changes with the filters' key, not every render).
 */
export type MapView = {
  framed: RefObject<boolean>;
  frame: RefObject<Bbox | undefined>;
  legend: RefObject<HTMLUListElement | null>;
  keyed: { filters: Filters; drawn: DrawnArea | null };
};

export const viewportOf = (map: MapLibreMap): Viewport => {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
};
