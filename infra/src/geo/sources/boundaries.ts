import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Feature, FeatureCollection, Geometry } from 'geojson';

const require = createRequire(import.meta.url);

type Collection = FeatureCollection<Geometry, Record<string, unknown>>;
type Topology = { objects: Record<string, unknown> };
// topojson-client ships no types; this is the one function used.
const { feature } = require('topojson-client') as {
  feature: (topology: Topology, object: unknown) => Collection;
};

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const worldGeojson = () => dirname(require.resolve('world-geojson/package.json'));

/**
 * India's outline as the Government of India depicts it (world-geojson,
 * GPL-3.0-or-later, datameet-derived). Natural Earth and most world data show
 * the de facto line in Jammu & Kashmir and Ladakh, which a map shown in India
 * must not.
 */
export const loadIndiaOutline = (): Collection => {
  const india = readJson<Collection>(join(worldGeojson(), 'countries', 'india.json'));
  return {
    type: 'FeatureCollection',
    features: india.features.map((f) => ({ ...f, properties: { name: 'India' } })),
  };
};

/** The 37 states and union territories, from the same source so they follow the same boundary. */
export const loadStates = (): Collection => {
  const dir = join(worldGeojson(), 'states', 'india');
  const features: Feature<Geometry, Record<string, unknown>>[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    for (const f of readJson<Collection>(join(dir, file)).features) {
      const name =
        typeof f.properties.ST_NM === 'string' ? f.properties.ST_NM : file.replace(/\.json$/, '');
      features.push({ type: 'Feature', geometry: f.geometry, properties: { name } });
    }
  }
  return { type: 'FeatureCollection', features };
};

/**
 * Neighbouring land (Natural Earth 1:10m through world-atlas, public domain),
 * drawn beneath India as plain land without borders, so the de facto lines in
 * that data never show: India's own fill and outline are drawn on top.
 */
export const loadNeighbours = (bounds: [number, number, number, number]): Collection => {
  const topology = readJson<Topology>(require.resolve('world-atlas/countries-10m.json'));
  const countries = feature(topology, topology.objects.countries);
  const [west, south, east, north] = bounds;
  const margin = 3;
  const near = (f: Feature) => {
    let inside = false;
    const visit = (c: unknown): void => {
      if (inside || !Array.isArray(c)) return;
      if (typeof c[0] === 'number') {
        const [x, y] = c as [number, number];
        inside = x > west - margin && x < east + margin && y > south - margin && y < north + margin;
      } else c.forEach(visit);
    };
    if ('coordinates' in f.geometry) visit(f.geometry.coordinates);
    return inside;
  };
  return {
    type: 'FeatureCollection',
    features: countries.features
      .filter((f) => f.id !== '356' && f.properties.name !== 'Siachen Glacier' && near(f))
      .map((f) => ({
        type: 'Feature',
        geometry: f.geometry,
        properties: { name: typeof f.properties.name === 'string' ? f.properties.name : '' },
      })),
  };
};
