import type { FeatureCollection, Geometry } from 'geojson';

/**
 * The vector layers of our basemap. The style (site/src/map/style.ts) refers
 * to these names and fields, so they are a contract: change both together and
 * bump BASEMAP_VERSION.
 */
export const BASEMAP_LAYERS = {
  sea: { fields: {}, minzoom: 0 },
  neighbours: { fields: { name: 'String' }, minzoom: 0 },
  country: { fields: { name: 'String' }, minzoom: 0 },
  states: { fields: { name: 'String' }, minzoom: 0 },
  state_labels: { fields: { name: 'String' }, minzoom: 3 },
  // name_hi, name_kn: the gazetteer's written names, where it has them (tiles/nativeLabels.ts).
  places: {
    fields: {
      name: 'String',
      name_hi: 'String',
      name_kn: 'String',
      population: 'Number',
      rank: 'Number',
    },
    minzoom: 3,
  },
  localities: {
    fields: { name: 'String', name_hi: 'String', name_kn: 'String', pin: 'String' },
    minzoom: 9,
  },
} as const;

export type LayerName = keyof typeof BASEMAP_LAYERS;

export type LayerSource = {
  name: LayerName;
  data: FeatureCollection<Geometry, Record<string, unknown>>;
  /** Tiles below this zoom leave the layer out, which keeps low-zoom tiles small. */
  minZoom: number;
};
