import { readFileSync } from 'node:fs';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { DETAIL_ZOOM, LOCALITIES_MAX_ZOOM } from './constants.ts';
import { listingPinLayers, LISTING_PIN, PIN_SIZE, pinLabelBefore } from './markers.ts';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { basemapStyle as styleWith, basemapZooms, COLOURS, NATIVE_NAME } from './style.ts';
import type { BasemapInfo } from '@rentals/core/contract/basemap';

const NO_STREETS_NOTE = translatorFor('en').t('location.noStreets');
const basemapStyle = (info: Parameters<typeof styleWith>[0], origin: string) =>
  styleWith(info, origin, NO_STREETS_NOTE);

const ours: BasemapInfo = {
  version: 'abcdef012345',
  pmtiles: '/maps/abcdef012345/india.pmtiles',
  flavour: 'india',
  boundaries: '/maps/abcdef012345/india.pmtiles',
  glyphs: '/maps/abcdef012345/fonts/{fontstack}/{range}.pbf',
  attribution: 'GeoNames',
};

// The vector layers the build writes (infra/src/geo/tiles/layers.ts): the style may use no other.
const BUILT_LAYERS = [
  'sea',
  'neighbours',
  'country',
  'states',
  'state_labels',
  'places',
  'localities',
];

const osm: BasemapInfo = {
  ...ours,
  flavour: 'protomaps',
  pmtiles: 'https://tiles.example.in/india.pmtiles',
  attribution: '© OpenStreetMap',
};

