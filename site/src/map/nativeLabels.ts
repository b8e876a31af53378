import type { MapGeoJSONFeature } from 'maplibre-gl';
import { NATIVE_NAME } from './style.ts';

/** At most this many names drawn by the page: a map shows a few dozen places, never hundreds. */
export const MAX_NATIVE_LABELS = 60;

/** One name the page draws where MapLibre placed (invisibly) the English label of its place. */
export type NativeLabel = {
  /** The same place in every tile it is in (a label near a tile edge comes back from both). */
  key: string;
  text: string;
  lngLat: [number, number];
  /** Under the point (a locality stepping aside) rather than centred on it, by `offsetEm` font sizes. */
  below: boolean;
  offsetEm: number;
  size: number;
  bold: boolean;
  colour: string;
  halo: string;
  haloWidth: number;
};

type Evaluated = Record<string, unknown>;

/** An evaluated colour: MapLibre's Color (its toString is CSS rgba()) or a CSS string. */
const css = (value: unknown, otherwise: string): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'toString' in value
      ? (value as { toString(): string }).toString()
      : otherwise;

/**
 * The labels to draw from what `queryRenderedFeatures` answers on the layers that keep a
 * place for them (NATIVE_NAME, style.ts): only symbols MapLibre placed come back, so a name
 * hidden by a collision stays hidden. Size, weight, colour and anchor are the layer's own,
 * evaluated for the feature. Each place once, the first MAX_NATIVE_LABELS.
 */
export const nativeLabelsOf = (
  features: readonly Pick<MapGeoJSONFeature, 'geometry' | 'properties' | 'layer'>[],
  limit = MAX_NATIVE_LABELS,
): NativeLabel[] => {
  const labels = new Map<string, NativeLabel>();
  for (const { geometry, properties, layer } of features) {
    if (labels.size >= limit) break;
    const field = (layer.metadata as Evaluated | undefined)?.[NATIVE_NAME];
    const text: unknown = typeof field === 'string' ? properties[field] : undefined;
    if (geometry.type !== 'Point' || typeof text !== 'string' || text.trim() === '') continue;
    const [lng, lat] = geometry.coordinates as [number, number];
    const key = `${layer.id}|${text}|${lng.toFixed(5)},${lat.toFixed(5)}`;
    if (labels.has(key)) continue;
    const layout = (layer.layout ?? {}) as Evaluated;
    const paint = (layer.paint ?? {}) as Evaluated;
    const offset = layout['text-offset'] as [number, number] | undefined;
    labels.set(key, {
      key,
      text,
      lngLat: [lng, lat],
      below: layout['text-anchor'] === 'top',
      offsetEm: offset?.[1] ?? 0,
      size: Number(layout['text-size'] ?? 16),
      bold: [layout['text-font']].flat().some((f) => typeof f === 'string' && f.includes('Bold')),
      colour: css(paint['text-color'], '#000'),
      halo: css(paint['text-halo-color'], 'rgba(0,0,0,0)'),
      haloWidth: Number(paint['text-halo-width'] ?? 0),
    });
  }
  return [...labels.values()];
};
