import type { Feature, FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { DrawnArea } from '../../lib/drawnArea.ts';
import { canAddPoint } from './areaCorners.ts';
import { whenStyleLoaded } from './basemap.ts';

const SOURCE = 'drawn-area';
const COLOUR = '#1d4ed8';

/** The area as the map draws it: its shape, and while drawing, the path so far and its corners. */
const areaFeatures = (points: DrawnArea, drawing: boolean): FeatureCollection => {
  const features: Feature[] = [];
  if (points.length >= 3)
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [[...points, points[0]!]] },
    });
  if (drawing) {
    if (points.length === 2)
      features.push({
        type: 'Feature',
        properties: {},
        geometry: { type: 'LineString', coordinates: points },
      });
    for (const point of points)
      features.push({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: point },
      });
  }
  return { type: 'FeatureCollection', features };
};

/** Under the listings' clusters when they are there, so the area never hides a count. */
const addAreaLayers = (map: MapLibreMap, data: FeatureCollection) => {
  map.addSource(SOURCE, { type: 'geojson', data });
  const below = map.getLayer('listing-clusters') ? 'listing-clusters' : undefined;
  map.addLayer(
    {
      id: 'drawn-area-fill',
      type: 'fill',
      source: SOURCE,
      filter: ['==', '$type', 'Polygon'],
      paint: { 'fill-color': COLOUR, 'fill-opacity': 0.08 },
    },
    below,
  );
  map.addLayer(
    {
      id: 'drawn-area-outline',
      type: 'line',
      source: SOURCE,
      filter: ['in', '$type', 'Polygon', 'LineString'],
      paint: { 'line-color': COLOUR, 'line-width': 2 },
    },
    below,
  );
  map.addLayer(
    {
      id: 'drawn-area-corners',
      type: 'circle',
      source: SOURCE,
      filter: ['==', '$type', 'Point'],
      paint: {
        'circle-radius': 5,
        'circle-color': '#fff',
        'circle-stroke-color': COLOUR,
        'circle-stroke-width': 2,
      },
    },
    below,
  );
};

/**
 * Drawing an area on the listings map: while drawing, each click on the map
 * adds a corner (double-click zoom is off, and the container carries
 * `data-drawing` so markers and clusters let the click through); the area
 * drawn so far, or else the area in force (`drawn`), is shown on the map.
 */
export const useAreaDrawing = (map: MapLibreMap | null, drawn: DrawnArea | null) => {
  // null: not drawing.
  const [points, setPoints] = useState<DrawnArea | null>(null);
  const drawing = points !== null;

  useEffect(() => {
    if (!map || !drawing) return;
    const container = map.getContainer();
    const addCorner = (e: MapMouseEvent) =>
      setPoints((p) => (p && canAddPoint(p) ? [...p, [e.lngLat.lng, e.lngLat.lat]] : p));
    map.on('click', addCorner);
    map.doubleClickZoom.disable();
    container.dataset.drawing = 'true';
    return () => {
      map.off('click', addCorner);
      map.doubleClickZoom.enable();
      delete container.dataset.drawing;
    };
  }, [map, drawing]);

  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    void whenStyleLoaded(map).then(() => {
      if (cancelled) return;
      const data = areaFeatures(points ?? drawn ?? [], drawing);
      const source = map.getSource<GeoJSONSource>(SOURCE);
      if (source) void source.setData(data);
      else addAreaLayers(map, data);
    });
    return () => {
      cancelled = true;
    };
  }, [map, points, drawn, drawing]);

  return {
    /** The corners so far while drawing; null otherwise. */
    points,
    start: () => setPoints([]),
    undo: () => setPoints((p) => (p ? p.slice(0, -1) : p)),
    /** Stops drawing (cancelled, or finished and handed on), keeping nothing. */
    stop: () => setPoints(null),
  };
};
