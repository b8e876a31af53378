import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import { LIST_MAP_ZOOM } from '../../map/constants.ts';
import { searchMapArea, stopMapSearch, type Viewport } from '../../stores/mapSearch.ts';
import { areaBounds } from './areaCorners.ts';
import { viewportOf, type Bbox, type MapView } from './mapView.ts';

/** India with a margin: the first search, before the map is framed on its matches. */
const INDIA_BBOX: Viewport['bbox'] = [68, 6, 98, 37.5];

/**
 * New filters, a new drawn area (or a new audience): search the country, or the area, first;
 * the map search reads the drawn area from its store.
 */
export const useFilterSearch = (
  { keyed, framed }: MapView,
  opening: RefObject<Bbox | undefined>,
  visitor: boolean,
) => {
  useEffect(() => {
    const area = opening.current ?? (keyed.drawn ? areaBounds(keyed.drawn) : undefined);
    framed.current = area !== undefined;
    const view = { bbox: area ?? INDIA_BBOX, zoom: LIST_MAP_ZOOM };
    searchMapArea(keyed.filters, view, { immediate: true });
    return stopMapSearch;
  }, [keyed, visitor, framed, opening]);
};

/**
 * Every pan and zoom searches the new viewport (debounced, the previous request aborted);
 * one by the user (not a framing) calls `onUserMove` and forgets the framed bounds.
 */
export const useSearchOnMove = (
  map: MapLibreMap | null,
  { keyed, framed, frame }: MapView,
  onUserMove: () => void,
) => {
  useEffect(() => {
    if (!map) return;
    const onMoveEnd = (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) {
        onUserMove();
        frame.current = undefined;
      }
      if (framed.current) searchMapArea(keyed.filters, viewportOf(map));
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, keyed, framed, frame, onUserMove]);
};
