import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { createMap, type OpeningView } from './basemap.ts';
import { useNativeLabels } from './useNativeLabels.ts';

type Options = {
  /** The first view (or how to find it); later changes do not move the map (callers move the camera themselves). */
  view: OpeningView;
  /** While false there is no map (the picker's is created per opening of its dialog). */
  active?: boolean;
};

/**
 * A MapLibre map in the element of the returned `container` ref: created when
 * the component mounts (or `active` turns true), removed when it unmounts (or
 * `active` turns false). `map` is null until the map exists; `failed` says the
 * basemap could not be loaded.
 */
export const useMaplibre = ({ view, active = true }: Options) => {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!active || !element) return;
    let live = true;
    let created: MapLibreMap | undefined;
    setFailed(false);
    createMap(element, view)
      .then((m) => {
        // Unmounted (or closed) while the basemap loaded: this map is not wanted any more.
        if (!live) return m.remove();
        created = m;
        setMap(m);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      created?.remove();
      setMap(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on `active`: the view is the first one, not one to follow.
  }, [active]);
  // Every map names places in the page's language where the gazetteer can.
  useNativeLabels(map);

  return { container, map, failed };
};
