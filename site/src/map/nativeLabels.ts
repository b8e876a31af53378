import type { MapGeoJSONFeature } from 'maplibre-gl';
import { NATIVE_NAME } from './style.ts';

/** At most this many names drawn by the page: a map shows a few dozen places, never hundreds. */
export const MAX_NATIVE_LABELS = 60;

/** Where a label sits from its point: on it, or beside it on the side named (the label's edge at the point). */
export type Anchor = 'center' | 'top' | 'bottom' | 'left' | 'right';

/** One name the page draws where MapLibre placed (invisibly) the English label of its place. */
export type NativeLabel = {
  /** The same place in every tile it is in (a label near a tile edge comes back from both). */
  key: string;
  layer: string;
  text: string;
  lngLat: [number, number];
  /** Where MapLibre may put it, in the order it tries them (a locality steps aside from a pin). */
  anchors: readonly Anchor[];
  /** How far from the point a label beside it sits, in font sizes (`text-radial-offset`). */
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
    const variable = layout['text-variable-anchor'] as Anchor[] | undefined;
    labels.set(key, {
      key,
      layer: layer.id,
      text,
      lngLat: [lng, lat],
      anchors: variable?.length ? variable : [(layout['text-anchor'] as Anchor) ?? 'center'],
      offsetEm: Number(layout['text-radial-offset'] ?? 0),
      size: Number(layout['text-size'] ?? 16),
      bold: [layout['text-font']].flat().some((f) => typeof f === 'string' && f.includes('Bold')),
      colour: css(paint['text-color'], '#000'),
      halo: css(paint['text-halo-color'], 'rgba(0,0,0,0)'),
      haloWidth: Number(paint['text-halo-width'] ?? 0),
    });
  }
  return [...labels.values()];
};

/**
 * MapLibre measures a label beside its point from the point to the text's edge across, and
 * to its baseline, which it takes as 7/24 of a font size inside the box, up or down
 * (variable_text_anchor.ts): the gaps in pixels, across and up or down.
 */
const gaps = ({ offsetEm, size }: NativeLabel) => ({
  across: offsetEm * size,
  down: Math.max(0, offsetEm - 7 / 24) * size,
});

/** One line of a label, as the stylesheet sets it (map.css) and as MapLibre's line is. */
const LINE_HEIGHT = 1.2;

/**
 * A point inside the box of the label placed at `anchor` from (x, y) and inside no other
 * of its boxes tried before it, in MapLibre's order (top, bottom, left, right): asking
 * MapLibre which symbol is there says where it put the label, which it does not tell.
 */
export const probeOf = (
  label: NativeLabel,
  anchor: Anchor,
  x: number,
  y: number,
): [number, number] => {
  const { across, down } = gaps(label);
  const half = (LINE_HEIGHT * label.size) / 2;
  const inside = 3;
  switch (anchor) {
    case 'top':
      return [x, y + down + half];
    case 'bottom':
      return [x, y - down - half];
    case 'left':
      return [x + across + inside, y];
    case 'right':
      return [x - across - inside, y];
    default:
      return [x, y];
  }
};

/** The CSS transform that puts the label's box at `anchor` from the point (x, y) on the map. */
export const transformOf = (label: NativeLabel, anchor: Anchor, x: number, y: number): string => {
  const { across, down } = gaps(label);
  const box: Record<Anchor, string> = {
    center: 'translate(-50%, -50%)',
    top: `translate(-50%, ${down}px)`,
    bottom: `translate(-50%, calc(-100% - ${down}px))`,
    left: `translate(${across}px, -50%)`,
    right: `translate(calc(-100% - ${across}px), -50%)`,
  };
  return `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) ${box[anchor]}`;
};
