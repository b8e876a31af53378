/**
 * The map search (GET /api/properties/map): every match of the page's filters
 * (and drawn area, stores/drawnArea.ts) in the map's viewport, shared by the map island (which draws it) and the
 * listing page (which shows 'Showing n of N'). Viewport changes arrive on
 * every pan and zoom; they are debounced, and a request still running when a
 * newer one starts is aborted, so only the latest viewport's answer lands.
 */
import { atom } from 'nanostores';
import { describeError, apiRoute } from '../lib/api.ts';
import { text } from '../lib/i18n.ts';
import { polygonParam, type DrawnArea } from '../lib/drawnArea.ts';
import type { Filters } from '../lib/filters.ts';
import { $drawnArea } from './drawnArea.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';

export type MapAnswer = ApiResponse<'GET /properties/map'>;
export type MapPoint = Extract<MapAnswer, { clustered: false }>['points'][number];

export type MapSearchState =
  | { status: 'idle' }
  | { status: 'loading'; previous?: MapAnswer }
  | { status: 'ready'; answer: MapAnswer }
  | { status: 'error'; message: string };

export const $mapSearch = atom<MapSearchState>({ status: 'idle' });

/** The area the open map last searched (west, south, east, north): what 'Save this search' keeps. */
export const $mapArea = atom<Viewport['bbox'] | null>(null);

/** west, south, east, north in degrees. */
export type Viewport = { bbox: [number, number, number, number]; zoom: number };

/** A pan fires many moves; the search waits this long after the last. */
export const MAP_DEBOUNCE_MS = 250;

/** MapLibre's bounds can leave the world when it wraps; the API accepts only real degrees. */
export const clampViewport = ({ bbox: [w, s, e, n], zoom }: Viewport): Viewport => {
  const clamp = (v: number, limit: number) => Math.min(limit, Math.max(-limit, v));
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const west = round(clamp(w, 180));
  const east = round(clamp(e, 180));
  return {
    bbox: [Math.min(west, east), round(clamp(s, 90)), Math.max(west, east), round(clamp(n, 90))],
    zoom: Math.round(Math.min(22, Math.max(0, zoom)) * 100) / 100,
  };
};

export const mapQuery = (
  filters: Filters,
  viewport: Viewport,
  area: DrawnArea | null = null,
): URLSearchParams => {
  const { bbox, zoom } = clampViewport(viewport);
  const query = new URLSearchParams(filters);
  query.set('bbox', bbox.join(','));
  query.set('zoom', String(zoom));
  if (area) query.set('polygon', polygonParam(area));
  return query;
};

let timer: ReturnType<typeof setTimeout> | undefined;
let running: AbortController | undefined;

const run = async (filters: Filters, viewport: Viewport) => {
  running?.abort();
  $mapArea.set(clampViewport(viewport).bbox);
  const controller = new AbortController();
  running = controller;
  const current = $mapSearch.get();
  $mapSearch.set({
    status: 'loading',
    ...(current.status === 'ready' ? { previous: current.answer } : {}),
  });
  try {
    const answer = await apiRoute('GET /properties/map', {
      query: mapQuery(filters, viewport, $drawnArea.get()),
      signal: controller.signal,
    });
    if (running === controller) $mapSearch.set({ status: 'ready', answer });
  } catch (error) {
    if (controller.signal.aborted) return;
    $mapSearch.set({
      status: 'error',
      message: describeError(error, text('map.searchFailed')),
    });
  }
};

/** Searches the viewport after MAP_DEBOUNCE_MS of quiet (at once with `immediate`). */
export const searchMapArea = (
  filters: Filters,
  viewport: Viewport,
  options: { immediate?: boolean } = {},
): void => {
  clearTimeout(timer);
  if (options.immediate) void run(filters, viewport);
  else timer = setTimeout(() => void run(filters, viewport), MAP_DEBOUNCE_MS);
};

/** The map closed: nothing pending, nothing running. */
export const stopMapSearch = (): void => {
  clearTimeout(timer);
  running?.abort();
  running = undefined;
  $mapSearch.set({ status: 'idle' });
  $mapArea.set(null);
};
