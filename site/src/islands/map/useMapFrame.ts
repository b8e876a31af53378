import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import { searchMapArea, type MapAnswer } from '../../stores/mapSearch.ts';
import { whenStyleLoaded } from './basemap.ts';
import { framing } from './framing.ts';
import { areaBounds } from './areaCorners.ts';
import { addListingLayers, SOURCE, toFeatures } from './listingLayers.ts';
import { viewportOf, type Bbox, type MapView } from './mapView.ts';

/**
 * A drawn area (just finished, or a saved search's): the map shows all of it. A saved
 * search's map area, once the map is up, is the view (once); its moveend searches it.
 */
export const useAreaFraming = (
  map: MapLibreMap | null,
  { keyed, legend }: MapView,
  opening: RefObject<Bbox | undefined>,
  onSearchArea: ((bbox: Bbox) => void) | undefined,
) => {
  useEffect(() => {
    if (!map || !keyed.drawn) return;
    map.fitBounds(areaBounds(keyed.drawn), { ...framing(map, legend.current, 40), animate: false });
  }, [map, keyed, legend]);

  useEffect(() => {
    if (!map || !opening.current) return;
    map.fitBounds(opening.current, { animate: false });
    opening.current = undefined;
    // The list follows the area too, as after 'Search this area'.
    onSearchArea?.(viewportOf(map).bbox);
  }, [map, onSearchArea, opening]);
};

/**
 * The matches' bounds the map was framed on, until the user moves it: framed again when the
 * map's size changes (a map framed while its container was still being laid out opened zoomed
 * out, its nearby listings clustered).
 */
export const useReframeOnResize = (map: MapLibreMap | null, { frame, legend }: MapView) => {
  useEffect(() => {
    if (!map) return;
    const reframe = () => {
      if (!frame.current) return;
      const camera = map.cameraForBounds(frame.current, framing(map, legend.current));
      if (camera) map.jumpTo(camera);
    };
    map.on('resize', reframe);
    return () => {
      map.off('resize', reframe);
    };
  }, [map, frame, legend]);
};

/** Frames the first answer once, around its matches; later answers keep the view the user chose. */
const frameFirstAnswer = (map: MapLibreMap, view: MapView, data: ReturnType<typeof toFeatures>) => {
  const { framed, frame, legend, keyed } = view;
  if (framed.current) return;
  framed.current = true;
  const positions = data.features.map((f) => f.geometry.coordinates as [number, number]);
  if (positions.length === 0) return;
  const lngs = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  frame.current = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
  const camera = map.cameraForBounds(frame.current, framing(map, legend.current));
  if (camera) map.jumpTo(camera);
  // jumpTo's moveend searches the framed viewport; when nothing moved, search it here.
  searchMapArea(keyed.filters, viewportOf(map));
};

/** The answer on the map: the source's data, drawn by its layers as soon as the style is parsed. */
export const useAnswerLayers = (
  map: MapLibreMap | null,
  answer: MapAnswer | undefined,
  view: MapView,
) => {
  const { keyed, framed, frame, legend } = view;
  useEffect(() => {
    if (!map || !answer) return;
    let cancelled = false;
    void whenStyleLoaded(map).then(() => {
      if (cancelled) return;
      const data = toFeatures(answer);
      const existing = map.getSource<GeoJSONSource>(SOURCE);
      if (existing) void existing.setData(data);
      else addListingLayers(map, data);
      frameFirstAnswer(map, { keyed, framed, frame, legend }, data);
    });

    return () => {
      cancelled = true;
    };
  }, [map, answer, keyed, framed, frame, legend]);
};
