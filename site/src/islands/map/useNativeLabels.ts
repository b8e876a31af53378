import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { nativeLabelsOf, type NativeLabel } from '../../map/nativeLabels.ts';
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

/** Draws the names of `layers`' placed features over the map until the returned function is called. */
const drawNativeLabels = (map: MapLibreMap, layers: string[]) => {
  const overlay = document.createElement('div');
  overlay.className = 'map-native-labels';
  // The same places are in the canvas (as their English labels are): not read out twice.
  overlay.setAttribute('aria-hidden', 'true');
  // Under the markers' buttons and the popups, which MapLibre adds after the canvas.
  map.getCanvas().after(overlay);
  const shown = new Map<string, { label: NativeLabel; element: HTMLElement }>();
  let refreshed = 0;

  const position = () => {
    for (const { label, element } of shown.values()) {
      const { x, y } = map.project(label.lngLat);
      const dy = label.below ? `${label.offsetEm * label.size}px` : '-50%';
      element.style.transform = `translate(${x}px, ${y}px) translate(-50%, ${dy})`;
    }
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
    for (const label of labels)
      if (!shown.has(label.key)) {
        const element = labelElement(label);
        overlay.append(element);
        shown.set(label.key, { label, element });
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
 * name there as the page's own text, so the browser shapes the script with the page's font
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
