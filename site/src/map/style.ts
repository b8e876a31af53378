import type {
  FillLayerSpecification,
  LayerSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import type { BasemapInfo } from '@rentals/core/contract/basemap';
import type { Locale } from '@rentals/core/i18n/locales';
import {
  DETAIL_LOCALITIES_ZOOM,
  DETAIL_ZOOM,
  LOCALITIES_MAX_ZOOM,
  STREETS_MAX_ZOOM,
} from './constants.ts';

const REGULAR = ['Noto Sans Regular'];
const BOLD = ['Noto Sans Bold'];

export const COLOURS = {
  water: '#aad3df',
  neighbours: '#ece8e1',
  land: '#f7f3ea',
  stateLine: '#a39bb5',
  countryLine: '#6b5b86',
  label: '#333333',
  minorLabel: '#5f5f5f',
  halo: 'rgba(255,255,255,0.9)',
  road: '#ffffff',
  majorRoad: '#f6d58a',
  roadCasing: '#d6d1c6',
  park: '#d8ebc8',
  building: '#e3ddd3',
};

/** Our official-boundary overlay: states and India's outline from the registry-built archive. */
const boundaryLayers = (source: string): LayerSpecification[] => [
  {
    id: 'state-borders',
    type: 'line',
    source,
    'source-layer': 'states',
    paint: {
      'line-color': COLOURS.stateLine,
      'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 10, 1.5],
      'line-dasharray': [3, 2],
    },
  },
  {
    id: 'country-border',
    type: 'line',
    source,
    'source-layer': 'country',
    maxzoom: 7,
    paint: {
      'line-color': COLOURS.countryLine,
      'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 7, 2],
    },
  },
  {
    id: 'state-labels',
    type: 'symbol',
    source,
    'source-layer': 'state_labels',
    minzoom: 4,
    maxzoom: 8,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': REGULAR,
      'text-size': 12,
      'text-transform': 'uppercase',
      'text-letter-spacing': 0.1,
      'text-max-width': 8,
    },
    paint: { 'text-color': '#7a6f8f', 'text-halo-color': COLOURS.halo, 'text-halo-width': 1.2 },
  },
];

/** A place's name steps aside (below, above, beside its point) rather than vanish under the listing's pin. */
const STEP_ASIDE: SymbolLayerSpecification['layout'] = {
  'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
  'text-radial-offset': 0.6,
};

/**
 * Land is the background in both styles: it is what shows before the tiles
 * arrive, and a map that flashes sea while it loads looks broken. The sea
 * comes from the tiles like everything else.
 */
const background: LayerSpecification = {
  id: 'background',
  type: 'background',
  paint: { 'background-color': COLOURS.land },
};

type PlaceLabel = {
  id: string;
  /** 1 metros, 2 cities, 3 towns (the tiles' `rank`). */
  rank: number;
  minzoom: number;
  font: string[];
  size: NonNullable<SymbolLayerSpecification['layout']>['text-size'];
  halo: number;
  colour?: string;
};

/** The names of one rank of places, the more populous drawn first where they collide. */
const placeLabels = (source: string, p: PlaceLabel): LayerSpecification => ({
  id: p.id,
  type: 'symbol',
  source,
  'source-layer': 'places',
  minzoom: p.minzoom,
  filter: ['==', ['get', 'rank'], p.rank],
  layout: {
    'text-field': ['get', 'name'],
    'text-font': p.font,
    'text-size': p.size,
    'symbol-sort-key': ['-', 0, ['get', 'population']],
  },
  paint: {
    'text-color': p.colour ?? COLOURS.label,
    'text-halo-color': COLOURS.halo,
    'text-halo-width': p.halo,
  },
});

/** A layer of the tiles' `layer` filled in one colour (`more`: its zooms, its filter). */
const fill = (
  source: string,
  id: string,
  layer: string,
  colour: string,
  more: Partial<FillLayerSpecification> = {},
): LayerSpecification => ({
  id,
  type: 'fill',
  source,
  'source-layer': layer,
  ...more,
  paint: { 'fill-color': colour },
});

