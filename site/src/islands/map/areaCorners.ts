import { MAX_CORNERS, type DrawnArea } from '../../lib/drawnArea.ts';

/** west, south, east, north: what the map is fitted to. */
export const areaBounds = (area: DrawnArea): [number, number, number, number] => {
  const lngs = area.map((p) => p[0]);
  const lats = area.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
};

/** Whether another corner may be added while drawing. */
export const canAddPoint = (area: DrawnArea) => area.length < MAX_CORNERS;
