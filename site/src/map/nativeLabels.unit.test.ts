import type { MapGeoJSONFeature } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { MAX_NATIVE_LABELS, nativeLabelsOf } from './nativeLabels.ts';
import { NATIVE_NAME } from './style.ts';

type Queried = Pick<MapGeoJSONFeature, 'geometry' | 'properties' | 'layer'>;

/** A feature as queryRenderedFeatures answers it: its layer with layout and paint evaluated. */
const placed = (
  id: string,
  properties: Record<string, unknown>,
  at: [number, number] = [77.5946, 12.9716],
  layout: Record<string, unknown> = { 'text-size': 15, 'text-font': ['Noto Sans Bold'] },
): Queried =>
  ({
    geometry: { type: 'Point', coordinates: at },
    properties,
    layer: {
      id,
      type: 'symbol',
      source: 'india',
      metadata: { [NATIVE_NAME]: 'name_kn' },
      layout,
      paint: {
        'text-color': 'rgba(31,31,31,1)',
        'text-halo-color': 'rgba(255,255,255,0.9)',
        'text-halo-width': 1.5,
      },
    },
  }) as unknown as Queried;

describe('the names a Kannada page draws on the map', () => {
  it("are the placed features' names in the layer's field, with the layer's look", () => {
    const [label, ...rest] = nativeLabelsOf([
      placed('metros-native', { name: 'Bengaluru', name_kn: 'ಬೆಂಗಳೂರು', name_hi: 'बेंगलुरु' }),
    ]);
    expect(rest).toEqual([]);
    expect(label).toMatchObject({
      text: 'ಬೆಂಗಳೂರು',
      lngLat: [77.5946, 12.9716],
      below: false,
      size: 15,
      bold: true,
      colour: 'rgba(31,31,31,1)',
      halo: 'rgba(255,255,255,0.9)',
      haloWidth: 1.5,
    });
  });

  it('sit under a locality stepping aside, by its offset', () => {
    const [label] = nativeLabelsOf([
      placed('localities-native', { name: 'Koramangala', name_kn: 'ಕೋರಮಂಗಲ' }, undefined, {
        'text-size': 11,
        'text-font': ['Noto Sans Regular'],
        'text-anchor': 'top',
        'text-offset': [0, 0.6],
      }),
    ]);
    expect(label).toMatchObject({ text: 'ಕೋರಮಂಗಲ', below: true, offsetEm: 0.6, bold: false });
  });

  it('name a place once though it comes back from two tiles, and skip one without a name', () => {
    const bengaluru = placed('metros-native', { name: 'Bengaluru', name_kn: 'ಬೆಂಗಳೂರು' });
    const labels = nativeLabelsOf([
      bengaluru,
      bengaluru,
      placed('metros-native', { name: 'Hosur' }, [77.83, 12.74]),
      placed('metros-native', { name: 'Blank', name_kn: ' ' }, [77.1, 12.1]),
    ]);
    expect(labels.map((l) => l.text)).toEqual(['ಬೆಂಗಳೂರು']);
  });

  it(`are at most ${MAX_NATIVE_LABELS}`, () => {
    const many = Array.from({ length: MAX_NATIVE_LABELS + 10 }, (_, i) =>
      placed('localities-native', { name: `L${i}`, name_kn: `ಸ್ಥಳ ${i}` }, [77 + i / 100, 12.9]),
    );
    expect(nativeLabelsOf(many)).toHaveLength(MAX_NATIVE_LABELS);
    expect(nativeLabelsOf(many, 3).map((l) => l.text)).toEqual(['ಸ್ಥಳ 0', 'ಸ್ಥಳ 1', 'ಸ್ಥಳ 2']);
  });
});