/** PIN localities, towns, cities and metros, each from its own zoom. */
const indiaLabels = (source: string): LayerSpecification[] => [
  {
    id: 'localities',
    type: 'symbol',
    source,
    'source-layer': 'localities',
    minzoom: 10,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': REGULAR,
      'text-size': 11,
      'text-max-width': 7,
      'text-padding': 4,
      ...STEP_ASIDE,
    },
    paint: {
      'text-color': COLOURS.minorLabel,
      'text-halo-color': COLOURS.halo,
      'text-halo-width': 1.2,
    },
  },
  placeLabels(source, { id: 'towns', rank: 3, minzoom: 7, font: REGULAR, size: 11, halo: 1.2 }),
  placeLabels(source, { id: 'cities', rank: 2, minzoom: 5, font: REGULAR, size: 12.5, halo: 1.4 }),
  placeLabels(source, {
    id: 'metros',
    rank: 1,
    minzoom: 3,
    font: BOLD,
    size: ['interpolate', ['linear'], ['zoom'], 3, 11, 8, 15],
    halo: 1.5,
    colour: '#1f1f1f',
  }),
];

/** The registry-built India basemap: sea, land, states, cities and PIN localities. */
const indiaLayers = (source: string): LayerSpecification[] => [
  background,
  // Covers every tile of the archive; the land layers are drawn on top of it.
  fill(source, 'sea', 'sea', COLOURS.water),
  fill(source, 'neighbours', 'neighbours', COLOURS.neighbours),
  // The country outline is coarser than the states; it fills only at low zoom, the states fill beyond.
  fill(source, 'india-land', 'country', COLOURS.land, { maxzoom: 6 }),
  fill(source, 'states-land', 'states', COLOURS.land),
  ...boundaryLayers(source),
  ...indiaLabels(source),
];

/** Land, parks, water, buildings and roads of the street basemap, drawn under the borders. */
const streetFills = (source: string): LayerSpecification[] => [
  fill(source, 'earth', 'earth', COLOURS.land),
  fill(source, 'parks', 'landuse', COLOURS.park, {
    filter: [
      'in',
      ['get', 'kind'],
      ['literal', ['park', 'garden', 'forest', 'wood', 'nature_reserve']],
    ],
  }),
  fill(source, 'water', 'water', COLOURS.water),
  fill(source, 'buildings', 'buildings', COLOURS.building, { minzoom: 14 }),
  {
    id: 'roads-casing',
    type: 'line',
    source,
    'source-layer': 'roads',
    minzoom: 12,
    paint: {
      'line-color': COLOURS.roadCasing,
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, 1.5, 18, 18],
    },
  },
  {
    id: 'roads',
    type: 'line',
    source,
    'source-layer': 'roads',
    paint: {
      'line-color': [
        'match',
        ['get', 'kind'],
        ['highway', 'major_road'],
        COLOURS.majorRoad,
        COLOURS.road,
      ],
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 6, 0.5, 12, 1, 18, 15],
    },
  },
];

/** Road names and places, drawn over the borders. */
const streetLabels = (source: string): LayerSpecification[] => [
  {
    id: 'road-labels',
    type: 'symbol',
    source,
    'source-layer': 'roads',
    minzoom: 14,
    layout: {
      'symbol-placement': 'line',
      'text-field': ['get', 'name'],
      'text-font': REGULAR,
      'text-size': 11,
    },
    paint: {
      'text-color': COLOURS.minorLabel,
      'text-halo-color': COLOURS.halo,
      'text-halo-width': 1.2,
    },
  },
  {
    id: 'places',
    type: 'symbol',
    source,
    'source-layer': 'places',
    layout: {
      'text-field': ['get', 'name'],
      'text-font': ['match', ['get', 'kind'], 'locality', ['literal', BOLD], ['literal', REGULAR]],
      'text-size': ['match', ['get', 'kind'], 'locality', 14, 12],
      'symbol-sort-key': ['get', 'min_zoom'],
      ...STEP_ASIDE,
    },
    paint: { 'text-color': COLOURS.label, 'text-halo-color': COLOURS.halo, 'text-halo-width': 1.4 },
  },
];

/**
 * A street-level basemap from an operator's OpenStreetMap extract in the
 * Protomaps schema (earth, water, landuse, roads, buildings, places). Its own
 * boundaries are not drawn: OSM carries the de facto line, so the borders come
 * from our official-boundary archive on top.
 */
const protomapsLayers = (source: string, boundaries: string): LayerSpecification[] => [
  background,
  ...streetFills(source),
  ...boundaryLayers(boundaries),
  ...streetLabels(source),
];

