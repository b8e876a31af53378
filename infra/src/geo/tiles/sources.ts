import type { Feature, Point } from 'geojson';
import type { Gazetteer } from '../gazetteer/build.ts';
import { loadIndiaOutline, loadNeighbours, loadStates } from '../sources/boundaries.ts';
import type { City } from '../sources/cities.ts';
import { INDIA_BOUNDS } from '../sources/region.ts';
import type { LayerSource } from './layers.ts';

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

export const basemapLayers = (cities: City[], gazetteer: Gazetteer): LayerSource[] => {
  const placesOfRank = (rank: 1 | 2 | 3): LayerSource => ({
    name: 'places',
    minZoom: RANK_MIN_ZOOM[rank],
    data: {
      type: 'FeatureCollection',
      features: cities
        .filter((c) => rankOf(c.population) === rank)
        .map((c) => point(c.lng, c.lat, { name: c.name, population: c.population, rank })),
    },
  });
  return [
    { name: 'neighbours', minZoom: 0, data: loadNeighbours(INDIA_BOUNDS) },
    { name: 'country', minZoom: 0, data: loadIndiaOutline() },
    { name: 'states', minZoom: 0, data: loadStates() },
    placesOfRank(1),
    placesOfRank(2),
    placesOfRank(3),
    {
      name: 'localities',
      minZoom: 9,
      data: {
        type: 'FeatureCollection',
        features: gazetteer.pins.map((p) => point(p.lng, p.lat, { name: p.name, pin: p.pin })),
      },
    },
  ];
};
