import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import {
  nativeLabelsOf,
  probeOf,
  transformOf,
  type Anchor,
  type NativeLabel,
} from '../../map/nativeLabels.ts';
import { NATIVE_NAME } from '../../map/style.ts';
import { whenStyleLoaded } from './basemap.ts';

/** How often the names follow MapLibre's placement while the map moves (its fade is 300 ms). */
const REFRESH_MS = 250;

/** The layers that keep a place for a name the page draws (none on English pages). */
const nativeLayers = (map: MapLibreMap): string[] =>
  map.getLayersOrder().filter((id) => {
    const metadata = map.getLayer(id)?.metadata;
    return typeof metadata === 'object' && metadata !== null && NATIVE_NAME in metadata;
  });

/** A halo like MapLibre's: the text's outline in the halo colour, all round. */
const haloOf = ({ halo, haloWidth }: NativeLabel) => {
  const w = haloWidth.toFixed(1);
  return [`${w}px 0`, `-${w}px 0`, `0 ${w}px`, `0 -${w}px`]
    .map((offset) => `${offset} ${w}px ${halo}`)
    .join(',');
};

const labelElement = (label: NativeLabel): HTMLElement => {
  const element = document.createElement('span');
  element.className = 'map-native-label';
  element.textContent = label.text;
  element.style.fontSize = `${label.size}px`;
  element.style.fontWeight = label.bold ? '700' : '400';
  element.style.color = label.colour;
  element.style.textShadow = haloOf(label);
  return element;
};

type Shown = { label: NativeLabel; element: HTMLElement; anchor: Anchor };

/** Draws the names of `layers`' placed features over the map until the returned function is called. */
const drawNativeLabels = (map: MapLibreMap, layers: string[]) => {
  const overlay = document.createElement('div');
  overlay.className = 'map-native-labels';
  // The same places are in the canvas (as their English labels are): not read out twice.
  overlay.setAttribute('aria-hidden', 'true');
  // Under the markers' buttons and the popups, which MapLibre adds after the canvas.
  map.getCanvas().after(overlay);
  const shown = new Map<string, Shown>();
  let refreshed = 0;

  const position = () => {
    for (const { label, element, anchor } of shown.values()) {
      const { x, y } = map.project(label.lngLat);
      element.style.transform = transformOf(label, anchor, x, y);
    }
  };
  /** Which side MapLibre put a label stepping aside on: the first whose box answers there. */
  const anchorOf = (label: NativeLabel): Anchor => {
    if (label.anchors.length === 1) return label.anchors[0]!;
    const { x, y } = map.project(label.lngLat);
    const placedAt = (anchor: Anchor) =>
      nativeLabelsOf(
        map.queryRenderedFeatures(probeOf(label, anchor, x, y), { layers: [label.layer] }),
      ).some((l) => l.key === label.key);
    return label.anchors.find(placedAt) ?? label.anchors[0]!;
  };
  const refresh = () => {
    refreshed = performance.now();
    const labels = nativeLabelsOf(map.queryRenderedFeatures({ layers }));
    const keep = new Set(labels.map((l) => l.key));
    for (const [key, { element }] of shown)
      if (!keep.has(key)) {
        element.remove();
        shown.delete(key);
      }
    for (const label of labels) {
      const anchor = anchorOf(label);
      const current = shown.get(label.key);
      if (current) current.anchor = anchor;
      else {
        const element = labelElement(label);
        overlay.append(element);
        shown.set(label.key, { label, element, anchor });
      }
    }
    position();
  };
  const onRender = () => {
    if (performance.now() - refreshed >= REFRESH_MS) refresh();
  };

  map.on('move', position);
  map.on('render', onRender);
  map.on('idle', refresh);
  refresh();
  return () => {
    map.off('move', position);
    map.off('render', onRender);
    map.off('idle', refresh);
    overlay.remove();
  };
};

/**
 * Place names in the page's language on a Hindi or Kannada page (style.ts, withNativeNames):
 * MapLibre places each such place's label, invisibly, among the others, and this draws the
 * name there (on the side it stepped aside to, found by asking what is there: probeOf) as
 * the page's own text, so the browser shapes the script with the page's font
 * (Fonts.astro). The names follow the map as it moves and MapLibre's placement as it settles.
 * On an English page there are no such layers and this does nothing.
 */
export const useNativeLabels = (map: MapLibreMap | null) => {
  useEffect(() => {
    if (!map) return;
    let stop: (() => void) | undefined;
    let live = true;
    void whenStyleLoaded(map).then(() => {
      const layers = nativeLayers(map);
      if (live && layers.length > 0) stop = drawNativeLabels(map, layers);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [map]);
};