/** Where a layer that keeps a place for a name the page draws says which tile field holds it. */
export const NATIVE_NAME = 'rentals:native-name';

/**
 * The tile field with a place's name in `language`: ours carries the gazetteer's
 * (`name_hi`, `name_kn`: infra/src/geo/tiles/nativeLabels.ts), an OSM extract OSM's.
 */
const nativeField = (flavour: BasemapInfo['flavour'], language: Exclude<Locale, 'en'>) =>
  flavour === 'india' ? `name_${language}` : `name:${language}`;

/**
 * A place label in Hindi or Kannada. MapLibre shapes no Indic script (conjuncts, vowel
 * signs that go before their consonant), so it does not draw these names: a second layer
 * takes the features that have one, places their English label (invisible) so that it
 * keeps its room among the others, and the page draws the name there in the browser's own
 * text (useNativeLabels), on the side it stepped aside to. Features without such a name keep
 * their English label as before.
 */
const withNativeNames = (layer: LayerSpecification, field: string): LayerSpecification[] => {
  if (layer.type !== 'symbol') return [layer];
  const has = ['has', field] as const;
  const { filter } = layer;
  const both = (test: unknown) => (filter ? ['all', filter, test] : test) as typeof filter;
  return [
    { ...layer, filter: both(['!', has]) },
    {
      ...layer,
      id: `${layer.id}-native`,
      filter: both(has),
      metadata: { [NATIVE_NAME]: field },
      paint: { ...layer.paint, 'text-opacity': 0 },
    },
  ];
};

/** The place labels a Hindi or Kannada page names in its language (not states, not roads). */
const NAMED_PLACES = new Set(['metros', 'cities', 'towns', 'localities', 'places']);

const inLanguage = (
  layers: LayerSpecification[],
  flavour: BasemapInfo['flavour'],
  language: Locale,
): LayerSpecification[] =>
  language === 'en'
    ? layers
    : layers.flatMap((l) =>
        NAMED_PLACES.has(l.id) ? withNativeNames(l, nativeField(flavour, language)) : [l],
      );

const absolute = (url: string, origin: string) => new URL(url, origin).toString();

/**
 * How far in each basemap is worth zooming, and where the detail map opens:
 * SPEC's street zoom on an operator's OSM extract; on ours, which ends at the
 * localities, a view of the localities around the listing.
 */
export const basemapZooms = (info: Pick<BasemapInfo, 'flavour'>) =>
  info.flavour === 'india'
    ? { max: LOCALITIES_MAX_ZOOM, detail: DETAIL_LOCALITIES_ZOOM }
    : { max: STREETS_MAX_ZOOM, detail: DETAIL_ZOOM };

/**
 * The MapLibre style for the basemap the server describes (GET /maps/basemap.json).
 * Pure: same input, same style; `origin` turns the server's paths into the
 * absolute URLs MapLibre needs. `noStreets` ('This map has no streets…', `location.noStreets` in
 * the page's language) is said in our basemap's attribution, so nobody takes the empty
 * streets for a broken map. On a Hindi or Kannada page (`language`), places with a name
 * in it are named by the page (withNativeNames). Validated against the style spec in
 * style.unit.test.ts.
 */
export const basemapStyle = (
  info: BasemapInfo,
  origin: string,
  noStreets: string,
  language: Locale = 'en',
): StyleSpecification => {
  const india = {
    type: 'vector' as const,
    url: `pmtiles://${absolute(info.boundaries, origin)}`,
    attribution: info.flavour === 'india' ? `${noStreets} · ${info.attribution}` : info.attribution,
  };
  const sources: StyleSpecification['sources'] =
    info.flavour === 'protomaps'
      ? {
          osm: {
            type: 'vector',
            url: `pmtiles://${absolute(info.pmtiles, origin)}`,
            attribution: info.attribution,
          },
          india,
        }
      : { india };
  return {
    version: 8,
    name: info.flavour === 'protomaps' ? 'Rentals OSM' : 'Rentals India',
    glyphs: absolute(info.glyphs, origin)
      .replace('%7Bfontstack%7D', '{fontstack}')
      .replace('%7Brange%7D', '{range}'),
    sources,
    layers: inLanguage(
      info.flavour === 'protomaps' ? protomapsLayers('osm', 'india') : indiaLayers('india'),
      info.flavour,
      language,
    ),
  };
};
