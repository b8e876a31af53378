import type { MapGeoJSONFeature } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { MAX_NATIVE_LABELS, nativeLabelsOf, probeOf, transformOf } from './nativeLabels.ts';
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
      layer: 'metros-native',
      lngLat: [77.5946, 12.9716],
      anchors: ['center'],
      size: 15,
      bold: true,
      colour: 'rgba(31,31,31,1)',
      halo: 'rgba(255,255,255,0.9)',
      haloWidth: 1.5,
    });
  });

  it('step aside as the locality does, and are put on the side MapLibre chose', () => {
    const [label] = nativeLabelsOf([
      placed('localities-native', { name: 'Koramangala', name_kn: 'ಕೋರಮಂಗಲ' }, undefined, {
        'text-size': 10,
        'text-font': ['Noto Sans Regular'],
        'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
        'text-radial-offset': 0.6,
      }),
    ]);
    expect(label).toMatchObject({
      text: 'ಕೋರಮಂಗಲ',
      anchors: ['top', 'bottom', 'left', 'right'],
      offsetEm: 0.6,
      bold: false,
    });
    // 0.6 em across; to the baseline 0.6 - 7/24 em, as MapLibre measures it.
    expect(transformOf(label!, 'left', 100, 50)).toBe(
      'translate(100.0px, 50.0px) translate(6px, -50%)',
    );
    expect(transformOf(label!, 'top', 100, 50)).toMatch(
      /^translate\(100\.0px, 50\.0px\) translate\(-50%, 3\.08\d*px\)$/,
    );
    expect(transformOf(label!, 'right', 100, 50)).toContain('translate(calc(-100% - 6px), -50%)');
  });

  it("are looked for inside each side's box, below, above, right of and left of the point", () => {
    const [label] = nativeLabelsOf([
      placed('localities-native', { name: 'Ulsoor', name_kn: 'ಹಲಸೂರು' }, undefined, {
        'text-size': 10,
        'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
        'text-radial-offset': 0.6,
      }),
    ]);
    const [tx, ty] = probeOf(label!, 'top', 100, 50);
    const [bx, by] = probeOf(label!, 'bottom', 100, 50);
    const [lx, ly] = probeOf(label!, 'left', 100, 50);
    const [rx, ry] = probeOf(label!, 'right', 100, 50);
    // Straight below and above, past the gap and half a line; beside, just past the gap.
    expect([tx, bx, ly, ry]).toEqual([100, 100, 50, 50]);
    expect(ty).toBeGreaterThan(50 + 3);
    expect(by).toBeLessThan(50 - 3);
    expect(lx).toBeGreaterThan(100 + 6);
    expect(rx).toBeLessThan(100 - 6);
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
