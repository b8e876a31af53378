import type { Feature, FeatureCollection, Geometry, Point, Position } from 'geojson';
import type { Gazetteer } from '../gazetteer/build.ts';
import { loadIndiaOutline, loadNeighbours, loadStates } from '../sources/boundaries.ts';
import type { City } from '../sources/cities.ts';
import { INDIA_BOUNDS } from '../sources/region.ts';
import type { LayerSource } from './layers.ts';
import { cityNativeNames, localityNativeNames, nativeNameFields } from './nativeLabels.ts';

const point = (
  lng: number,
  lat: number,
  properties: Record<string, unknown>,
): Feature<Point, Record<string, unknown>> => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

/** Big cities from zoom 3, cities from 5, every town from 7, so low-zoom tiles stay small. */
const rankOf = (population: number) =>
  population >= 1_000_000 ? 1 : population >= 100_000 ? 2 : 3;
const RANK_MIN_ZOOM = { 1: 3, 2: 5, 3: 7 } as const;

/** Area and centroid of a ring (shoelace formula, in degrees: fine for choosing and placing a label). */
const ringCentroid = (ring: Position[]) => {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  return area === 0
    ? undefined
    : { area: Math.abs(area / 2), lng: x / (3 * area), lat: y / (3 * area) };
};

/** One label point per state, at the centre of its largest part, so a state is named once, not once per tile. */
export const stateLabelPoints = (states: FeatureCollection<Geometry, Record<string, unknown>>) => {
  const best = new Map<string, { area: number; lng: number; lat: number }>();
  for (const f of states.features) {
    const polygons =
      f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates]
        : f.geometry.type === 'MultiPolygon'
          ? f.geometry.coordinates
          : [];
    const name = String(f.properties.name);
    for (const polygon of polygons) {
      const c = polygon[0] ? ringCentroid(polygon[0]) : undefined;
      if (c && c.area > (best.get(name)?.area ?? 0)) best.set(name, c);
    }
  }
  return [...best].map(([name, c]) => point(c.lng, c.lat, { name }));
};

/** Web Mercator's edge: the whole world as one polygon. */
const MERCATOR_LAT = 85.0511;

/**
 * The sea under everything, in every tile: the land layers are drawn on top,
 * so what they leave uncovered is sea, while the style's background (what
 * shows before a tile arrives) can be land instead of a flash of blue.
 */
const sea = (): LayerSource['data'] => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-180, -MERCATOR_LAT],
            [180, -MERCATOR_LAT],
            [180, MERCATOR_LAT],
            [-180, MERCATOR_LAT],
            [-180, -MERCATOR_LAT],
          ],
        ],
      },
    },
  ],
});

export const basemapLayers = (cities: City[], gazetteer: Gazetteer): LayerSource[] => {
  const placesOfRank = (rank: 1 | 2 | 3): LayerSource => ({
    name: 'places',
    minZoom: RANK_MIN_ZOOM[rank],
    data: {
      type: 'FeatureCollection',
      features: cities
        .filter((c) => rankOf(c.population) === rank)
        .map((c) =>
          point(c.lng, c.lat, {
            name: c.name,
            population: c.population,
            rank,
            ...nativeNameFields(cityNativeNames(c.name)),
          }),
        ),
    },
  });
  const states = loadStates();
  return [
    { name: 'sea', minZoom: 0, data: sea() },
    { name: 'neighbours', minZoom: 0, data: loadNeighbours(INDIA_BOUNDS) },
    { name: 'country', minZoom: 0, data: loadIndiaOutline() },
    { name: 'states', minZoom: 0, data: states },
    {
      name: 'state_labels',
      minZoom: 3,
      data: { type: 'FeatureCollection', features: stateLabelPoints(states) },
    },
    placesOfRank(1),
    placesOfRank(2),
    placesOfRank(3),
    {
      name: 'localities',
      minZoom: 9,
      data: {
        type: 'FeatureCollection',
        features: gazetteer.pins.map((p) =>
          point(p.lng, p.lat, {
            name: p.name,
            pin: p.pin,
            ...nativeNameFields(localityNativeNames(p.pin, p.name)),
          }),
        ),
      },
    },
  ];
};
