import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { basemapStyle } from './style.ts';
import type { BasemapInfo } from '@rentals/core/contract/basemap';

const ours: BasemapInfo = {
  version: 'abcdef012345',
  pmtiles: '/maps/abcdef012345/india.pmtiles',
  flavour: 'india',
  boundaries: '/maps/abcdef012345/india.pmtiles',
  glyphs: '/maps/abcdef012345/fonts/{fontstack}/{range}.pbf',
  attribution: 'GeoNames',
};

// The vector layers the build writes (infra/src/geo/tiles/layers.ts): the style may use no other.
const BUILT_LAYERS = ['neighbours', 'country', 'states', 'state_labels', 'places', 'localities'];

describe('basemap style', () => {
  it('is a valid MapLibre style for our India archive', () => {
    const style = basemapStyle(ours, 'https://rentals.example.in');
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources).toEqual({
      india: {
        type: 'vector',
        url: 'pmtiles://https://rentals.example.in/maps/abcdef012345/india.pmtiles',
        attribution: 'GeoNames',
      },
    });
    expect(style.glyphs).toBe(
      'https://rentals.example.in/maps/abcdef012345/fonts/{fontstack}/{range}.pbf',
    );
    for (const layer of style.layers)
      if ('source-layer' in layer) expect(BUILT_LAYERS).toContain(layer['source-layer']);
    // State, city and locality labels are all there.
    expect(style.layers.map((l) => l.id)).toEqual(
      expect.arrayContaining(['state-labels', 'metros', 'cities', 'towns', 'localities']),
    );
  });

  it('is a valid style for an operator OSM extract, with borders from our official-boundary archive', () => {
    const style = basemapStyle(
      {
        ...ours,
        flavour: 'protomaps',
        pmtiles: 'https://tiles.example.in/india.pmtiles',
        attribution: '© OpenStreetMap',
      },
      'https://rentals.example.in',
    );
    expect(validateStyleMin(style)).toEqual([]);
    expect(Object.keys(style.sources).sort()).toEqual(['india', 'osm']);
    const borders = style.layers.filter((l) => l.id.endsWith('border') || l.id.endsWith('borders'));
    expect(borders.map((l) => ('source' in l ? l.source : undefined))).toEqual(['india', 'india']);
    expect(
      style.layers.some((l) => 'source-layer' in l && l['source-layer'] === 'boundaries'),
    ).toBe(false);
  });

  it('is pure: the same input gives the same style', () => {
    expect(basemapStyle(ours, 'http://localhost:3000')).toEqual(
      basemapStyle(ours, 'http://localhost:3000'),
    );
  });
});
