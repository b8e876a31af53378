import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { MAP_MARKS } from '../../map/constants.ts';
import { CLUSTERS_LAYER, POINTS_LAYER } from './listingLayers.ts';

/** Marks when the listings map draws its first pin or group, and when it first goes idle (MAP_MARKS). */
export const useFirstPinMark = (map: MapLibreMap | null) => {
  useEffect(() => {
    if (!map) return;
    const testId = map.getContainer().dataset.testid;
    const onRender = () => {
      if (!map.getLayer(POINTS_LAYER)) return;
      const drawn = map.queryRenderedFeatures({ layers: [POINTS_LAYER, CLUSTERS_LAYER] });
      if (drawn.length === 0) return;
      performance.mark(MAP_MARKS.firstPin, { detail: testId });
      map.off('render', onRender);
    };
    const onIdle = () => performance.mark(MAP_MARKS.firstIdle, { detail: testId });
    map.on('render', onRender);
    map.once('idle', onIdle);
    return () => {
      map.off('render', onRender);
      map.off('idle', onIdle);
    };
  }, [map]);
};
