import type { Map as MapLibreMap } from 'maplibre-gl';
import { useRef, type RefObject } from 'react';
import type { DrawnArea } from '../../lib/drawnArea.ts';
import type { Filters } from '../../lib/filters.ts';
import type { Viewport } from '../../stores/mapSearch.ts';
import { openingArea } from './openingArea.ts';

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

/** The map's view state, and the saved search's map area it opens on (once, then forgotten). */
export const useMapView = (keyed: MapView['keyed']) => {
  const framed = useRef(false);
  const legend = useRef<HTMLUListElement>(null);
  // Opened on a saved search's map area: that view, not one framed around the matches (once).
  const opening = useRef(openingArea(window.location.search) ?? undefined);
  const frame = useRef<Bbox | undefined>(undefined);
  const view: MapView = { framed, frame, legend, keyed };
  return { view, opening };
};