describe('basemap style', () => {
  it('is a valid MapLibre style for our India archive', () => {
    const style = basemapStyle(ours, 'https://rentals.example.in');
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources).toEqual({
      india: {
        type: 'vector',
        url: 'pmtiles://https://rentals.example.in/maps/abcdef012345/india.pmtiles',
        attribution: `${NO_STREETS_NOTE} · GeoNames`,
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
    const style = basemapStyle(osm, 'https://rentals.example.in');
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

/** The style as the detail map makes it: the pin's label beneath the basemap's labels, the pin on top. */
const withListingPin = (style: StyleSpecification): LayerSpecification[] => {
  const { pin, label } = listingPinLayers();
  const layers = [...style.layers];
  const before = pinLabelBefore(layers);
  layers.splice(
    before === undefined ? layers.length : layers.findIndex((l) => l.id === before),
    0,
    label,
  );
  return [...layers, pin];
};

describe('a map without streets, said honestly (issue 16)', () => {
  it('stops our basemap at the localities, and an OSM extract at the streets as before', () => {
    expect(basemapZooms(ours).max).toBe(LOCALITIES_MAX_ZOOM);
    expect(basemapZooms(osm).max).toBe(18);
  });

  it('opens the detail map where our localities are drawn, and at SPEC zoom 15 on streets', () => {
    const localities = basemapStyle(ours, 'http://x').layers.find((l) => l.id === 'localities');
    const { detail, max } = basemapZooms(ours);
    // Localities are drawn from their layer's minzoom, so the detail view shows the ones around.
    expect(detail).toBeGreaterThanOrEqual(localities?.minzoom ?? Infinity);
    expect(detail).toBeLessThan(max);
    expect(detail).toBeLessThan(DETAIL_ZOOM);
    expect(basemapZooms(osm).detail).toBe(DETAIL_ZOOM);
  });

  it('says in our attribution that there are no streets, and not on an OSM extract', () => {
    const attributions = (style: StyleSpecification) =>
      Object.values(style.sources).map((s) => ('attribution' in s ? s.attribution : undefined));
    expect(attributions(basemapStyle(ours, 'http://x'))).toEqual([
      'This map has no streets: states, cities and localities only · GeoNames',
    ]);
    for (const attribution of attributions(basemapStyle(osm, 'http://x')))
      expect(attribution).not.toContain(NO_STREETS_NOTE);
  });
});

describe('no flash of sea while the map loads (issue 16)', () => {
  it('paints land as the background of both styles; the sea comes with the tiles', () => {
    for (const info of [ours, osm]) {
      const [background] = basemapStyle(info, 'http://x').layers;
      expect(background).toEqual({
        id: 'background',
        type: 'background',
        paint: { 'background-color': COLOURS.land },
      });
    }
    // Ours: the sea layer fills every tile beneath the land; the OSM extract has its own water.
    const sea = basemapStyle(ours, 'http://x').layers[1];
    expect(sea).toMatchObject({ type: 'fill', 'source-layer': 'sea' });
    expect(sea && 'paint' in sea ? sea.paint : undefined).toEqual({
      'fill-color': COLOURS.water,
    });
  });

  it('paints the frame behind the map land too, before the map has drawn anything', () => {
    const css = readFileSync(new URL('../islands/map/map.css', import.meta.url), 'utf8');
    const frame = /\.map-frame \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(frame).toMatch(new RegExp(`background: ${COLOURS.land};`));
  });
});

describe("the detail map's pin (issue 16)", () => {
  it('is a valid style layer on both basemaps', () => {
    for (const info of [ours, osm]) {
      const style = basemapStyle(info, 'http://x');
      const layers = withListingPin(style);
      expect(
        validateStyleMin({
          ...style,
          sources: {
            ...style.sources,
            [LISTING_PIN.source]: {
              type: 'geojson',
              data: { type: 'FeatureCollection', features: [] },
            },
          },
          layers,
        }),
      ).toEqual([]);
    }
  });

  it('keeps its room on top, and its label yields to every basemap label', () => {
    for (const info of [ours, osm]) {
      const layers = withListingPin(basemapStyle(info, 'http://x'));
      // MapLibre places symbols from the top layer down; earlier ones keep their room.
      const order = layers.filter((l) => l.type === 'symbol').map((l) => l.id);
      expect(order.at(-1)).toBe('listing-pin');
      expect(order[0]).toBe('listing-pin-label');
      const pin = layers.at(-1);
      expect(pin && 'layout' in pin ? pin.layout : undefined).toMatchObject({
        'icon-allow-overlap': true,
        'icon-ignore-placement': false,
      });
    }
  });

  it('places its title clear of the pin itself, which it would otherwise collide with and never show', () => {
    const layout = listingPinLayers().label.layout ?? {};
    const size = layout['text-size'] as number;
    const offsets = layout['text-variable-anchor-offset'] as unknown as (
      string | [number, number]
    )[];
    // MapLibre's default icon-padding and text-padding, 2 px each.
    const clear = { beside: PIN_SIZE.width / 2 + 4, above: PIN_SIZE.height + 4 };
    const anchors: string[] = [];
    for (let i = 0; i < offsets.length; i += 2) {
      const anchor = offsets[i] as string;
      const [x, y] = offsets[i + 1] as [number, number];
      anchors.push(anchor);
      if (anchor === 'left') expect(x * size).toBeGreaterThanOrEqual(clear.beside);
      if (anchor === 'right') expect(-x * size).toBeGreaterThanOrEqual(clear.beside);
      if (anchor === 'bottom') expect(-y * size).toBeGreaterThanOrEqual(clear.above);
    }
    expect(anchors).toEqual(['left', 'right', 'bottom']);
  });

  it("moves a locality's name aside rather than hide it under the pin", () => {
    for (const [info, id] of [
      [ours, 'localities'],
      [osm, 'places'],
    ] as const) {
      const layer = basemapStyle(info, 'http://x').layers.find((l) => l.id === id);
      const layout = layer && 'layout' in layer ? layer.layout : undefined;
      expect(layout).toMatchObject({
        'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
      });
      // Not allowed to overlap: it moves to a free anchor (or, with none free, gives way) instead.
      expect(layout).not.toHaveProperty('text-allow-overlap');
    }
  });
});

describe('place names in Hindi and Kannada (issue 42)', () => {
  const layersOf = (info: BasemapInfo, language: 'en' | 'hi' | 'kn') =>
    styleWith(info, 'http://x', NO_STREETS_NOTE, language).layers;

  it('leaves the English style as it was', () => {
    expect(layersOf(ours, 'en')).toEqual(basemapStyle(ours, 'http://x').layers);
    expect(layersOf(osm, 'en')).toEqual(basemapStyle(osm, 'http://x').layers);
  });

  it("keeps each named place's room with its English label, invisible, for the page to name it", () => {
    for (const language of ['hi', 'kn'] as const) {
      const style = styleWith(ours, 'http://x', NO_STREETS_NOTE, language);
      expect(validateStyleMin(style)).toEqual([]);
      const byId = new Map(style.layers.map((l) => [l.id, l]));
      for (const id of ['metros', 'cities', 'towns', 'localities']) {
        const english = byId.get(id) as SymbolLayerSpecification;
        const native = byId.get(`${id}-native`) as SymbolLayerSpecification;
        // Every feature is in exactly one of the two: with a name in the language, or without.
        expect(JSON.stringify(english.filter)).toContain(`["!",["has","name_${language}"]]`);
        expect(JSON.stringify(native.filter)).toContain(`["has","name_${language}"]`);
        expect(native.metadata).toEqual({ [NATIVE_NAME]: `name_${language}` });
        expect(native.paint?.['text-opacity']).toBe(0);
        expect(english.paint?.['text-opacity']).toBeUndefined();
        // Same label, so the same room among the others; drawn right after the English one.
        expect(native.layout?.['text-field']).toEqual(english.layout?.['text-field']);
        expect(style.layers.indexOf(native)).toBe(style.layers.indexOf(english) + 1);
      }
      // A state has no native name in the gazetteer: its label is untouched.
      expect(byId.has('state-labels-native')).toBe(false);
    }
  });

  it('lets a named locality step aside from a pin as the English one does', () => {
    const byId = new Map(layersOf(ours, 'hi').map((l) => [l.id, l]));
    const layout = (id: string) => (byId.get(id) as SymbolLayerSpecification).layout;
    expect(layout('localities-native')).toEqual(layout('localities'));
    expect(layout('localities-native')).toMatchObject({
      'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
    });
  });

  it("reads OSM's name:hi and name:kn on an operator's extract", () => {
    const native = layersOf(osm, 'kn').find((l) => l.id === 'places-native');
    expect(native?.metadata).toEqual({ [NATIVE_NAME]: 'name:kn' });
    expect(validateStyleMin(styleWith(osm, 'http://x', NO_STREETS_NOTE, 'kn'))).toEqual([]);
  });
});
